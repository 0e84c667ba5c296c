import InkCodec
import InkTestSupport
import Testing

@testable import InkRender

/// UIM strokes drawn with their own brushes (``RenderPage/shapeStrokes(of:sources:)``): the
/// prototypes' shapes, swept with the size, rotation, scale and offset channels.
struct UIMBrushRenderTests {
  static let square = UIMVectorBrush(
    name: "app://test/vector-brush/Square",
    prototypes: [
      {
        var p = UIMBrushPrototype(shapeURI: "", size: 0)
        p.coordX = [-1, 1, 1, -1]
        p.coordY = [-1, -1, 1, 1]
        return p
      }()
    ], spacing: 1)
  static let circle = UIMVectorBrush(
    name: "app://test/vector-brush/Circle",
    prototypes: [
      UIMBrushPrototype(shapeURI: "will://brush/3.0/shape/Circle?precision=64&radius=5", size: 0)
    ], spacing: 1)

  /// One black stroke along y = 50 from x = 20 to 80, size 20, with `channels` set on
  /// every point.
  static func document(
    _ brush: UIMVectorBrush, channels: [UIMSplineChannel: Double] = [:]
  ) -> UIMDocument {
    var uim = UIMDocument()
    uim.brushes.vectorBrushes = [brush]
    var stroke = UIMStroke()
    let xs: [Double] = [20, 20, 35, 50, 65, 80, 80]
    stroke[.x] = xs
    stroke[.y] = xs.map { _ in 50 }
    stroke[.size] = xs.map { _ in 20 }
    for (channel, value) in channels { stroke[channel] = xs.map { _ in value } }
    stroke.endParameter = 1
    stroke.properties = .value(UIMPathPointProperties(color: Int32(0xFF), size: 20))
    stroke.brushURI = .value(brush.name)
    uim.inkData.strokes = [stroke]
    return uim
  }

  /// The first page of `uim`, its strokes drawn with their brushes when `shaped`.
  static func page(_ uim: UIMDocument, shaped: Bool = true) throws -> (RenderPage, Int) {
    var losses = ConversionLosses()
    var sources: [Int] = []
    let document = try WillDocument(
      converting: uim, limits: .default, losses: &losses, strokeSources: &sources)
    var page = RenderPage(section: document.sections[0], paints: document.paints)
    if shaped { page.shapeStrokes(of: uim, sources: sources) }
    return (page, page.layers.reduce(0) { $0 + $1.shapedStrokes.count })
  }

  /// The alpha of the pixel at page point (x, y).
  static func alpha(_ canvas: Canvas, _ frame: PageFrame, _ x: Double, _ y: Double) -> UInt8 {
    let px = Int(x - frame.x)
    let py = Int(y - frame.y)
    return canvas.pixels[(py * canvas.width + px) * 4 + 3]
  }

  @Test func aSquareBrushFillsTheCornersACircleLeavesEmpty() throws {
    for (brush, cornersInked) in [(Self.square, true), (Self.circle, false)] {
      let (page, shapedCount) = try Self.page(Self.document(brush))
      #expect(shapedCount == 1)
      let frame = Renderer.frame(of: page)
      let canvas = try Renderer.renderCanvas(page)
      // The end caps: a square's corners reach (90, 60); a circle's edge passes 4 units in.
      for (x, y) in [(88.5, 58.5), (11.5, 41.5), (88.5, 41.5), (11.5, 58.5)] {
        #expect((Self.alpha(canvas, frame, x, y) > 200) == cornersInked, "\(brush.name) \(x) \(y)")
      }
      #expect(Self.alpha(canvas, frame, 50, 50) == 255)
      #expect(Self.alpha(canvas, frame, 50, 62) == 0)
      // The vector outputs follow the same outline.
      let shapes = try Renderer.shapes(of: page, frame: frame, scale: 1, options: RenderOptions())
      let points = shapes.flatMap { $0.parts.flatMap { $0.path.polygons(tolerance: 0.05) } }
        .flatMap { $0 }
      let corner = points.contains {
        abs($0.x + frame.x - 90) < 0.5 && abs($0.y + frame.y - 60) < 0.5
      }
      #expect(corner == cornersInked, "\(brush.name) outline")
    }
  }

  @Test func theWILLCircleIsWhatACircleBrushDraws() throws {
    let uim = Self.document(Self.circle)
    let (shaped, _) = try Self.page(uim)
    let (plain, none) = try Self.page(uim, shaped: false)
    #expect(none == 0)
    #expect(Renderer.frame(of: shaped) == Renderer.frame(of: plain))
    let a = try Renderer.renderCanvas(shaped)
    let b = try Renderer.renderCanvas(plain)
    let iou = InkMask(rgba: a.pixels, width: a.width, height: a.height).iou(
      InkMask(rgba: b.pixels, width: b.width, height: b.height))
    #expect(iou > 0.97)
  }

  @Test func rotationTurnsTheShape() throws {
    let (straight, _) = try Self.page(Self.document(Self.square))
    let (turned, _) = try Self.page(Self.document(Self.square, channels: [.rotation: .pi / 4]))
    let frame = Renderer.frame(of: turned)
    let canvas = try Renderer.renderCanvas(turned, options: RenderOptions())
    // A square turned by 45° is a diamond: its tip reaches 14 units past the end point, its
    // corners are gone.
    #expect(Self.alpha(canvas, frame, 92.5, 50) > 200)
    #expect(Self.alpha(canvas, frame, 88.5, 58.5) < 50)
    #expect(Renderer.frame(of: straight) != frame)
  }

