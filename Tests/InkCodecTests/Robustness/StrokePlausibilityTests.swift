import InkTestSupport
import Testing

@testable import InkCodec

/// The checks salvage applies to records it cannot otherwise trust (``StrokePlausibility``).
@Suite struct StrokePlausibilityTests {
  /// A stroke of `count` points stepping `step` units right from (x, 100), width 2.
  static func stroke(x: Double = 100, count: Int = 6, step: Double = 3, width: Double = 2)
    -> Stroke
  {
    Stroke(
      points: (0..<count).flatMap { [x + Double($0) * step, 100, width] }, layout: .xyWidth)
  }

  static let trusted = StrokePlausibility(
    trusted: [stroke(), stroke(x: 300), stroke(x: 200, step: 10)])

  @Test func aStrokeLikeTheOthersPasses() {
    #expect(Self.trusted.rejection(of: Self.stroke(x: 250, step: 20)) == nil)
    #expect(StrokePlausibility().rejection(of: Self.stroke()) == nil)
  }

  @Test func emptyStrokesNeverPass() {
    let empty = Stroke(points: [], layout: .xy)
    #expect(StrokePlausibility.emptiness(of: empty) != nil)
    #expect(StrokePlausibility().rejection(of: empty) != nil)
    #expect(Self.trusted.rejection(of: empty) != nil)
  }

  @Test func withoutTrustedStrokesOnlyAbsoluteBoundsApply() {
    let checks = StrokePlausibility()
    #expect(!checks.hasReference)
    #expect(checks.rejection(of: Self.stroke(x: 99_000, step: 1)) == nil)
    #expect(checks.rejection(of: Self.stroke(x: 100_001)) != nil)
    #expect(checks.rejection(of: Self.stroke(width: 1_001)) != nil)
    #expect(checks.rejection(of: Self.stroke(width: -1)) != nil)
  }

  @Test func eachCheckAgainstTrustedStrokes() {
    var precision = Self.stroke()
    precision.decimalPrecision = 3
    #expect(Self.trusted.rejection(of: precision)?.contains("decimalPrecision") == true)

    var parameter = Self.stroke()
    parameter.startParameter = 1.5
    #expect(Self.trusted.rejection(of: parameter)?.contains("ts") == true)
    parameter.startParameter = .nan
    #expect(Self.trusted.rejection(of: parameter)?.contains("ts") == true)

    var fields = Self.stroke()
    fields.particlesRandomSeed = 0
    #expect(Self.trusted.rejection(of: fields)?.contains("fields") == true)

    var widths = Self.stroke()
    widths.widths.removeLast()
    #expect(Self.trusted.rejection(of: widths)?.contains("widths") == true)

    // The trusted ink spans x 100…315 (and y 100): the margin is 215 units, up to x 530.
    #expect(Self.trusted.rejection(of: Self.stroke(x: 520, step: 1)) == nil)
    #expect(Self.trusted.rejection(of: Self.stroke(x: 530, step: 1))?.contains("outside") == true)
    // The longest trusted step is 10: 4 × 10 = 40 is below the 50-unit floor.
    #expect(Self.trusted.rejection(of: Self.stroke(count: 2, step: 50)) == nil)
    #expect(Self.trusted.rejection(of: Self.stroke(count: 2, step: 51))?.contains("step") == true)
    // The widest trusted width is 2: 4 × 2 = 8.
    #expect(Self.trusted.rejection(of: Self.stroke(width: 8)) == nil)
    #expect(Self.trusted.rejection(of: Self.stroke(width: 8.5))?.contains("width") == true)
  }

  @Test func thePageWidensTheBox() {
    let checks = StrokePlausibility(trusted: [Self.stroke()], page: (width: 2_000, height: 2_000))
    #expect(checks.rejection(of: Self.stroke(x: 3_900, step: 1)) == nil)
  }

  /// `realStrokesPass` runs over the samples folder: it must hold every sample.
  @Test(.enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"))
  func everySampleIsThere() {
    ExternalSamples.expectEverySample()
  }

  /// No real stroke is rejected: every stroke of each real sample's second half passes the
  /// checks built from its first half, as after a damaged record in the middle of a stream.
  @Test(
    .enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"),
    arguments: ExternalSamples.names)
  func realStrokesPass(name: String) throws {
    let strokes = try WillDocument(parsing: try ExternalSamples.bytes(name)).strokes
    let half = strokes.count / 2
    let checks = StrokePlausibility(trusted: Array(strokes[..<max(half, 1)]))
    for (index, stroke) in strokes.enumerated().dropFirst(half) {
      let rejection = checks.rejection(of: stroke)
      #expect(rejection == nil, "\(name) stroke \(index): \(rejection ?? "")")
    }
  }
}
