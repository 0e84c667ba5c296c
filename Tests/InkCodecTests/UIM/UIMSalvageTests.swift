import Foundation
import InkCodec
import InkTestSupport
import Testing

/// Damaged UIM files: what is kept is the original's, and the report says what was lost.
@Suite("UIM salvage")
struct UIMSalvageTests {
  @Test("an intact file salvages to itself")
  func intact() throws {
    let bytes = try UIMGeneratedTests.everything().serialized()
    var report = UIMSalvageReport()
    let document = try UIMDocument(salvaging: bytes, report: &report)
    #expect(report.wasIntact)
    #expect(document == (try UIMDocument(parsing: bytes)))
  }

  @Test(
    "a file cut anywhere keeps a prefix of the original strokes, each exact",
    .enabled(if: UIMSamples.isAvailable))
  func cut() throws {
    let name = try #require(UIMSamples.names.first { $0.contains("3.1.0_6") })
    let bytes = try UIMSamples.bytes(name)
    let original = try UIMDocument(parsing: bytes)
    let file = try UIMFile(parsing: bytes)
    var kept: Set<Int> = []
    for length in stride(from: 60, to: bytes.count, by: 211) {
      var report = UIMSalvageReport()
      let document = try UIMDocument(salvaging: Array(bytes.prefix(length)), report: &report)
      #expect(!report.wasIntact)
      let strokes = document.inkData.strokes
      #expect(strokes.count <= original.inkData.strokes.count)
      for (index, stroke) in strokes.enumerated() {
        var expected = original.inkData.strokes[index]
        // Style references survive only with their tables; a stroke that lost its style is
        // given the default one, visible.
        if document.inkData.renderModeURIs.isEmpty { expected.renderModeURI = .none }
        if report.defaultStyleStrokes > 0 {
          let style = UIMSalvageReport.defaultStyle
          if stroke.properties != expected.properties {
            #expect(
              document.inkData.properties(of: stroke)
                == UIMPathPointProperties(color: Int32(style.color.rgba), size: style.size))
            expected.properties = stroke.properties
          }
          if stroke.brushURI != expected.brushURI {
            #expect(document.inkData.brushURI(of: stroke) == style.brush)
            #expect(document.brushes.vectorBrushes.contains { $0.name == style.brush })
            expected.brushURI = stroke.brushURI
          }
        }
        #expect(stroke == expected, "cut at \(length), stroke \(index)")
      }
      // The report counts what the main tree shows, and there is a main tree.
      #expect(report.recoveredStrokes == strokes.count, "cut at \(length)")
      #expect(strokes.isEmpty || document.structure.mainTree != nil, "cut at \(length)")
      kept.insert(strokes.count)
      // What is kept writes and reads back.
      #expect(try UIMDocument(parsing: try document.serialized()).inkData == document.inkData)
    }
    #expect(kept.count > 3, "cuts land in different strokes: \(kept.sorted())")
    #expect(kept.contains(original.inkData.strokes.count), "a cut after INKD keeps every stroke")
    _ = file
  }

  @Test("not a UIM file is an error")
  func notUIM() throws {
    var report = UIMSalvageReport()
    #expect(throws: WillError.self) {
      try UIMDocument(salvaging: Array("RIFF\u{0}\u{0}\u{0}\u{0}WILL".utf8), report: &report)
    }
  }
}
