import InkTestSupport
import Testing

@testable import InkCodec

/// `decode(encode(s)) == quantise(s)` and idempotence, over seeded random strokes of every
/// layout, every precision 0…8, lengths 0…10,000 and coordinates up to the Int32 edge.
@Suite struct RoundTripPropertyTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var layout: StrokeLayout
    var precision: Int
    var length: Int
    var seed: UInt64
    var testDescription: String { "\(layout) p=\(precision) n=\(length) seed=\(seed)" }
  }

  static let cases: [Case] = {
    var cases: [Case] = []
    var seed: UInt64 = 1
    for layout in StrokeLayout.allCases {
      for precision in 0...8 {
        for length in [0, 1, 2, 4, 37, 1_000] {
          cases.append(Case(layout: layout, precision: precision, length: length, seed: seed))
          seed += 1
        }
      }
      cases.append(Case(layout: layout, precision: 2, length: 10_000, seed: seed))
      seed += 1
    }
    return cases
  }()

  /// A random value whose quantised form, and any difference of two, fits Int32.
  static func coordinate(_ random: inout SeededRandom, precision: Int, extreme: Bool) -> Double {
    let limit = extreme ? 1.07e9 : 1e5
    let integerRange = limit / FixedPoint.scale(precision: precision)
    return Double.random(in: -integerRange...integerRange, using: &random)
  }

  static func randomStroke(_ c: Case) -> Stroke {
    var random = SeededRandom(seed: c.seed)
    let extreme = c.seed % 3 == 0
    var values: [Double] = []
    for _ in 0..<c.length {
      values.append(coordinate(&random, precision: c.precision, extreme: extreme))
      values.append(coordinate(&random, precision: c.precision, extreme: extreme))
      if c.layout.hasWidth {
        values.append(abs(coordinate(&random, precision: c.precision, extreme: false)))
      }
      if c.layout.hasAlpha { values.append(Double.random(in: 0...1, using: &random)) }
    }
    var stroke = Stroke(
      points: values, layout: c.layout, width: c.layout.hasWidth ? nil : 2.5,
      color: InkColor(rgba: UInt32(truncatingIfNeeded: random.next())),
      startParameter: Float.random(in: 0...1, using: &random),
      endParameter: Float.random(in: 0...1, using: &random),
      blendMode: BlendMode(rawValue: Int64(random.next() % 18)))
    stroke.decimalPrecision = c.precision
    if c.layout.hasAlpha {
      // Per-point colours with varying RGB too, so wrapping colour deltas are exercised.
      stroke.colors = stroke.colors.map { color in
        var varied = InkColor(rgba: UInt32(truncatingIfNeeded: random.next()))
        varied.alpha = color.alpha
        return varied
      }
    }
    return stroke
  }

  /// The stroke with each value quantised independently of the codec.
  static func quantised(_ stroke: Stroke, precision: Int) -> Stroke {
    let scale = [1.0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8][precision]
    func q(_ value: Double) -> Double { (value * scale).rounded(.toNearestOrAwayFromZero) / scale }
    var expected = stroke
    expected.points = stroke.points.map { InkPoint(x: q($0.x), y: q($0.y)) }
    expected.widths = stroke.widths.map(q)
    expected.decimalPrecision = precision
    return expected
  }

  @Test(arguments: cases)
  func decodeOfEncodeIsQuantise(_ c: Case) throws {
    let stroke = Self.randomStroke(c)
    let bytes = try PathsStream(strokes: [stroke]).serialized(precision: c.precision)
    let decoded = try #require(try PathsStream(parsing: bytes).strokes.first)
    #expect(decoded == Self.quantised(stroke, precision: c.precision))
    #expect(
      decoded.layout == (c.length > 1 ? c.layout : StrokeLayout(hasWidth: false, hasAlpha: false)))
  }

  @Test(arguments: cases)
  func secondRoundTripEqualsTheFirst(_ c: Case) throws {
    let stroke = Self.randomStroke(c)
    let first = try PathsStream(strokes: [stroke]).serialized(precision: c.precision)
    let decoded = try PathsStream(parsing: first).strokes
    let second = try PathsStream(strokes: decoded).serialized()
    #expect(second == first)
    #expect(try PathsStream(parsing: second).strokes == decoded)
  }

  @Test func deltaCodingIsLosslessForInt32Sequences() throws {
    var random = SeededRandom(seed: 99)
    for _ in 0..<200 {
      let count = Int(random.next() % 500)
      let values = (0..<count).map { _ in
        Int32.random(in: -1_000_000_000...1_000_000_000, using: &random)
      }
      let stroke = Stroke(
        points: values.map { InkPoint(x: Double($0), y: -Double($0)) },
        widths: values.map { Double($0) })
      let decoded = try PathsStream(
        parsing: try PathsStream(strokes: [stroke]).serialized(precision: 0)
      ).strokes
      #expect(decoded.first?.points == stroke.points)
      #expect(decoded.first?.widths == stroke.widths)
    }
  }

  @Test func streamOfManyStrokesDecodesIncrementally() throws {
    let strokes = Self.cases.prefix(40).map(Self.randomStroke)
    var encoder = InkEncoder()
    for stroke in strokes { try encoder.append(stroke) }
    var decoder = InkDecoder(bytes: encoder.bytes)
    var count = 0
    while let stroke = try decoder.next() {
      #expect(stroke == Self.quantised(strokes[count], precision: strokes[count].decimalPrecision))
      count += 1
    }
    #expect(count == strokes.count)
    #expect(decoder.isAtEnd)
  }
}
