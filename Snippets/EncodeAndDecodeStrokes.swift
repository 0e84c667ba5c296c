// Encode strokes into a paths stream and decode them again, one at a time.
import InkCodec

// snippet.show
var encoder = InkEncoder()
let stroke = Stroke(
  points: [10, 10, 2.5, 20, 15, 2.5, 30, 30, 3.0, 40, 30, 3.0],
  layout: .xyWidth, color: InkColor(red: 0, green: 0, blue: 200))
try encoder.append(stroke, precision: 2)
let stream = encoder.bytes

var decoder = InkDecoder(bytes: stream)
while let decoded = try decoder.next() {
  print(decoded.pointCount, decoded.layout, decoded.widths)
}
