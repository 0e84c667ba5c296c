import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// The README's examples, as code that must compile and run.
@Suite struct ReadmeExampleTests {
  @Test func streamExample() throws {
    var encoder = InkEncoder()
    let stroke = Stroke(
      points: [10, 10, 2.5, 20, 15, 2.5, 30, 30, 3.0, 40, 30, 3.0],
      layout: .xyWidth, color: InkColor(red: 0, green: 0, blue: 200))
    try encoder.append(stroke, precision: 2)
    let stream = encoder.bytes
    var decoder = InkDecoder(bytes: stream)
    var count = 0
    while let decoded = try decoder.next() {
      #expect(decoded.pointCount == 4 && decoded.layout == .xyWidth)
      count += 1
    }
    #expect(count == 1)
  }

  @Test func documentExample() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "readme-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let stroke = Stroke(
      points: [10, 10, 2.5, 20, 15, 2.5, 30, 30, 3.0, 40, 30, 3.0], layout: .xyWidth)

    var page = WillDocument(strokes: [stroke], pageWidth: 600, pageHeight: 800)
    page.properties.application = "My Notes"
    try page.write(to: folder.appendingPathComponent("page.will"))

    let document = try WillDocument(contentsOf: folder.appendingPathComponent("page.will"))
    #expect(document.properties.application == "My Notes")
    for section in document.sections {
      #expect(section.pageSize?.width == 600)
      for placed in section.pathsElements {
        let paths = placed.element
        let transform = placed.transform
        #expect(transform == .identity)
        #expect(paths.strokes == [stroke])
      }
    }
    try document.write(to: folder.appendingPathComponent("copy.will"))
    let riff = try document.serialized(container: .riff)
    #expect(try WillDocument(parsing: riff).strokes == [stroke])

    let bytes = try Fixtures.bytes(of: folder.appendingPathComponent("copy.will"))
    var report = SalvageReport()
    let recovered = try WillDocument(
      salvaging: Array(bytes.prefix(bytes.count - 40)), report: &report)
    #expect(recovered.strokes == [stroke])
    #expect(!report.wasIntact)
  }

  @Test func pageEditingExample() throws {
    let pages = (0..<3).map { index in
      WillDocument(
        strokes: [Stroke(points: [InkPoint(x: Double(index), y: 1)], widths: [1])],
        pageWidth: 600, pageHeight: 800)
    }
    let notebook = try WillDocument(merging: pages)
    let other = pages[0]

    var excerpt = notebook.keepingSections([2, 0])
    try excerpt.sections[0].rotate(.clockwise90)
    let joined = try WillDocument(merging: [excerpt, other])

    let read = try WillDocument(parsing: try joined.serialized())
    #expect(read.sections.map(\.strokes) == [2, 0, 0].map { pages[$0].strokes })
    #expect(read.sections.map(\.pageSize?.width) == [800, 600, 600])
  }
}
