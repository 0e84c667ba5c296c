import InkCodec
import InkTestSupport
import Testing

/// ``UIMDocument/strokeTimes()``: the sensor data's timestamps per spline point.
struct UIMStrokeTimesTests {
  @Test func realSampleTimes() throws {
    let name = "Wacom-Developer__universal-ink-library__uim_3.1.0_1_Value_of_Ink_1_3.1_delta_.uim"
    guard UIMSamples.names.contains(name) else { return }
    let document = try UIMDocument(parsing: try UIMSamples.bytes(name))
    let times = document.strokeTimes()
    #expect(times.count == document.inkData.strokes.count)
    for (stroke, own) in zip(document.inkData.strokes, times) {
      let own = try #require(own)
      #expect(own.count == stroke.pointCount)
      #expect(zip(own, own.dropFirst()).allSatisfy { $0 <= $1 })
    }
    // UIM-FORMAT.md: the first record's timestamp is 1615372849955 ms.
    #expect(times.compactMap { $0?.first }.min() == 1_615_372_849.955)
  }

  @Test func strokesWithoutSensorDataHaveNoTimes() {
    var document = UIMDocument()
    var stroke = UIMStroke()
    stroke[.x] = [0, 1, 2, 3]
    stroke[.y] = [0, 0, 0, 0]
    document.inkData.strokes = [stroke]
    #expect(document.strokeTimes().count == 1)
    #expect(document.strokeTimes()[0] == nil)
  }
}
