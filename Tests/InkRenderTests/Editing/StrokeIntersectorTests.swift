import InkCodec
import InkTestSupport
import Testing

@testable import InkRender

@Suite struct StrokeIntersectorTests {
  let intersector = StrokeIntersector(tolerance: 0.01)

  /// A straight stroke along y = 50 from x = 10 to 90, width 4.
  static let line = Stroke(
    points: [10, 50, 10, 50, 90, 50, 90, 50].chunked, widths: [4])

  @Test func aVerticalEraserCutsAStraightLineWhereTheInkMeetsIt() throws {
    let eraser = IntersectionTarget.sweep(
      along: [InkPoint(x: 50, y: 0), InkPoint(x: 50, y: 100)], width: 10)
    let intervals = intersector.intervals(of: Self.line, against: eraser)
    try #require(intervals.map(\.isInside) == [false, true, false])
    // The segment runs x = 10 + 80·s(t) with the Catmull-Rom ease; the ink (radius 2) meets
    // the eraser (radius 5) at x = 43 and leaves it at x = 57.
    let entry = Self.x(of: intervals[0].end)
    let exit = Self.x(of: intervals[2].start)
    #expect(abs(entry - 43) < 0.02 && entry <= 43)
    #expect(abs(exit - 57) < 0.02 && exit >= 57)
    #expect(intervals[0].start == StrokeParameter(segment: 0, t: 0))
    #expect(intervals[2].end == StrokeParameter(segment: 0, t: 1))
  }

  /// The x of the straight test line at a place.
  static func x(of place: StrokeParameter) -> Double {
    CatmullRom.segments(of: line)[0].point(at: place.t).x
  }

  @Test func pointHitTestsUseTheInkNotTheCentreLine() {
    #expect(intersector.intersects(Self.line, target: .point(x: 30, y: 51.9)))
    #expect(!intersector.intersects(Self.line, target: .point(x: 30, y: 52.1)))
    #expect(intersector.intersects(Self.line, target: .circle(x: 30, y: 53, radius: 1.1)))
    #expect(!intersector.intersects(Self.line, target: .point(x: 95, y: 50)))
  }

  @Test func strokesThatDrawNothingHaveNoIntervals() {
    let everywhere = IntersectionTarget.circle(x: 0, y: 0, radius: 1e6)
    var short = Self.line
    short.points.removeLast()
    #expect(intersector.intervals(of: short, against: everywhere).isEmpty)
    var trimmed = Self.line
    (trimmed.startParameter, trimmed.endParameter) = (0.6, 0.6)
    #expect(intersector.intervals(of: trimmed, against: everywhere).isEmpty)
    var notFinite = Self.line
    notFinite.endParameter = .nan
    #expect(intersector.intervals(of: notFinite, against: everywhere).isEmpty)
  }

  @Test func aTapIsADiscOfItsWidth() {
    let tap = Stroke(points: Array(repeating: InkPoint(x: 5, y: 5), count: 4), widths: [6])
    #expect(intersector.intersects(tap, target: .point(x: 7.9, y: 5)))
    #expect(!intersector.intersects(tap, target: .point(x: 8.1, y: 5)))
    #expect(intersector.isWithin(tap, target: .circle(x: 5, y: 5, radius: 0.1)))
  }

  @Test func trimmedEndsAreRespected() throws {
    var stroke = Self.line
    (stroke.startParameter, stroke.endParameter) = (0.25, 0.75)
    let intervals = intersector.intervals(of: stroke, against: .point(x: 200, y: 200))
    try #require(intervals.count == 1)
    #expect(intervals[0].start == StrokeParameter(segment: 0, t: 0.25))
    #expect(intervals[0].end == StrokeParameter(segment: 0, t: 0.75))
    // The untrimmed line reaches x = 10, the trimmed one starts further in.
    #expect(!intersector.intersects(stroke, target: .point(x: 12, y: 50)))
  }

  @Test func placementOnThePageIsApplied() {
    let moved = AffineTransform.translation(x: 100, y: 0).concatenating(.scale(x: 2, y: 2))
    // Mapped: the line runs x = 120…280 at y = 100 with width 8.
    #expect(intersector.intersects(Self.line, transform: moved, target: .point(x: 200, y: 103.9)))
    #expect(!intersector.intersects(Self.line, transform: moved, target: .point(x: 200, y: 104.1)))
  }

