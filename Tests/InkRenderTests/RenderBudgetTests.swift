import InkCodec
import Testing

@testable import InkRender

/// Render budgets: clipping to the canvas, the work limit, the canvas limit, lazy textures.
struct RenderBudgetTests {
  static func stroke(
    _ points: [(Double, Double)], width: Double, paint: UInt32? = nil, color: InkColor? = nil
  ) -> Stroke {
    Stroke(
      points: points.map { InkPoint(x: $0.0, y: $0.1) }, widths: [width],
      colors: color.map { [$0] } ?? [],
      paintIndex: paint)
  }

  static func page(_ strokes: [Stroke], width: Double = 200, height: Double = 150) -> RenderPage {
    RenderPage(width: width, height: height, layers: [RenderLayer(strokes: strokes)])
  }

  /// Renders with a budget the test can read.
  static func render(_ page: RenderPage, _ options: RenderOptions) throws(WillError) -> (
    Canvas, used: Int
  ) {
    let budget = WorkBudget(limit: options.limits.maxWork)
    var report = RenderReport()
    let canvas = try Renderer.draw(
      page, options: options, budget: budget, report: &report, images: ImageCache())
    return (canvas, budget.used)
  }

  /// The error's kind, when it is a work limit.
  static func workLimit(_ error: WillError) -> (value: Int, limit: Int)? {
    guard case .renderLimitExceeded(.work, let value, let limit) = error.kind else { return nil }
    return (value, limit)
  }

  /// On-page points, then a zig-zag of 50,000 points between ±10^7 far to the right.
  static let onPage: [(Double, Double)] = [(20, 20), (20, 20), (80, 120), (150, 40), (180, 100)]
  static let farZigZag: [(Double, Double)] = (0..<50_000).map { (i: Int) -> (Double, Double) in
    let odd = Double(i % 2)
    return (1e7 + odd * 1e7, odd * 2e7 - 1e7)
  }

  @Test func aFarOffZigZagCostsNothingAndLeavesTheOnPagePixels() throws {
    let full = Self.page([Self.stroke(Self.onPage + Self.farZigZag, width: 6)])
    // The on-page part alone: the same segments up to the first one that leaves the page.
    let part = Self.page([Self.stroke(Self.onPage + Self.farZigZag.prefix(2), width: 6)])
    let options = RenderOptions(scale: 2)
    let (a, usedA) = try Self.render(full, options)
    let (b, usedB) = try Self.render(part, options)
    #expect(a == b)
    #expect(a.pixels.contains { $0 != 0 })
    // Segments off the canvas are dropped before flattening: they cost only the memory they
    // held (charged when the spline is built), no flattening, outlining or pixels.
    #expect(usedA - usedB == (Self.farZigZag.count - 2) * WorkBudget.segmentCost)
    // Vector output is clipped to the page too: the same document, not gigabytes.
    let svg = try Renderer.renderSVG(full)
    #expect(svg == (try Renderer.renderSVG(part)))
    #expect(svg.utf8.count < 100_000)
    #expect(try Renderer.renderOutlineJSON(full) == Renderer.renderOutlineJSON(part))
  }

  @Test func theClipKeepsSegmentsNearTheCanvasWholeAndHalvesFarReachingOnes() {
    let clip = CanvasClip(width: 100, height: 100, slack: 1)
    let near = CatmullRom.segments(
      of: Self.stroke([(10, 10), (10, 10), (90, 50), (150, 90), (150, 90)], width: 4))
    #expect(clip.chains(of: near, budget: .unlimited()) == [near])
    // A segment crossing the canvas from −10^7 to 10^7 becomes a few pieces near it.
    let crossing = CatmullRom.segments(
      of: Self.stroke([(-1e7, 50), (-1e7, 50), (1e7, 50), (1e7, 50)], width: 4))
    let chains = clip.chains(of: crossing, budget: .unlimited())
    #expect(chains.count == 1)
    #expect(chains[0].count < 2 * CanvasClip.maximumDepth)
    for s in chains[0] { #expect(!clip.misses(CanvasClip.Box(s))) }
  }

  @Test func aStrokeCrossingThePageEveryPointStopsAtTheWorkLimit() throws {
    // 50,000 segments from x = −10^7 to 10^7, each crossing the page.
    let points = (0..<50_000).map { index -> (Double, Double) in
      (index % 2 == 0 ? -1e7 : 1e7, Double(index) * 150 / 50_000)
    }
    let options = RenderOptions(limits: RenderLimits(maxWork: 1 << 24))
    #expect {
      try Self.render(Self.page([Self.stroke(points, width: 2)]), options)
    } throws: { error in
      guard let (value, limit) = Self.workLimit(error as! WillError) else { return false }
      // Stopped before anything was built: the stroke's segments alone are over the limit.
      return limit == 1 << 24 && value > limit
        && value <= 200 * 150 * WorkBudget.canvasPixelCost + 49_997 * WorkBudget.segmentCost
    }
  }

