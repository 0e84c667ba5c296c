import InkCodec
import InkInput
import Testing

@Suite struct PathBuilderTests {
  static let widthBySpeed = PropertyConfiguration(minValue: 1, maxValue: 5)

  func widths(speed: Double, flip: Bool = false, rate: Double = 120) -> [Double] {
    var width = Self.widthBySpeed
    width.flip = flip
    var builder = PathBuilder(configuration: .init(driver: .speed(0...7000), width: width))
    _ = InputSequences.build(InputSequences.line(speed: speed, rate: rate), with: &builder)
    return builder.path.map { $0.width ?? .nan }
  }

  @Test(arguments: [700.0, 3500, 6300])
  func constantSpeedGivesTheConfiguredWidth(speed: Double) {
    // Linear over 0…7000 points/s from 1 to 5: the width is 1 + 4 · speed / 7000.
    let expected = 1 + 4 * speed / 7000
    let widths = widths(speed: speed)
    #expect(widths.count > 10)
    for width in widths { #expect(abs(width - expected) < 1e-6, "\(width) ≠ \(expected)") }
  }

  @Test func widthFollowsSpeedMonotonically() {
    let speeds = [100.0, 800, 2000, 4000, 6900]
    let mean = speeds.map { speed in
      let widths = widths(speed: speed)
      return widths.reduce(0, +) / Double(widths.count)
    }
    #expect(zip(mean, mean.dropFirst()).allSatisfy { $0 < $1 }, "\(mean)")
    let flipped = speeds.map { speed in
      let widths = widths(speed: speed, flip: true)
      return widths.reduce(0, +) / Double(widths.count)
    }
    #expect(zip(flipped, flipped.dropFirst()).allSatisfy { $0 > $1 }, "\(flipped)")
  }

  @Test func speedAboveTheRangeClampsToTheMaximum() {
    #expect(widths(speed: 20_000).allSatisfy { abs($0 - 5) < 1e-9 })
  }

  @Test func theSameMotionAt60And240HzGivesTheSameStroke() {
    let configuration = PathBuilder.Configuration(
      driver: .speed(0...1500), width: PropertyConfiguration(minValue: 1, maxValue: 4, flip: true))
    var slow = PathBuilder(configuration: configuration)
    var fast = PathBuilder(configuration: configuration)
    _ = InputSequences.build(InputSequences.wave(rate: 60), with: &slow)
    _ = InputSequences.build(InputSequences.wave(rate: 240), with: &fast)
    let a = slow.path
    let b = fast.path
    #expect(a.count > 100)
    #expect(abs(a.count - b.count) <= 2, "\(a.count) vs \(b.count)")
    var maxDistance = 0.0
    var maxWidth = 0.0
    for (p, q) in zip(a, b) {
      maxDistance = max(
        maxDistance, ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot())
      maxWidth = max(maxWidth, abs((p.width ?? 0) - (q.width ?? 0)))
    }
    // Chords of a 60 Hz polyline cut the wave's curves by a fraction of a unit.
    #expect(maxDistance < 1.0, "positions differ by \(maxDistance)")
    #expect(maxWidth < 0.15, "widths differ by \(maxWidth)")
    // A per-event builder would differ by the event count instead: 4 times as many points.
    #expect(a.count * 2 > b.count)
  }

  @Test func theStrokeStartsAndEndsAtTheTouchesWithRepeatedEnds() {
    var builder = PathBuilder(configuration: .init(width: Self.widthBySpeed))
    let events = InputSequences.wave(rate: 120)
    _ = InputSequences.build(events, with: &builder)
    let path = builder.path
    let first = events.first!.0
    let last = events.last!.0
    #expect(path[0] == path[1])
    #expect(path[path.count - 1] == path[path.count - 2])
    #expect(path[0].x == first.x && path[0].y == first.y)
    #expect(path[path.count - 1].x == last.x && path[path.count - 1].y == last.y)
    #expect(builder.isFinished)
  }

  @Test func eachEventReturnsItsPointsTheWholePathAndAPreliminaryTailToTheTouch() {
    var builder = PathBuilder(configuration: .init(width: Self.widthBySpeed))
    var collected: [ControlPoint] = []
    for (point, phase) in InputSequences.wave(rate: 120) {
      let update = builder.add(point: point, phase: phase)
      collected += update.added
      #expect(update.path == collected)
      if phase == .end {
        #expect(update.preliminary.isEmpty)
      } else if let tip = update.preliminary.last {
        #expect(tip.x == point.x && tip.y == point.y, "preliminary ends at \(tip), touch \(point)")
      } else {
        Issue.record("no preliminary path at \(point)")
      }
    }
    #expect(collected == builder.path)
  }

  @Test func aTapBecomesADot() {
    var builder = PathBuilder(configuration: .init(width: Self.widthBySpeed))
    _ = builder.add(point: InputPoint(x: 5, y: 5, timestamp: 0), phase: .begin)
    _ = builder.add(point: InputPoint(x: 5, y: 5, timestamp: 0.05), phase: .end)
    #expect(builder.path.count == 4)
    #expect(builder.path.allSatisfy { $0.x == 5 && $0.y == 5 && $0.width == 1 })
  }

  @Test func initialAndFinalValuesAreApplied() {
    let width = PropertyConfiguration(minValue: 1, maxValue: 5, initialValue: 0.5, finalValue: 0.25)
    var builder = PathBuilder(configuration: .init(width: width, smoothing: nil))
    _ = InputSequences.build(InputSequences.line(speed: 3500), with: &builder)
    #expect(builder.path.first?.width == 0.5)
    #expect(builder.path.last?.width == 0.25)
    #expect(builder.path.dropFirst(2).dropLast(2).allSatisfy { abs(($0.width ?? 0) - 3) < 1e-6 })
  }

  @Test func pressureDrivesTheWidth() {
    let configuration = PathBuilder.Configuration(
      driver: .pressure(0...1), width: PropertyConfiguration(minValue: 1, maxValue: 9))
    var builder = PathBuilder(configuration: configuration)
    let events = InputSequences.sample(rate: 120, duration: 1, { ($0 * 300, 0) }, force: { $0 })
    _ = InputSequences.build(events, with: &builder)
    let widths = builder.path.compactMap(\.width)
    #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 })
    #expect(widths.first! < 1.5 && widths.last! > 8.5)
    #expect(builder.path.allSatisfy { $0.force != nil })
  }

  @Test func alphaBecomesPerPointColours() throws {
    let configuration = PathBuilder.Configuration(
      width: Self.widthBySpeed, alpha: PropertyConfiguration(minValue: 0.2, maxValue: 1))
    var builder = PathBuilder(configuration: configuration)
    _ = InputSequences.build(InputSequences.wave(rate: 120), with: &builder)
    let stroke = builder.stroke(precision: 2, color: InkColor(red: 10, green: 20, blue: 30))
    #expect(stroke.layout == .xyWidthAlpha)
    #expect(stroke.colors.count == stroke.pointCount)
    #expect(stroke.colors.allSatisfy { $0.red == 10 && $0.alpha >= 51 })
  }

  @Test func aFinishedStrokeSurvivesTheCodec() throws {
    var builder = PathBuilder(configuration: .init(width: Self.widthBySpeed))
    _ = InputSequences.build(InputSequences.wave(rate: 200), with: &builder)
    let stroke = builder.stroke(precision: 2)
    let bytes = try PathsStream(strokes: [stroke]).serialized()
    let decoded = try PathsStream(parsing: bytes).strokes
    #expect(decoded.count == 1)
    #expect(decoded[0].pointCount == builder.path.count)
    for (point, original) in zip(decoded[0].points, builder.path) {
      #expect(abs(point.x - original.x) <= 0.005 + 1e-9)
      #expect(abs(point.y - original.y) <= 0.005 + 1e-9)
    }
  }

  @Test func nonFiniteSamplesAreIgnoredAndHugeJumpsStayBounded() {
    var builder = PathBuilder(
      configuration: .init(width: Self.widthBySpeed, spacing: 1, maxSamples: 5_000))
    _ = builder.add(point: InputPoint(x: 0, y: 0, timestamp: 0), phase: .begin)
    let ignored = builder.add(point: InputPoint(x: .nan, y: 0, timestamp: 0.01), phase: .move)
    #expect(ignored.added.isEmpty)
    for step in 1...100 {
      let x = Double(step) * 1e12
      _ = builder.add(point: InputPoint(x: x, y: 0, timestamp: 0.01 * Double(step)), phase: .move)
    }
    _ = builder.add(point: InputPoint(x: 1e12, y: 1, timestamp: 2), phase: .end)
    // Resampling stops at the limit; the tail still reaches the lift point.
    #expect(builder.path.count <= 5_000 + 70)
    #expect(builder.path.last?.x == 1e12)
  }
}
