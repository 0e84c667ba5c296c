import Foundation
import InkCodec
import InkTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// InkML: the trace grammar (explicit values and the difference orders `!` `'` `"`), contexts
/// and brushes, the export of every real sample and its import back.
@Suite("InkML")
struct InkMLTests {
  static func parse(_ text: String) throws -> InkMLDocument {
    try InkMLDocument(parsing: Array(text.utf8))
  }

  @Test("the Recommendation's first example: a trace of X Y pairs in the default format")
  func plainTrace() throws {
    let document = try Self.parse(
      """
      <ink xmlns="http://www.w3.org/2003/InkML">
        <trace>
          10 0, 9 14, 8 28, 7 42, 6 56, 6 70, 8 84, 8 98, 8 112, 9 126, 10 140,
          13 154, 14 168, 17 182, 18 188, 23 174, 30 160, 38 147, 49 135
        </trace>
        <trace>130 155, 144 159, 158 160, 170 154, 179 143</trace>
      </ink>
      """)
    let traces = document.traces
    #expect(traces.count == 2)
    #expect(traces[0].channels == ["X", "Y"])
    #expect(traces[0].values("X")?.prefix(4) == [10, 9, 8, 7])
    #expect(traces[0].values("Y")?.suffix(2) == [147, 135])
    #expect(traces[1].pointCount == 5)
  }

  @Test("difference orders: explicit, first and second differences, sticky per channel")
  func differences() throws {
    let document = try Self.parse(
      """
      <ink xmlns="http://www.w3.org/2003/InkML">
        <trace>1125 18432,'23'43,"7"-8,3 -5,!1000 !2000,'1 1,*  *,? 4</trace>
      </ink>
      """)
    let trace = try #require(document.traces.first)
    // 1125 18432; +23 +43; velocity 30 35; velocity 33 30 (second differences stick); explicit;
    // X +1 (first difference) while Y stays explicit (orders stick per channel): 1; `*` repeats
    // each channel's last value in its order; X unknown (kept), Y explicit 4.
    #expect(trace.values("X") == [1125, 1148, 1178, 1211, 1000, 1001, 1002, 1002])
    #expect(trace.values("Y") == [18432, 18475, 18510, 18540, 2000, 1, 1, 4])
  }