  @Test func farOffPiecesOfAStrokeStopAtTheWorkLimitAsTheyAreMade() throws {
    // 2,000 segments each crossing the page from −10^7 to 10^7: the segments fit the budget,
    // the pieces they are halved into near the canvas do not.
    let points = (0..<2_000).map { index -> (Double, Double) in
      (index % 2 == 0 ? -1e7 : 1e7, Double(index) * 150 / 2_000)
    }
    let limit = 1 << 24
    var thrown: WillError?
    do throws(WillError) {
      _ = try Renderer.renderCanvas(
        Self.page([Self.stroke(points, width: 2)]),
        options: RenderOptions(limits: RenderLimits(maxWork: limit)))
    } catch {
      thrown = error
    }
    let (value, reported) = try #require(thrown.flatMap(Self.workLimit))
    #expect(reported == limit)
    #expect(value > limit && value <= limit + 2 * WorkBudget.segmentCost)
  }

  @Test func piecesPiledIntoOneRowStopAtTheWorkLimit() throws {
    // 50,000 segments back and forth across the page inside one row: one cluster whose
    // bands cost the square of its pieces.
    let points = (0..<50_000).map { (i: Int) -> (Double, Double) in
      (i % 2 == 0 ? 0 : 200, 70 + Double(i % 7) * 0.05)
    }
    let options = RenderOptions(limits: RenderLimits(maxWork: 1 << 24))
    var thrown: WillError?
    do throws(WillError) {
      _ = try Renderer.renderCanvas(Self.page([Self.stroke(points, width: 0.2)]), options: options)
    } catch {
      thrown = error
    }
    let (value, limit) = try #require(thrown.flatMap(Self.workLimit))
    #expect(limit == 1 << 24 && value > limit)
  }

  @Test func aMillionUnitWideStrokeCoversThePageWithBoundedWork() throws {
    let wide = Self.stroke(
      [(-50, 75), (-50, 75), (250, 75), (250, 75)], width: 1e6,
      color: InkColor(red: 200, green: 0, blue: 0))
    let (canvas, used) = try Self.render(Self.page([wide]), RenderOptions(scale: 2))
    #expect(canvas.width == 400 && canvas.height == 300)
    for i in stride(from: 0, to: canvas.pixels.count, by: 4) {
      #expect(canvas.pixels[i] == 200 && canvas.pixels[i + 3] == 255)
      if canvas.pixels[i] != 200 { break }
    }
    // The canvas (120,000 pixels) and a few thousand outline points, not an outline of
    // gigantic size.
    #expect(used < 1 << 22)
    #expect(try Renderer.renderSVG(Self.page([wide])).utf8.count < 200_000)
  }

  @Test func twentyThousandPageSizedStrokesStopEarlyAtTheWorkLimit() throws {
    let diagonal = Self.stroke([(0, 0), (0, 0), (200, 150), (200, 150)], width: 200)
    let many = Self.page(Array(repeating: diagonal, count: 20_000))
    let limit = 1 << 26
    var options = RenderOptions(limits: RenderLimits(maxWork: limit))
    var thrown: WillError?
    do throws(WillError) {
      _ = try Renderer.renderCanvas(many, options: options)
    } catch {
      thrown = error
    }
    let (value, reported) = try #require(thrown.flatMap(Self.workLimit))
    #expect(reported == limit)
    // One stroke costs about 30,000 pixels: the render stopped within a stroke of the limit.
    #expect(value > limit && value < limit + 200_000)
    // A smaller page of them fits a raised limit, and costs about one stroke's worth each.
    options.limits.maxWork = 1 << 28
    let (_, used) = try Self.render(Self.page(Array(repeating: diagonal, count: 500)), options)
    let (_, one) = try Self.render(Self.page([diagonal]), options)
    // The canvas (filled and encoded once per page) costs the same however much ink is on it.
    let (_, canvas) = try Self.render(Self.page([]), options)
    #expect(canvas == 200 * 150 * 16)
    #expect(used - canvas <= 500 * (one - canvas) && used - canvas >= 400 * (one - canvas))
  }

  @Test(arguments: [Brush.particle, .hair])
  func brushOverdrawStopsAtTheWorkLimit(_ brush: Brush) throws {
    let zigzag = (0..<30).map { index -> (Double, Double) in
      (Double(index) * 7, index % 2 == 0 ? 10 : 140)
    }
    let strokes = (0..<200).map { _ in Self.stroke(zigzag, width: 30) }
    var options = RenderOptions(limits: RenderLimits(maxWork: 1 << 24))
    options.brush = brush
    var thrown: WillError?
    do throws(WillError) {
      _ = try Renderer.renderCanvas(Self.page(strokes), options: options)
    } catch {
      thrown = error
    }
    let (value, limit) = try #require(thrown.flatMap(Self.workLimit))
    #expect(limit == 1 << 24 && value > limit)
    // One stroke of the same brush renders within the limit.
    _ = try Renderer.renderCanvas(Self.page([strokes[0]]), options: options)
  }

