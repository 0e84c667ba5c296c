import Testing

@testable import InkCodec

/// `WillDocument.validate()`: what real producers do but the format does not allow is a
/// located warning; what is unreadable is one located error.
@Suite struct ValidationTests {
  static let square = [
    InkPoint(x: 1, y: 1), InkPoint(x: 1, y: 1), InkPoint(x: 5, y: 5), InkPoint(x: 5, y: 5),
  ]

  func codes(_ strokes: [Stroke], page: (Double, Double)? = (100, 100)) throws -> [String] {
    let document =
      page.map { WillDocument(strokes: strokes, pageWidth: $0.0, pageHeight: $0.1) }
      ?? WillDocument(
        sections: [Section(nodes: [.paths(PathsElement(strokes: strokes))])], container: .raw)
    // Through bytes, as a reader would see it.
    let reread = try WillDocument(parsing: try document.serialized())
    return reread.validate().map(\.code)
  }

  @Test func cleanStrokeHasNoFindings() throws {
    #expect(try codes([Stroke(points: Self.square, widths: [1, 1, 2, 2])]).isEmpty)
  }

  @Test func compositeOperationZeroWarns() throws {
    var stroke = Stroke(points: Self.square, widths: [1])
    stroke.blendMode = .clear
    #expect(try codes([stroke]) == ["blend-mode-zero"])
    stroke.blendMode = BlendMode(rawValue: 42)
    #expect(try codes([stroke]) == ["blend-mode-unknown"])
  }

  @Test func shortListsWarnAndAreAccepted() throws {
    let stroke = Stroke(
      points: Self.square, widths: [1, 2], colors: [.black, InkColor(rgba: 0xFF00_00FF)])
    #expect(try codes([stroke]) == ["short-width-list", "short-color-list"])
  }

  @Test func missingChannelsAndTooFewPoints() throws {
    #expect(
      try codes([Stroke(points: Array(Self.square.prefix(3)), widths: [], colors: [])]) == [
        "no-width", "no-color", "too-few-points",
      ])
  }

  @Test func paintWithoutPaintsPart() throws {
    var stroke = Stroke(points: Self.square, widths: [1])
    stroke.paintIndex = 0
    #expect(try codes([stroke]) == ["paint-without-paints-part"])
  }

  @Test func outsideThePage() throws {
    let stroke = Stroke(points: Self.square.map { InkPoint(x: $0.x * 30, y: $0.y) }, widths: [1])
    #expect(try codes([stroke]) == ["outside-page"])
    #expect(try codes([stroke], page: nil).isEmpty, "a RIFF or raw document has no page")
  }

  @Test func warningsAreLocated() throws {
    var stroke = Stroke(points: Self.square, widths: [1])
    stroke.blendMode = .clear
    let stream = try PathsStream(strokes: [Stroke(points: Self.square, widths: [1]), stroke])
      .serialized()
    let diagnostics = try WillDocument(parsing: stream).validate()
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.strokeIndex == 1)
    #expect(
      diagnostics.first?.offset == Int(stream[0]) + 1, "the second record starts after the first")
    #expect(diagnostics.first?.severity == .warning)
  }

  @Test func unreadableInputIsOneLocatedError() {
    let good: [UInt8] = [0x06, 0x22, 0x04, 0x02, 0x04, 0x06, 0x08]
    let result = WillDocument.validate(bytes: good + [0x05, 0x22, 0x03, 0x02, 0x04, 0x06])
    #expect(result.document == nil)
    #expect(!result.isValid)
    #expect(result.error?.kind == .oddCoordinateCount(3))
    #expect(result.error?.offset == 8 && result.error?.strokeIndex == 1)
    #expect(
      result.diagnostics == [
        Diagnostic(
          .error, code: "odd-coordinate-count", offset: 8, strokeIndex: 1,
          message: WillErrorKind.oddCoordinateCount(3).message)
      ])
    #expect(WillDocument.validate(bytes: good).isValid)
    // A first record that already fails means the bytes are not WILL data at all.
    #expect(
      WillDocument.validate(bytes: [0x05, 0x22, 0x03, 0x02, 0x04, 0x06]).diagnostics.map(\.code)
        == ["not-a-will-file"])
  }
}
