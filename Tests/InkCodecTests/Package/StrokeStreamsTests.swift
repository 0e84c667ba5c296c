import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// Reading a document one stroke at a time gives what the document gives, in every container:
/// the same strokes, in the same elements, the same diagnostics, and the same error for the
/// same bad bytes.
@Suite struct StrokeStreamsTests {
  /// Every element's strokes, decoded from its stream, in document order.
  static func streamed(_ file: StrokeStreams) throws -> [[Stroke]] {
    try file.elements.map { element in
      var decoder = try file.decoder(for: element.stream)
      var strokes: [Stroke] = []
      while let stroke = try decoder.next() { strokes.append(stroke) }
      return strokes
    }
  }

  static func expectSame(_ bytes: [UInt8], _ name: String) throws {
    let document = try WillDocument(parsing: bytes)
    let file = try StrokeStreams(parsing: bytes)
    let placed = document.sections.enumerated().flatMap { index, section in
      section.pathsElements.map { (section: index, placed: $0) }
    }
    let elements = placed.map(\.placed.element)
    #expect(file.container == document.container, "\(name)")
    #expect(file.elements.map(\.section) == placed.map(\.section), "\(name)")
    #expect(file.elements.map(\.transform) == placed.map(\.placed.transform), "\(name)")
    #expect(
      file.elements.map { file.streams[$0.stream].part } == elements.map(\.partName), "\(name)")
    #expect(
      file.elements.map { file.streams[$0.stream].strokeCount } == elements.map(\.strokes.count),
      "\(name)")
    #expect(
      file.elements.map { file.streams[$0.stream].pointCount } == elements.map(\.pointCount),
      "\(name)")
    // Each part is one stream, however often it is included.
    #expect(Set(file.streams.map(\.part)).count == file.streams.count, "\(name)")
    let strokes = try streamed(file)
    #expect(strokes == elements.map(\.strokes), "\(name)")
    // Where each record was is the same too, and so are the diagnostics.
    #expect(
      strokes.flatMap { $0.map(\.wire.recordRange) }
        == elements.flatMap { $0.strokes.map(\.wire.recordRange) }, "\(name)")
    // The structure is the document without its strokes.
    var emptied = document
    for index in emptied.sections.indices {
      try emptied.sections[index].updatePathsElements { element, _ in element.strokes = [] }
    }
    #expect(file.structure == emptied, "\(name)")

    // Opened with its parts read on demand, the streams give the same strokes, and their
    // decoders refuse once the call has returned.
    let escaped = try StrokeStreams.withStreams(parsing: bytes) { lazy in
      #expect(lazy.elements == file.elements, "\(name)")
      #expect(lazy.structure == file.structure, "\(name)")
      let lazyStrokes = try? Self.streamed(lazy)
      #expect(lazyStrokes == strokes, "\(name)")
      return lazy
    }
    if escaped.container == .opc, !escaped.streams.isEmpty {
      #expect(throws: WillError.self) { try escaped.decoder(for: 0) }
    }
    let whole = try StrokeStreams.validate(parsing: bytes)
    #expect(whole.diagnostics == document.validate(), "\(name)")
    let onePass = try StrokeStreams.validate(parsing: bytes, maximumRepeats: 2)
    #expect(onePass.container == document.container)
    #expect(onePass.diagnostics == document.validate(maximumRepeats: 2), "\(name)")
    // forEachStroke hands out every stroke with where it is.
    var visited: [StrokeStreams.Location] = []
    var visitedStrokes: [Stroke] = []
    var visitedBounds: [InkBounds?] = []
    _ = try StrokeStreams.forEachStroke(parsing: bytes) { stroke, location in
      visited.append(location)
      visitedStrokes.append(stroke.stroke())
      // The box validation computed for this stroke (on a page), never the last one's.
      visitedBounds.append(stroke.bounds)
    }
    #expect(visitedStrokes == strokes.flatMap { $0 }, "\(name)")
    #expect(visitedBounds == strokes.flatMap { $0 }.map(\.bounds), "\(name)")
    var expected: [StrokeStreams.Location] = []
    for (element, (section, placed)) in placed.enumerated() {
      for index in placed.element.strokes.indices {
        expected.append(
          StrokeStreams.Location(
            section: section, element: element, part: placed.element.partName, index: index,
            transform: placed.transform))
      }
    }
    #expect(visited == expected, "\(name)")
  }

  @Test(.enabled(if: ExternalSamples.isAvailable)) func everyRealSample() throws {
    ExternalSamples.expectEverySample()
    for name in ExternalSamples.names { try Self.expectSame(try ExternalSamples.bytes(name), name) }
  }

  @Test func everyGeneratedSample() throws {
    let folder = Fixtures.sampleDocuments.appendingPathComponent("valid")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count >= 11)
    for name in names {
      try Self.expectSame(try Fixtures.bytes(of: folder.appendingPathComponent(name)), name)
    }
  }

  @Test func theSameErrorsForTheSameBytes() throws {
    let good = try PathsStream(
      strokes: [Stroke(points: [InkPoint(x: 1, y: 2), InkPoint(x: 3, y: 4)], widths: [1])]
    ).serialized()
    var cases: [(String, [UInt8])] = [
      ("empty", []), ("text", Array("hello, ink".utf8)), ("cut", good + Array(good.dropLast())),
      ("first record bad", [0x05, 0x22, 0x03, 0x02, 0x04, 0x06]),
    ]
    cases.append(("riff cut", Array(WillDataFile(ink: good + good).serialized().dropLast(3))))
    let invalid = Fixtures.sampleDocuments.appendingPathComponent("invalid")
    for name in try FileManager.default.contentsOfDirectory(atPath: invalid.path).sorted() {
      cases.append((name, try Fixtures.bytes(of: invalid.appendingPathComponent(name))))
    }
    var compared = 0
    for (name, bytes) in cases {
      let expected: WillError?
      do {
        _ = try WillDocument(parsing: bytes)
        expected = nil
      } catch { expected = error }
      let got: WillError?
      do {
        _ = try StrokeStreams(parsing: bytes)
        got = nil
      } catch { got = error }
      #expect(got == expected, "\(name)")
      let checked: WillError?
      do {
        _ = try StrokeStreams.validate(parsing: bytes)
        checked = nil
      } catch { checked = error }
      #expect(checked == expected, "\(name): one-pass validation")
      compared += 1
    }
    #expect(compared >= 40)
  }

  @Test func theDocumentLimitsHoldAcrossStreams() throws {
    let stroke = Stroke(points: [InkPoint(x: 1, y: 2), InkPoint(x: 3, y: 4)], widths: [1])
    let ink = try PathsStream(strokes: Array(repeating: stroke, count: 3)).serialized()
    let riff = WillDataFile(chunks: [
      RIFFChunk(id: "HEAD", data: [1, 0, 0]), RIFFChunk(id: "INK ", data: ink),
      RIFFChunk(id: "INK ", data: ink),
    ]).serialized()
    let limits = DecodingLimits(maxStrokes: 5)
    let error = #expect(throws: WillError.self) { try StrokeStreams(parsing: riff, limits: limits) }
    #expect(error?.kind == .limitExceeded(.strokes, value: 6, limit: 5))
    #expect(error?.part == "INK #2")
    let file = try StrokeStreams(parsing: riff)
    #expect(file.streams.map(\.strokeCount) == [3, 3])
  }
}
