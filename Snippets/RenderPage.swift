// Draw strokes as a PNG and an SVG.
import InkCodec
import InkRender

// snippet.show
let strokes = [
  Stroke(
    points: [10, 10, 2, 10, 10, 2, 60, 40, 4, 110, 10, 2, 110, 10, 2], layout: .xyWidth,
    color: InkColor(red: 20, green: 40, blue: 160))
]
let page = RenderPage(strokes: strokes, background: InkColor(red: 255, green: 255, blue: 255))
let png = try Renderer.renderPNG(page, options: RenderOptions(scale: 2))
let svg = try Renderer.renderSVG(page)
print(png.count, "PNG bytes;", svg.count, "SVG bytes")