  @Test("contexts, trace formats, intermittent channels and brushes resolve")
  func contexts() throws {
    let document = try Self.parse(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <inkml:ink xmlns:inkml="http://www.w3.org/2003/InkML">
        <inkml:definitions>
          <inkml:brush xml:id="red"><inkml:brushProperty name="color" value="#FF0000"/>
            <inkml:brushProperty name="width" value="3"/>
            <inkml:brushProperty name="transparency" value="55"/></inkml:brush>
          <inkml:context xml:id="pen">
            <inkml:traceFormat>
              <inkml:channel name="X" type="decimal"/><inkml:channel name="Y" type="decimal"/>
              <inkml:channel name="F" type="integer"/>
              <inkml:intermittentChannels><inkml:channel name="T" type="decimal"/></inkml:intermittentChannels>
            </inkml:traceFormat>
          </inkml:context>
        </inkml:definitions>
        <inkml:traceGroup brushRef="#red">
          <inkml:annotation type="pageSize">600 800</inkml:annotation>
          <inkml:traceGroup>
            <inkml:trace contextRef="#pen">1 2 300 0, 3 4 310, 5 6 320 20</inkml:trace>
          </inkml:traceGroup>
        </inkml:traceGroup>
      </inkml:ink>
      """)
    let group = try #require(document.groups.first)
    #expect(group.pageSize == PageSize(width: 600, height: 800))
    let trace = try #require(group.traces.first)
    #expect(trace.channels == ["X", "Y", "F", "T"])
    #expect(trace.values("T") == [0, 0, 20])
    #expect(trace.brush?.color == InkColor(red: 255, green: 0, blue: 0))
    var losses = ConversionLosses()
    let will = try WillDocument(converting: document, losses: &losses)
    let stroke = try #require(will.strokes.first)
    #expect(stroke.points.map(\.x) == [1, 3, 5])
    #expect(stroke.widths == [3])
    #expect(stroke.color == InkColor(red: 255, green: 0, blue: 0, alpha: 200))
    #expect(will.sections.first?.pageSize == PageSize(width: 600, height: 800))
    #expect(
      losses.droppedMetadata == [
        "InkML channels F, T",
        "1 nested trace groups (their traces kept, flattened into their top-level group)",
      ])
  }

  @Test("bad traces and references are typed errors")
  func badInput() throws {
    for text in [
      "<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>1 2 3</trace></ink>",
      "<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>1 x</trace></ink>",
      "<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace contextRef=\"#nope\">1 2</trace></ink>",
      "<svg/>",
    ] {
      #expect(throws: WillError.self) { try Self.parse(text) }
    }
  }

  @Test(
    "InkML written from every sample is InkML and imports back with the points written",
    .enabled(if: ExternalSamples.isAvailable), arguments: ExternalSamples.names)
  func samplesRoundTrip(name: String) throws {
    let document = try WillDocument(parsing: try ExternalSamples.bytes(name))
    let inkML = InkMLDocument(converting: document)
    let bytes = try inkML.serialized()
    // The structure: <ink> in the InkML namespace, definitions, then one traceGroup per section.
    let xml = try FoundationXML.XMLDocument(data: Data(bytes))
    let root = try #require(xml.rootElement())
    #expect(root.name == "ink")
    #expect(root.namespace(forPrefix: "")?.stringValue == InkMLDocument.namespace)
    let children = (root.children ?? []).compactMap { $0 as? FoundationXML.XMLElement }
    #expect(children.first?.name == "definitions")
    #expect(children.dropFirst().allSatisfy { $0.name == "traceGroup" })
    #expect(children.count - 1 == document.sections.count)
    let read = try InkMLDocument(parsing: bytes)
    #expect(read.traces.count == document.strokes.count)
    #expect(read.traces.map(\.columns) == inkML.traces.map(\.columns))
    // Identity transforms: the points are the stroke's own, exactly.
    var losses = ConversionLosses()
    let precision = document.strokes.map(\.decimalPrecision).max() ?? 2
    let back = try WillDocument(converting: read, precision: precision, losses: &losses)
    #expect(losses.isLossless)
    for (section, original) in zip(back.sections, document.sections)
    where original.pathsElements.allSatisfy({ $0.transform.isIdentity }) {
      #expect(section.strokes.map { $0.points } == original.strokes.map { $0.points }, "\(name)")
      #expect(section.pageSize == original.pageSize)
    }
  }

  @Test("hostile InkML: byte flips, deep nesting and point floods fail with a WillError or read")
  func hostile() throws {
    let document = WillDocument(
      strokes: [
        Stroke(
          points: [InkPoint(x: 1, y: 2), InkPoint(x: 3, y: 4), InkPoint(x: 5, y: 6)],
          widths: [1, 2, 3])
      ], pageWidth: 100, pageHeight: 100)
    let bytes = try InkMLDocument(converting: document).serialized()
    var random = SeededRandom(seed: 19)
    for _ in 0..<300 {
      var mutated = bytes
      let index = Int(random.next() % UInt64(bytes.count))
      mutated[index] = UInt8(truncatingIfNeeded: random.next())
      do { _ = try InkMLDocument(parsing: mutated) } catch {}
    }
    let deep =
      "<ink xmlns=\"http://www.w3.org/2003/InkML\">" + String(repeating: "<traceGroup>", count: 300)
      + String(repeating: "</traceGroup>", count: 300) + "</ink>"
    let error = #expect(throws: WillError.self) { try Self.parse(deep) }
    #expect(error?.kind.code == "limit-exceeded")
    var limits = DecodingLimits.default
    limits.maxPointsPerStroke = 10
    let flood =
      "<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>"
      + Array(repeating: "1 2", count: 11).joined(separator: ",") + "</trace></ink>"
    let points = #expect(throws: WillError.self) {
      try InkMLDocument(parsing: Array(flood.utf8), limits: limits)
    }
    #expect(points?.kind == .limitExceeded(.pointsPerStroke, value: 11, limit: 10))
  }
}
