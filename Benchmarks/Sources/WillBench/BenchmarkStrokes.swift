import Foundation
import InkCodec
import BenchSynthesis

extension BenchInput {
  /// The generated input's strokes: at least `pointCount` control points in total, in long
  /// wandering strokes whose lengths mix short and long (log-uniform over 4…2,000 points) at
  /// precision 2, built through the pen's path builder. The same seed gives the same strokes.
  static func benchmarkStrokes(seed: UInt64, pointCount: Int) -> [Stroke] {
    var model = MotorModel(seed: seed)
    var strokes: [Stroke] = []
    var total = 0
    while total < pointCount {
      let count = Int((4 * pow(500, model.random.unit())).rounded())
      let column = Double(strokes.count % 40)
      let row = Double(strokes.count / 40 % 50)
      let stroke = model.longStroke(
        startX: 40 + column * 48, startY: 40 + row * 40, count: count, step: 1.5)
      total += stroke.pointCount
      strokes.append(stroke)
    }
    return strokes
  }
}
