// Turn pointer events into a WILL stroke, save it and draw it.
import InkCodec
import InkInput
import InkRender

// snippet.hide
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
// A pen stroke reported at 120 Hz: a wave, drawn in half a second.
let events: [(InputPoint, InputPhase)] = (0...60).map { index in
  let time = Double(index) / 120
  let point = InputPoint(x: 20 + 600 * time, y: 100 + 30 * sin(time * 12), timestamp: time)
  return (point, index == 0 ? .begin : index == 60 ? .end : .move)
}
// snippet.show
var builder = PathBuilder(
  configuration: .init(
    driver: .speed(0...1500),
    width: PropertyConfiguration(minValue: 1, maxValue: 4, function: .power(1.5), flip: true)))
for (point, phase) in events {
  let update = builder.add(point: point, phase: phase)
  // Draw update.added now; draw update.preliminary too, and drop it on the next event.
  _ = (update.added, update.preliminary)
}
let stroke = builder.stroke(precision: 2, color: InkColor(red: 20, green: 40, blue: 160))

let document = WillDocument(strokes: [stroke], pageWidth: 640, pageHeight: 200)
let bytes = try document.serialized(container: .opc)
let png = try Renderer.renderPNG(RenderPage(strokes: [stroke]), options: RenderOptions(scale: 2))
print(stroke.pointCount, "control points,", bytes.count, "bytes,", png.count, "PNG bytes")
