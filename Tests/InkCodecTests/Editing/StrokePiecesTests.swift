import InkCodec
import InkTestSupport
import Testing

@Suite struct StrokePiecesTests {
  /// Eight points (five segments), per-point widths and alphas, every stored field.
  static let stroke: Stroke = {
    var stroke = Stroke(
      points: (0..<8).map { InkPoint(x: Double($0) * 10, y: Double($0 % 3) * 7) },
      widths: (0..<8).map { 1 + Double($0) / 4 },
      colors: (0..<8).map { InkColor(red: 10, green: 20, blue: 30, alpha: UInt8(100 + $0)) },
      startParameter: 0.25, endParameter: 0.75, blendMode: .directMultiply, paintIndex: 2,
      particlesRandomSeed: 9, id: 41, decimalPrecision: 3)
    stroke.wire.unknownFields = [0xA8, 0x06, 0x01]  // field 101, varint 1
    return stroke
  }()

  @Test func aPieceKeepsTheSmallestRunOfControlPoints() throws {
    let piece = try #require(
      Self.stroke.piece(
        from: StrokeParameter(segment: 1, t: 0.5), to: StrokeParameter(segment: 3, t: 0.2)))
    // Segments 1…3 use points 1…6.
    #expect(piece.points == Array(Self.stroke.points[1...6]))
    #expect(piece.widths == Array(Self.stroke.widths[1...6]))
    #expect(piece.colors == Array(Self.stroke.colors[1...6]))
    #expect(piece.startParameter == 0.5)
    #expect(piece.endParameter == 0.2)
    #expect(piece.blendMode == .directMultiply)
    #expect(piece.paintIndex == 2 && piece.particlesRandomSeed == 9)
    #expect(piece.decimalPrecision == 3)
    #expect(piece.wire.unknownFields == Self.stroke.wire.unknownFields)
    #expect(piece.id == nil)
  }

  @Test func endsOnSegmentBoundariesDropTheSegmentTheyDoNotUse() throws {
    let piece = try #require(
      Self.stroke.piece(
        from: StrokeParameter(segment: 1, t: 1), to: StrokeParameter(segment: 4, t: 0)))
    // Really segment 2 from 0 to segment 3 at 1: points 2…6.
    #expect(piece.points == Array(Self.stroke.points[2...6]))
    #expect(piece.startParameter == 0 && piece.endParameter == 1)
    let single = try #require(
      Self.stroke.piece(
        from: StrokeParameter(segment: 2, t: 0.1), to: StrokeParameter(segment: 2, t: 0.9)))
    #expect(single.points == Array(Self.stroke.points[2...5]))
    #expect(
      single.drawnRange
        == StrokeParameter(
          segment: 0, t: Double(Float(0.1)))...StrokeParameter(
          segment: 0, t: Double(Float(0.9))))
  }

  @Test func emptyOrOutOfRangePiecesAreNil() {
    let a = StrokeParameter(segment: 2, t: 0.5)
    #expect(Self.stroke.piece(from: a, to: a) == nil)
    #expect(Self.stroke.piece(from: a, to: StrokeParameter(segment: 1, t: 0)) == nil)
    #expect(Self.stroke.piece(from: a, to: StrokeParameter(segment: 5, t: 0)) == nil)
    #expect(Self.stroke.piece(from: StrokeParameter(segment: -1, t: 0), to: a) == nil)
    #expect(Self.stroke.piece(from: a, to: StrokeParameter(segment: 3, t: .nan)) == nil)
    #expect(Self.stroke.piece(from: a, to: StrokeParameter(segment: 3, t: 1.5)) == nil)
  }

  @Test func shortListsArePaddedAndConstantsKept() throws {
    var stroke = Self.stroke
    stroke.widths = [2, 3, 4]  // points 3… repeat 4
    stroke.colors = [.black]
    let piece = try #require(
      stroke.piece(from: StrokeParameter(segment: 1, t: 0), to: StrokeParameter(segment: 2, t: 1)))
    #expect(piece.widths == [3, 4, 4, 4, 4])
    #expect(piece.colors == [.black])
  }

  /// Cutting a stroke at random places: the pieces cover exactly the kept intervals (mapped
  /// back to the stroke's segments), and each re-encodes byte for byte.
  @Test func piecesTileTheKeptIntervalsAndReencodeStably() throws {
    var random = SeededRandom(seed: 3)
    for _ in 0..<200 {
      var cuts = (0..<4).map { _ in
        StrokeParameter(segment: random.below(5), t: Double(random.below(1000)) / 999)
      }.sorted()
      cuts.insert(StrokeParameter(segment: 0, t: 0.25), at: 0)
      cuts.append(StrokeParameter(segment: 4, t: 0.75))
      let intervals = zip(cuts, cuts.dropFirst()).enumerated().map { index, pair in
        StrokeInterval(start: pair.0, end: pair.1, isInside: index % 2 == 1)
      }
      let kept = intervals.filter { !$0.isInside && $0.start < $0.end }
      let pieces = Self.stroke.pieces(of: intervals, inside: false)
      try #require(pieces.count == kept.count)
      for (piece, interval) in zip(pieces, kept) {
        // Where the piece's points sit in the stroke gives its segments' offset.
        let offset = try #require(
          (0...(Self.stroke.points.count - piece.points.count)).first {
            Array(Self.stroke.points[$0..<($0 + piece.points.count)]) == piece.points
          })
        let range = try #require(piece.drawnRange)
        let start = StrokeParameter(
          segment: range.lowerBound.segment + offset, t: range.lowerBound.t)
        let end = StrokeParameter(segment: range.upperBound.segment + offset, t: range.upperBound.t)
        #expect(Self.same(start, interval.start) && Self.same(end, interval.end))
        let bytes = try PathsStream(strokes: [piece]).serialized()
        let again = try PathsStream(parsing: bytes).strokes
        #expect(try PathsStream(strokes: again).serialized() == bytes)
        #expect(again[0].startParameter == piece.startParameter)
        #expect(again[0].endParameter == piece.endParameter)
      }
    }
  }

  /// Equal places, or the same place named from either side of a segment boundary, within
  /// `Float` rounding of ts and tf.
  static func same(_ a: StrokeParameter, _ b: StrokeParameter) -> Bool {
    func global(_ p: StrokeParameter) -> Double { Double(p.segment) + p.t }
    return abs(global(a) - global(b)) < 1e-6
  }

  @Test func unstoredTrimsAreWrittenOnceTheyAreNotTheDefault() throws {
    var stroke = Self.stroke
    stroke.wire.storedFields = []
    stroke.startParameter = 0.5
    stroke.endParameter = 1
    let decoded = try PathsStream(parsing: PathsStream(strokes: [stroke]).serialized()).strokes[0]
    #expect(decoded.startParameter == 0.5)
    #expect(decoded.wire.storedFields.contains(.startParameter))
    #expect(!decoded.wire.storedFields.contains(.endParameter))
  }

  @Test func transformsRoundTrip() throws {
    let transform = AffineTransform.rotation(degrees: 30).concatenating(.scale(x: 2, y: 0.5))
      .concatenating(.translation(x: 12, y: -4))
    let inverse = try #require(transform.inverted)
    let back = Self.stroke.transformed(by: transform).transformed(by: inverse)
    for (a, b) in zip(back.points, Self.stroke.points) {
      #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
    }
    for (a, b) in zip(back.widths, Self.stroke.widths) { #expect(abs(a - b) < 1e-12) }
    // Widths scale by the geometric mean of the scale factors.
    let scaled = Self.stroke.transformed(by: .scale(x: 4, y: 1))
    #expect(scaled.widths == Self.stroke.widths.map { $0 * 2 })
    #expect(
      AffineTransform.rotation(degrees: 90) == AffineTransform(a: 0, b: 1, c: -1, d: 0, e: 0, f: 0))
    #expect(AffineTransform.rotation(degrees: -270) == .rotation(degrees: 90))
    #expect(AffineTransform.scale(x: 0, y: 1).inverted == nil)
  }
}
