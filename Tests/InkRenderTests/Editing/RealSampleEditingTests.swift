import Foundation
import InkCodec
import InkTestSupport
import Testing

@testable import InkRender

/// Erasing real documents: what willdoc writes is read back by the independent oracle
/// (Wacom's library) with the pieces' values and trims, and the strokes the eraser missed
/// keep their bytes.
@Suite(.enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"))
struct RealSampleEditingTests {
  static let names = ExternalSamples.names.filter { !$0.hasSuffix(".bin") }

  /// An eraser dragged across the ink of the first section, corner to corner.
  static func eraser(for section: Section) -> IntersectionTarget? {
    let boxes = section.pathsElements.flatMap { placed in
      placed.element.strokes.compactMap { $0.bounds?.transformed(by: placed.transform) }
    }
    guard let first = boxes.first else { return nil }
    let box = boxes.dropFirst().reduce(first) { $0.union($1) }
    return .sweep(
      along: [InkPoint(x: box.minX, y: box.minY), InkPoint(x: box.maxX, y: box.maxY)], width: 8)
  }

  @Test(arguments: names) func erasedDocumentsReadTheSameInTheOracle(name: String) throws {
    var document = try WillDocument(parsing: ExternalSamples.bytes(name))
    let original = document
    let eraser = try #require(Self.eraser(for: document.sections[0]))
    let result = document.erase(with: eraser, inSection: 0)
    #expect(result.splitStrokes > 0, "\(name): the eraser should cut some strokes")

    // Every stroke the eraser missed is the same stroke, encoded to the same record.
    let missed = original.sections[0].strokes.filter {
      !StrokeIntersector().intersects($0, target: eraser)
    }
    let kept = Set(document.sections[0].strokes)
    for stroke in missed { #expect(kept.contains(stroke), "\(name): a missed stroke changed") }

    let bytes = try document.serialized()
    let reread = try WillDocument(parsing: bytes)
    #expect(reread.strokes == document.strokes)
    if Oracle.isAvailable {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "willdoc-erased-\(UUID().uuidString).will")
      try Data(bytes).write(to: url)
      defer { try? FileManager.default.removeItem(at: url) }
      let oracle = try Oracle.read(url)
      try OracleComparison.expect(document.strokes, equal: oracle.allStrokes, sample: name)
      // The oracle sees trimmed pieces: some ts or tf strictly between 0 and 1.
      #expect(oracle.allStrokes.contains { ($0.ts > 0 && $0.ts < 1) || ($0.tf > 0 && $0.tf < 1) })
    }
  }

  static func key(_ name: String) -> String {
    name.hasPrefix("/") ? String(name.dropFirst()) : name
  }

  @Test(arguments: names) func everyUntouchedPartKeepsItsBytes(name: String) throws {
    let bytes = try ExternalSamples.bytes(name)
    guard bytes.starts(with: [0x50, 0x4B]) else { return }  // packages only
    var document = try WillDocument(parsing: bytes)
    let eraser = try #require(Self.eraser(for: document.sections[0]))
    document.erase(with: eraser, inSection: 0)
    let before = try ZipArchive.read(bytes)
    let after = try ZipArchive.read(document.serialized())
    let changed = Set(
      document.sections[0].pathsElements.compactMap { $0.element.partName.map(Self.key) })
    // Every other part — sections, relationships, content types, properties, paints and
    // every paths part the eraser missed — keeps its bytes.
    #expect(Set(after.map(\.name)) == Set(before.map(\.name)))
    for entry in before where !changed.contains(Self.key(entry.name.description)) {
      let other = try #require(after.first { $0.name == entry.name }, "\(entry.name)")
      #expect(other.data == entry.data, "\(name): \(entry.name) changed")
    }
  }
}
