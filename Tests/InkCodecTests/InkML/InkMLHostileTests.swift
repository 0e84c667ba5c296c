import InkCodec
import InkTestFixtures
import Testing

/// The counts an InkML file controls stop at their limits, each named, at the largest instance
/// one past it; numbers past the range of `Double` are typed errors, and nothing writes `nan`.
@Suite struct InkMLHostileTests {
  static func parse(_ body: String, limits: DecodingLimits = .default) throws(WillError)
    -> InkMLDocument
  {
    try InkMLDocument(
      parsing: Array("<ink xmlns=\"\(InkMLDocument.namespace)\">\(body)</ink>".utf8),
      limits: limits)
  }

  static func limitError(_ body: String, _ limits: DecodingLimits) -> WillErrorKind? {
    do {
      _ = try parse(body, limits: limits)
      return nil
    } catch {
      return error.kind
    }
  }

  static func format(_ channels: Int) -> String {
    let names = (["X", "Y"] + (2..<max(2, channels)).map { "C\($0)" }).prefix(channels)
    return "<traceFormat>" + names.map { "<channel name=\"\($0)\"/>" }.joined()
      + "</traceFormat>"
  }

  @Test("a trace format takes maxChannels channels, and no more")
  func channels() throws {
    let at = try Self.parse(Self.format(32) + "<trace/><trace/>")
    #expect(at.traces.map(\.channels.count) == [32, 32])
    #expect(at.traces[0].columns == Array(repeating: [], count: 32))
    #expect(
      Self.limitError(Self.format(33) + "<trace/>", .default)
        == .limitExceeded(.channels, value: 33, limit: 32))
    // Intermittent channels count too, and a context's inline format as well.
    var limits = DecodingLimits.default
    limits.maxChannels = 3
    let intermittent =
      "<traceFormat><channel name=\"X\"/><channel name=\"Y\"/><intermittentChannels><channel name=\"F\"/><channel name=\"T\"/></intermittentChannels></traceFormat>"
    #expect(
      Self.limitError(intermittent, limits) == .limitExceeded(.channels, value: 4, limit: 3))
    #expect(
      Self.limitError("<context>\(Self.format(4))</context>", limits)
        == .limitExceeded(.channels, value: 4, limit: 3))
  }

  @Test("empty traces count against maxStrokes")
  func emptyTraces() throws {
    var limits = DecodingLimits.default
    limits.maxStrokes = 3
    let three = String(repeating: "<trace/>", count: 3)
    #expect(try Self.parse(three, limits: limits).traces.count == 3)
    #expect(
      Self.limitError(three + "<traceGroup><trace/></traceGroup>", limits)
        == .limitExceeded(.strokes, value: 4, limit: 3))
  }

  @Test("500,000 empty traces of 32 channels read and convert; one more stops at maxStrokes")
  func emptyTracesAtFullSize() throws {
    // Too large for SampleDocuments (4 MB of XML that nothing compresses): built here.
    let limits = DecodingLimits.default
    let format = SampleDocuments.inkMLFormat(channels: limits.maxChannels)
    let at = try Self.parse(format + String(repeating: "<trace/>", count: limits.maxStrokes))
    #expect(at.traces.count == limits.maxStrokes)
    var losses = ConversionLosses()
    let document = try WillDocument(converting: at, losses: &losses)
    #expect(document.strokes.count == limits.maxStrokes)
    #expect(document.pointCount == 0)
    #expect(
      losses.droppedMetadata == [
        "InkML channels C10, C11, C12, C13, C14, C15, C16, C17 and 22 more"
      ]
    )
    #expect(
      Self.limitError(String(repeating: "<trace/>", count: limits.maxStrokes + 1), limits)
        == .limitExceeded(.strokes, value: limits.maxStrokes + 1, limit: limits.maxStrokes))
  }

  @Test("top-level trace groups count against maxSections, all of them against maxElements")
  func traceGroups() throws {
    var limits = DecodingLimits.default
    limits.maxSections = 2
    #expect(try Self.parse("<traceGroup/><trace/>", limits: limits).groups.count == 2)
    #expect(
      Self.limitError("<traceGroup/><trace/><traceGroup/>", limits)
        == .limitExceeded(.sections, value: 3, limit: 2))
    limits = .default
    limits.maxElements = 5
    let nested = { (count: Int) in
      String(repeating: "<traceGroup>", count: count) + "<trace>1 2</trace>"
        + String(repeating: "</traceGroup>", count: count)
    }
    let flattened = try Self.parse(nested(5), limits: limits)
    #expect(flattened.groups.count == 1)
    #expect(flattened.traces.map(\.columns) == [[[1], [2]]])
    #expect(Self.limitError(nested(6), limits) == .limitExceeded(.elements, value: 6, limit: 5))
    // Contexts and trace formats are elements too.
    #expect(
      Self.limitError(String(repeating: "<context/>", count: 6), limits)
        == .limitExceeded(.elements, value: 6, limit: 5))
    #expect(
      Self.limitError(
        "<definitions>" + String(repeating: "<traceFormat/>", count: 6) + "</definitions>", limits)
        == .limitExceeded(.elements, value: 6, limit: 5))
  }

  @Test("brushes count against maxBrushes, each id once")
  func brushes() throws {
    var limits = DecodingLimits.default
    limits.maxBrushes = 2
    let brush = { (id: Int) in
      "<brush xml:id=\"b\(id)\"><brushProperty name=\"width\" value=\"\(id)\"/></brush>"
    }
    let two = try Self.parse(
      "<definitions>" + brush(1) + brush(2) + brush(1)
        + "</definitions><trace brushRef=\"#b1\">1 2</trace>",
      limits: limits)
    #expect(two.brushes.map(\.id) == ["b1", "b2"])
    #expect(two.traces[0].brush?.width == 1)
    #expect(
      Self.limitError("<definitions>" + brush(1) + brush(2) + brush(3) + "</definitions>", limits)
        == .limitExceeded(.brushes, value: 3, limit: 2))
  }

  @Test("numbers past a Double, and widths or page sizes that are not finite, are typed errors")
  func numbers() throws {
    let huge = try Self.parse(
      "<trace>1.7976931348623157e308 -1e300, 4.9e-324 #FFFFFFFFFFFFFFFF</trace>")
    #expect(
      huge.traces[0].columns == [
        [1.7976931348623157e308, 4.9e-324], [-1e300, 18_446_744_073_709_551_615],
      ])
    for body in [
      "<trace>1e308 1, '1e308 1</trace>", "<trace>1 1, \"1e308 1, \"1e308 1, \"1e308 1</trace>",
      "<trace>1e309 1</trace>", "<trace>nan 1</trace>", "<trace>#FFFFFFFFFFFFFFFFF 1</trace>",
    ] {
      #expect(Self.limitError(body, .default)?.code == "invalid-attribute", "\(body)")
    }
    for width in ["nan", "inf", "1e400", "-infinity", "x"] {
      let body =
        "<definitions><brush xml:id=\"b\"><brushProperty name=\"width\" value=\"\(width)\"/></brush></definitions>"
      #expect(
        Self.limitError(body, .default)
          == .invalidAttribute(name: "brush width", value: width), "\(width)")
    }
    for size in ["nan 10", "1e400 10", "-1 10"] {
      let body = "<traceGroup><annotation type=\"pageSize\">\(size)</annotation></traceGroup>"
      #expect(
        Self.limitError(body, .default) == .invalidAttribute(name: "pageSize", value: size))
    }
    // WILL 2 cannot hold them: a typed error, not a trap.
    var losses = ConversionLosses()
    let error = #expect(throws: WillError.self) {
      try WillDocument(converting: huge, losses: &losses)
    }
    #expect(error?.kind.code == "value-too-large")
    // They write back as they read.
    #expect(try InkMLDocument(parsing: huge.serialized()) == huge)
  }

  @Test("serialising never writes nan: a value, width or page size that is not finite throws")
  func serialisingNonFinite() throws {
    let nan = InkMLDocument(groups: [
      InkMLDocument.TraceGroup(traces: [
        InkMLDocument.Trace(channels: ["X", "Y"], columns: [[1], [2]]),
        InkMLDocument.Trace(channels: ["X", "Y"], columns: [[1, .nan], [2, 3]]),
      ])
    ])
    let error = #expect(throws: WillError.self) { try nan.serialized() }
    #expect(error?.kind == .nonFiniteValue(channel: "X"))
    #expect(error?.strokeIndex == 1)
    let wide = InkMLDocument(brushes: [InkMLDocument.Brush(id: "b", width: .infinity)])
    #expect(throws: WillError.self) { try wide.serialized() }
    let page = InkMLDocument(groups: [
      InkMLDocument.TraceGroup(pageSize: PageSize(width: .nan, height: 1), traces: [])
    ])
    #expect(throws: WillError.self) { try page.serialized() }
  }

  @Test("a transform that overflows is a typed error naming the stroke, never nan in the text")
  func overflowingTransform() throws {
    let stroke = Stroke(
      points: [InkPoint(x: 1, y: 2), InkPoint(x: 3, y: 4)], widths: [1])
    let document = WillDocument(sections: [
      Section(nodes: [.paths(PathsElement(strokes: [stroke]))]),
      Section(nodes: [
        .paths(
          PathsElement(
            strokes: [stroke, stroke],
            transform: AffineTransform(a: 1e308, b: 0, c: 0, d: 1, e: 0, f: 0)))
      ]),
    ])
    var losses = ConversionLosses()
    let error = #expect(throws: WillError.self) {
      try InkMLDocument(converting: document, losses: &losses)
    }
    #expect(error?.kind == .nonFiniteValue(channel: "X"))
    #expect(error?.strokeIndex == 1)
    // The conversion that cannot say so leaves it to serialising, which refuses it.
    let plain = InkMLDocument(converting: document)
    let text = #expect(throws: WillError.self) { try plain.serialized() }
    #expect(text?.kind == .nonFiniteValue(channel: "X"))
  }

  @Test("tens of thousands of colours and widths: one brush each, every trace naming its own")
  func manyBrushes() throws {
    let count = 20_000
    let strokes = (0..<count).map { index in
      Stroke(
        points: [InkPoint(x: 1, y: 2)], widths: [Double(index % 100) / 10],
        colors: [InkColor(rgba: UInt32(index) << 8 | 0xFF)])
    }
    let document = WillDocument(strokes: strokes, pageWidth: 100, pageHeight: 100)
    var losses = ConversionLosses()
    let inkML = try InkMLDocument(converting: document, losses: &losses)
    #expect(losses.drawingChanges.isEmpty)
    #expect(inkML.brushes.count == count)
    #expect(Set(inkML.traces.compactMap(\.brush?.id)).count == count)
    let read = try InkMLDocument(parsing: try inkML.serialized())
    #expect(read.brushes.count == count)
    #expect(read.traces.map(\.brush) == inkML.traces.map(\.brush))
  }
}