  @Test func aSelfCrossingLassoEnclosesBothLoops() {
    // A figure eight: both lobes are inside with the non-zero rule.
    let eight = [(0.0, 0.0), (40, 40), (40, 0), (0, 40)].map { InkPoint(x: $0.0, y: $0.1) }
    let dot = Stroke(points: Array(repeating: InkPoint(x: 35, y: 20), count: 4), widths: [1])
    #expect(intersector.isWithin(dot, target: .polygon(eight)))
  }

  @Test func coneDistanceMatchesSampling() {
    var random = SeededRandom(seed: 7)
    for _ in 0..<2000 {
      let a = SweptDisc(
        x: random.uniform(0, 50), y: random.uniform(0, 50), radius: random.uniform(0, 20))
      let b = SweptDisc(
        x: random.uniform(0, 50), y: random.uniform(0, 50), radius: random.uniform(0, 20))
      let x = random.uniform(-20, 70)
      let y = random.uniform(-20, 70)
      let exact = TargetDistance.coneDistance(x, y, a, b)
      let sampled = EditingFixtures.bruteDistance(x, y, IntersectionTarget(.sweep([a, b])))
      // Sampling 400 steps overestimates by at most half a step's travel.
      #expect(exact <= sampled + 1e-9)
      #expect(sampled - exact < 0.2, "\(a) \(b) (\(x), \(y))")
    }
  }

  /// Every interval's side holds along it, checked densely against brute-force geometry,
  /// away from its ends by the tolerance; the intervals tile the drawn range and alternate.
  @Test(arguments: 0..<5) func intervalsAgreeWithBruteForce(kind: Int) throws {
    var random = SeededRandom(seed: 100 + UInt64(kind))
    var insideSeen = 0
    for _ in 0..<40 {
      let stroke = EditingFixtures.stroke(&random)
      let target = EditingFixtures.target(&random, kind: kind)
      let intervals = intersector.intervals(of: stroke, against: target)
      let range = try #require(stroke.drawnRange)
      try #require(!intervals.isEmpty)
      #expect(intervals.first?.start == range.lowerBound)
      #expect(intervals.last?.end == range.upperBound)
      for (left, right) in zip(intervals, intervals.dropFirst()) {
        #expect(left.end == right.start)
        #expect(left.isInside != right.isInside)
        #expect(left.start < left.end)
      }
      for interval in intervals {
        if interval.isInside { insideSeen += 1 }
        for place in Self.places(in: interval, of: stroke) {
          let clearance = EditingFixtures.clearance(stroke, at: place, target)
          // Brute force overestimates sweep distances by up to 0.2; allow the tolerance.
          if interval.isInside {
            #expect(clearance <= 0.25, "\(interval) at \(place): \(clearance)")
          } else {
            #expect(clearance >= -0.01, "\(interval) at \(place): \(clearance)")
          }
        }
        // Outside intervals end where the ink is clear of the target, never inside it.
        if !interval.isInside {
          for end in [interval.start, interval.end] {
            #expect(EditingFixtures.clearance(stroke, at: end, target) >= -0.01)
          }
        }
      }
    }
    #expect(insideSeen > 5, "the random targets should hit some strokes")
  }

  /// Dense places strictly inside an interval, 200 per segment it spans.
  static func places(in interval: StrokeInterval, of stroke: Stroke) -> [StrokeParameter] {
    var result: [StrokeParameter] = []
    for segment in interval.start.segment...interval.end.segment {
      let lo = segment == interval.start.segment ? interval.start.t : 0
      let hi = segment == interval.end.segment ? interval.end.t : 1
      guard hi > lo else { continue }
      for step in 1..<200 {
        let t = lo + (hi - lo) * Double(step) / 200
        let place = StrokeParameter(segment: segment, t: t)
        // Keep away from the ends, where the side may flip within the tolerance.
        if place > interval.start, place < interval.end,
          abs(t - lo) * 400 > 1 || segment != interval.start.segment,
          abs(hi - t) * 400 > 1 || segment != interval.end.segment
        {
          result.append(place)
        }
      }
    }
    return result
  }
}

extension Array where Element == Double {
  /// Pairs of values as points.
  var chunked: [InkPoint] {
    stride(from: 0, to: count - 1, by: 2).map { InkPoint(x: self[$0], y: self[$0 + 1]) }
  }
}
