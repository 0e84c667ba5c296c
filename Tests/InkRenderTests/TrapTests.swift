import InkCodec
import InkRender
import Testing

struct TrapTests {
  @Test func emptyCanvasTraps() async {
    await #expect(processExitsWith: .failure) { _ = Canvas(width: 0, height: 10) }
  }

  @Test func nonPositiveScaleTraps() async {
    await #expect(processExitsWith: .failure) { _ = RenderOptions(scale: 0) }
  }

  @Test func reversedTrimTraps() async {
    await #expect(processExitsWith: .failure) {
      let p = SplinePoint(x: 0, y: 0, width: 1, alpha: 1)
      _ = CubicSegment(p, p, p, p).trimmed(from: 0.6, to: 0.4)
    }
  }
}
