import InkCodec
import Testing

/// What reading InkML tolerates becomes a warning with its own code (docs/validate.md), for
/// `validate`: the document still reads, as before.
@Suite struct InkMLDiagnosticsTests {
  /// The codes of the warnings reading `text` gives, in order.
  static func codes(_ text: String) throws -> [String] {
    try InkMLDocument(parsing: Array(text.utf8)).diagnostics.map(\.code)
  }

  static func messages(_ text: String) throws -> [String] {
    try InkMLDocument(parsing: Array(text.utf8)).diagnostics.map(\.message)
  }

  @Test func aCleanDocumentHasNone() throws {
    let text = """
      <ink xmlns="http://www.w3.org/2003/InkML"><definitions>\
      <brush xml:id="b"><brushProperty name="color" value="#FF0000"/>\
      <brushProperty name="width" value="2" units="mm"/></brush></definitions>\
      <traceFormat><channel name="X" units="mm"/><channel name="Y" units="mm"/>\
      <channel name="T" units="ms"/></traceFormat>\
      <trace brushRef="#b">1 2 0, 3 4 10, 5 6 20</trace></ink>
      """
    #expect(try Self.codes(text) == [])
  }

  @Test func referencesThatDoNotResolve() throws {
    let text = """
      <ink><context xml:id="c" traceFormatRef="#nope" brushRef="#none" inkSourceRef="#gone"/>\
      <traceGroup contextRef="#missing" brushRef="#absent"><trace brushRef="#b9">1 2, 3 4</trace>\
      </traceGroup></ink>
      """
    let diagnostics = try InkMLDocument(parsing: Array(text.utf8)).diagnostics
    #expect(diagnostics.map(\.code) == Array(repeating: "inkml-unresolved-reference", count: 6))
    #expect(diagnostics.allSatisfy { $0.severity == .warning })
    #expect(
      diagnostics.map(\.message) == [
        "context \"c\": inkSourceRef \"gone\" names nothing defined before it: ignored",
        "context \"c\": traceFormatRef \"nope\" names nothing defined before it: its traces "
          + "have the default format",
        "context \"c\": brushRef \"none\" names nothing defined before it: its traces' brush "
          + "is unset",
        "trace group: contextRef \"missing\" names nothing defined before it: ignored",
        "trace group: brushRef \"absent\" names nothing defined before it: its traces' brush "
          + "is unset",
        "trace 0: brushRef \"b9\" names nothing defined before it: drawn with the default brush",
      ])
  }

  @Test func shortPointsAreCountedPerTrace() throws {
    let text = """
      <ink><traceFormat><channel name="X"/><channel name="Y"/><channel name="F"/></traceFormat>\
      <trace xml:id="t">1 2 3, 4 5, 6, 7 8 9</trace><trace>1 2 3</trace></ink>
      """
    #expect(try Self.codes(text) == ["inkml-short-point"])
    #expect(
      try Self.messages(text) == [
        "trace 0 (\"t\"): 2 of its 4 points have fewer values than the 3 channels of its "
          + "format: the missing ones repeat the point before"
      ])
  }

  @Test func unknownChannelsAndUnits() throws {
    let text = """
      <ink><traceFormat xml:id="f"><channel name="X" units="dev"/><channel name="Y" units="dev"/>\
      <channel name="Pressure"/><channel name="B2"/><channel name="W" units="furlong"/>\
      </traceFormat><trace>1 2 3 0 1</trace></ink>
      """
    #expect(
      try Self.codes(text) == [
        "inkml-unknown-units", "inkml-unknown-units", "inkml-unknown-channel",
        "inkml-unknown-units",
      ])
    let messages = try Self.messages(text)
    #expect(
      messages[0]
        == "channel X: units \"dev\" are no length willdoc converts, and no resolution gives "
        + "one: taken as HIMETRIC (0.01 mm)")
    #expect(
      messages[2]
        == "trace format \"f\": channel \"Pressure\" is none InkML 1.0 defines: its values are "
        + "read and not drawn")
    #expect(messages[3].hasSuffix("taken as page units"))
  }

  @Test func resolutionsThatAreNotPositive() throws {
    let text = """
      <ink><definitions><inkSource xml:id="s"><traceFormat><channel name="X" units="mm"/>\
      <channel name="Y" units="mm"/></traceFormat><channelProperties>\
      <channelProperty channel="X" name="resolution" value="0" units="1/mm"/>\
      <channelProperty channel="Y" name="resolution" value="ten" units="1/mm"/>\
      </channelProperties></inkSource></definitions>\
      <context inkSourceRef="#s"/><trace>1 2</trace></ink>
      """
    #expect(try Self.codes(text) == ["inkml-bad-resolution", "inkml-bad-resolution"])
    #expect(
      try Self.messages(text)[0]
        == "ink source \"s\": channel X: resolution \"0\" is not a positive number: ignored, "
        + "the channel's units apply")
    // Ignored: X keeps its millimetres.
    let trace = try #require(InkMLDocument(parsing: Array(text.utf8)).traces.first)
    #expect(trace.scale("X") == 96 / 25.4)
  }

  @Test func timeThatGoesBack() throws {
    let text = """
      <ink><traceFormat><channel name="X"/><channel name="Y"/><channel name="T"/></traceFormat>\
      <trace>1 2 0, 3 4 20, 5 6 10, 7 8 5</trace><trace>1 2 0, 3 4 0</trace></ink>
      """
    #expect(try Self.codes(text) == ["inkml-time-decreases"])
    #expect(
      try Self.messages(text) == [
        "trace 0: time (channel T) goes back at point 2, from 20.0 to 10.0"
      ])
  }

  @Test func brushPropertiesThatDoNotParse() throws {
    let text = """
      <ink><brush xml:id="b"><brushProperty name="color" value="purplish"/>\
      <brushProperty name="transparency" value="half"/>\
      <brushProperty name="width" value="3" units="cubits"/></brush><trace>1 2</trace></ink>
      """
    #expect(
      try Self.codes(text) == [
        "inkml-bad-brush-property", "inkml-bad-brush-property", "inkml-unknown-units",
      ])
  }

  /// A file full of one finding lists 100 and counts the rest in one more.
  @Test func repeatsAreCapped() throws {
    let traces = String(repeating: "<trace brushRef=\"#x\">1 2</trace>", count: 250)
    let diagnostics = try InkMLDocument(parsing: Array("<ink>\(traces)</ink>".utf8)).diagnostics
    #expect(diagnostics.count == 101)
    #expect(diagnostics.last?.occurrences == 150)
  }
}