  @Test func aCanvasOverThePixelLimitIsAnErrorBeforeAllocation() {
    let page = Self.page([Self.stroke(Self.onPage, width: 3)], width: 2000, height: 3000)
    let options = RenderOptions(scale: 1000)
    #expect(
      throws: WillError(
        .renderLimitExceeded(.canvasPixels, value: 6_000_000_000_000, limit: 1 << 25))
    ) {
      _ = try Renderer.renderCanvas(page, options: options)
    }
    // Sizes past Int report Int.max instead of trapping.
    let huge = Self.page([], width: 1e11, height: 1e11)
    #expect(throws: WillError(.renderLimitExceeded(.canvasPixels, value: .max, limit: 1 << 25))) {
      _ = try Renderer.renderPNG(huge, options: RenderOptions(scale: 1000))
    }
    // The limit is the caller's to raise or lower.
    let small = RenderOptions(limits: RenderLimits(maxCanvasPixels: 100))
    #expect(throws: WillError.self) { _ = try Renderer.renderCanvas(Self.page([]), options: small) }
  }

  @Test func paintTexturesAreDecodedOnFirstUseOnly() throws {
    var broken = ParticlesPaint()
    broken.shape = [[0x89, 0x50, 0x4E, 0x47, 1, 2, 3]]
    var good = ParticlesPaint()
    good.shape = [
      PNGWriter.encode(rgba: [UInt8](repeating: 255, count: 4 * 16), width: 4, height: 4)
    ]
    let line = [(10.0, 10.0), (10, 10), (150, 100), (150, 100)]
    var options = RenderOptions()
    options.brush = .particle
    func paint(_ strokes: [Stroke]) throws -> BrushPainter {
      var page = Self.page(strokes)
      page.paints = [broken, good]
      var canvas = Canvas(width: 200, height: 150)
      var painter = try BrushPainter(
        page: page, width: 200, height: 150, brush: options.brush, hairBrush: options.hairBrush,
        tolerance: options.tolerance, defaultWidth: options.defaultWidth, budget: .unlimited())
      try painter.paint(
        frame: Renderer.frame(of: page), scale: 1,
        clip: PageStrokes.clip(width: 200, height: 150, tolerance: options.tolerance),
        on: &canvas)
      return painter
    }
    // Three strokes of the good paint: it is decoded once; the broken one never.
    let used = try paint((0..<3).map { _ in Self.stroke(line, width: 4, paint: 1) })
    #expect(used.decodeCount == 1)
    #expect(used.failures.isEmpty)
    // Two strokes of the broken paint: one failed decode, reported once.
    let failed = try paint((0..<2).map { _ in Self.stroke(line, width: 4, paint: 0) })
    #expect(failed.decodeCount == 1)
    #expect(failed.failures.map(\.index) == [0])
    // Through the public entry point: an unused broken paint is not reported.
    var page = Self.page([Self.stroke(line, width: 4, paint: 1)])
    page.paints = [broken, good]
    var reported = RenderReport()
    _ = try Renderer.renderPNG(page, options: options, report: &reported)
    #expect(reported.undecodablePaints.isEmpty)
    #expect(reported.work > 0)
    page.layers[0].strokes.append(Self.stroke(line, width: 4, paint: 0))
    reported = RenderReport()
    _ = try Renderer.renderPNG(page, options: options, report: &reported)
    #expect(reported.undecodablePaints.map(\.index) == [0])
  }

  @Test func sweepsWithMorePiecesThanABandGiveExactPixels() {
    // 300 full-height bars of 2 × 4,000 pixels: 2.4 million pieces, three bands.
    let width = 1200
    let height = 4000
    var rasterizer = CoverageRasterizer(width: width, height: height)
    for bar in 0..<300 {
      let x = Double(bar * 4)
      rasterizer.begin(Vec2(x, 0))
      rasterizer.add(Vec2(x, Double(height)))
      rasterizer.add(Vec2(x + 2, Double(height)))
      rasterizer.add(Vec2(x + 2, 0))
      rasterizer.end()
    }
    #expect(2 * 300 * height > CoverageRasterizer.bandPieces)
    var rows = [Int](repeating: 0, count: height)
    var exact = true
    rasterizer.sweep { row, first, coverage in
      for i in 0..<coverage.count where coverage[i] != 0 {
        rows[row] += 1
        if coverage[i] != 1 || (first + i) % 4 >= 2 { exact = false }
      }
    }
    #expect(exact)
    #expect(rows.allSatisfy { $0 == 600 })
  }

  @Test func aFailedScratchAllocationIsReportedNotATrap() {
    let budget = WorkBudget(limit: .max)
    budget.allocationFailed(bytes: 1 << 50)
    #expect(throws: WillError(.allocationFailed(bytes: 1 << 50))) { try budget.check() }
    #expect(ScratchBuffer<Double>().reserve(Int.max / 4) == nil)
    #expect(throws: WillError(.allocationFailed(bytes: .max))) {
      try CheckedAllocation.probe(Double.self, count: Int.max / 4)
    }
  }
}