  @Test func scaleAndOffsetMoveTheInk() throws {
    let (page, _) = try Self.page(
      Self.document(Self.circle, channels: [.scaleY: 2, .offsetY: 30]))
    let frame = Renderer.frame(of: page)
    let canvas = try Renderer.renderCanvas(page)
    // 40 high, centred 30 below the spline: y 60…100; nothing on the spline itself.
    #expect(Self.alpha(canvas, frame, 50, 50) == 0)
    #expect(Self.alpha(canvas, frame, 50, 62) == 255)
    #expect(Self.alpha(canvas, frame, 50, 97) == 255)
    #expect(frame.y + frame.height >= 100)
  }

  @Test func aBrushTheDocumentLacksIsNamed() throws {
    var uim = Self.document(Self.square)
    uim.brushes.vectorBrushes = [
      UIMVectorBrush(
        name: Self.square.name,
        prototypes: [UIMBrushPrototype(shapeURI: "will://brush/3.0/shape/Star", size: 0)],
        spacing: 1)
    ]
    var losses = ConversionLosses()
    var sources: [Int] = []
    let document = try WillDocument(
      converting: uim, limits: .default, losses: &losses, strokeSources: &sources)
    var page = RenderPage(section: document.sections[0])
    let notes = page.shapeStrokes(of: uim, sources: sources)
    #expect(notes.unreadableShapes == ["will://brush/3.0/shape/Star"])
    uim.brushes.vectorBrushes = []
    var bare = RenderPage(section: document.sections[0])
    #expect(bare.shapeStrokes(of: uim, sources: sources).missingBrushes == [Self.square.name])
  }

  /// The stroke of ``document(_:channels:)``, size 10, drawn with a raster brush whose
  /// particle is a ring: a white 16 × 16 texture, transparent inside, every 3 units.
  static func ringBrushDocument() -> UIMDocument {
    let raster = RingParticleBrush.brush { PNGWriter.encode(rgba: $0, width: $1, height: $2) }
    var uim = Self.document(Self.circle)
    uim.brushes.vectorBrushes = []
    uim.brushes.rasterBrushes = [raster]
    uim.inkData.strokes[0].brushURI = .value(raster.name)
    uim.inkData.strokes[0][.size] = uim.inkData.strokes[0][.x].map { _ in 10 }
    return uim
  }

  @Test func rasterBrushesDrawTheirParticles() throws {
    let uim = Self.ringBrushDocument()
    let (page, shaped) = try Self.page(uim)
    #expect(shaped == 0)
    #expect(page.layers[0].particleStrokes == [0])
    let (plain, _) = try Self.page(uim, shaped: false)
    let frame = Renderer.frame(of: page)
    let particles = try Renderer.renderCanvas(page)
    let solid = try Renderer.renderCanvas(plain)
    let mask = InkMask(rgba: particles.pixels, width: particles.width, height: particles.height)
    let solidMask = InkMask(rgba: solid.pixels, width: solid.width, height: solid.height)
    // Ink where the particles are, along the stroke, and not the solid stroke's.
    #expect(mask.count > 100)
    #expect(mask.iou(solidMask) < 0.9)
    #expect((20...80).contains { Self.alpha(particles, frame, Double($0), 50) > 100 })
    #expect(Self.alpha(particles, frame, 50, 60) == 0)
  }

  /// Every real UIM file is drawn with its brushes, and (they are circle brushes) close to
  /// the WILL 2 circles it was drawn with before, but for the strokes whose rotation, scale
  /// and offset channels turn and stretch the circles (highlighters), which must differ.
  @Test(.enabled(if: UIMSamples.isAvailable), arguments: UIMSamples.names)
  func realSamplesDrawWithTheirBrushes(name: String) throws {
    let uim = try UIMDocument(parsing: UIMSamples.bytes(name))
    let (shaped, count) = try Self.page(uim)
    let (plain, _) = try Self.page(uim, shaped: false)
    #expect(count == shaped.layers.reduce(0) { $0 + $1.strokes.count })
    #expect(count > 0)
    func stretched(_ stroke: ShapedStroke) -> Bool {
      [.rotation, .scaleX, .scaleY, .offsetX, .offsetY].contains { !stroke.stroke[$0].isEmpty }
    }
    // The page split into the strokes with those channels and the others.
    func split(_ page: RenderPage, keepStretched: Bool) -> RenderPage {
      var result = page
      for (l, layer) in shaped.layers.enumerated() {
        for (index, stroke) in layer.shapedStrokes where stretched(stroke) != keepStretched {
          result.layers[l].strokes[index] = Stroke(points: [], widths: [])
          result.layers[l].shapedStrokes[index] = nil
        }
      }
      return result
    }
    // One frame for both, so that the masks line up.
    let frame = Renderer.frame(of: shaped)
    func mask(_ page: RenderPage) throws -> InkMask {
      var report = RenderReport()
      let canvas = try Renderer.draw(
        page, options: RenderOptions(), budget: .unlimited(), report: &report,
        images: ImageCache(), frame: frame)
      return InkMask(rgba: canvas.pixels, width: canvas.width, height: canvas.height)
    }
    let round = try mask(split(shaped, keepStretched: false))
    #expect(round.count > 500)
    let iou = round.iou(try mask(split(plain, keepStretched: false)))
    #expect(iou >= 0.9, "\(name): IoU \(iou)")
    let hasStretched = shaped.layers.contains { $0.shapedStrokes.values.contains(where: stretched) }
    if hasStretched {
      let turned = try mask(split(shaped, keepStretched: true))
      let circles = try mask(split(plain, keepStretched: true))
      #expect(turned.iou(circles) < 0.8, "\(name): \(turned.iou(circles))")
    }
  }
}
