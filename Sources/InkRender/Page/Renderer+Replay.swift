import InkCodec

extension Renderer {
  /// Draws a page being written: an animated PNG (APNG) of ``ReplayOptions/frameCount``
  /// frames, frame `k` showing the ink of `timeline` at `k / frameCount` of its end, each
  /// shown for its share of ``ReplayOptions/duration``; it plays ``ReplayOptions/plays``
  /// times. The last frame is ``renderCanvas(_:options:)``'s page exactly, and so is the
  /// default image, which readers without APNG show.
  ///
  /// Strokes that have ended are drawn once, onto a canvas kept from frame to frame; each
  /// frame adds the part written of the next stroke, and is stored as the rectangle that
  /// changed: drawn over the frame before (unchanged pixels transparent) where every changed
  /// pixel is opaque, else replacing it. Each stroke, and the part written of one, is drawn
  /// as the still render draws it: with ``RenderOptions/brush`` solid, but with its brush's
  /// shapes (``RenderLayer/shapedStrokes``) or particles (``RenderLayer/particleStrokes``)
  /// where the page says so.
  /// - Parameters:
  ///   - page: The page.
  ///   - timeline: When each point of the page's strokes is written.
  ///   - options: Scale, tolerance, default width and each frame's limits; the brush must be
  ///     ``Brush/solid``.
  ///   - replay: The duration, frame rate and the limit of the whole replay's work.
  ///   - report: Receives the replay's work and the still render's undrawn images.
  ///   - images: The document's images, as ``renderCanvas(_:options:report:images:)``.
  /// - Returns: The APNG file.
  /// - Throws: `.unsupported` for a duration, frame rate or brush outside what a replay
  ///   takes, or a timeline made for other strokes; `.renderLimitExceeded(.totalWork, …)`
  ///   when the frames cannot be paid for (checked before any is drawn, each touching every
  ///   pixel, and as they are drawn); `.renderLimitExceeded(.work, …)` when a frame takes
  ///   more than ``RenderLimits/maxWork``; otherwise as ``renderCanvas(_:options:)``.
  public static func renderReplay(
    _ page: RenderPage, timeline: ReplayTimeline, options: RenderOptions,
    replay: ReplayOptions, report: inout RenderReport, images: ImageCache = ImageCache()
  ) throws(WillError) -> [UInt8] {
    guard ReplayOptions.durations.contains(replay.duration) else {
      throw WillError(.unsupported("a replay of \(replay.duration) seconds (0.1…600)"))
    }
    guard ReplayOptions.framesPerSecondRange.contains(replay.framesPerSecond) else {
      throw WillError(.unsupported("a replay at \(replay.framesPerSecond) frames a second (1…60)"))
    }
    guard options.brush == .solid else {
      throw WillError(.unsupported("a replay with the \(options.brush.rawValue) brush"))
    }
    let placed = page.layers.indices.flatMap { layer in
      page.layers[layer].strokes.enumerated().map { (layer: layer, index: $0, stroke: $1) }
    }
    let strokes = placed.map(\.stroke)
    guard timeline.pointTimes.count == strokes.count,
      zip(timeline.pointTimes, strokes).allSatisfy({ $0.count == $1.points.count })
    else {
      throw WillError(.unsupported("a replay timeline made for other strokes"))
    }
    var stillReport = RenderReport()
    let still = try renderCanvas(page, options: options, report: &stillReport, images: images)
    report.undrawnImages += stillReport.undrawnImages
    report.undecodablePaints += stillReport.undecodablePaints
    let width = still.width
    let height = still.height
    let frames = replay.frameCount
    // Every frame touches every pixel: copied, laid over the page, compared.
    let perFrame = width * height * WorkBudget.framePixelCost
    let (framesWork, overflow) = perFrame.multipliedReportingOverflow(by: frames)
    let estimate = overflow ? Int.max : framesWork &+ stillReport.work
    guard !overflow, estimate >= 0, estimate <= replay.maxTotalWork else {
      throw WillError(
        .renderLimitExceeded(
          .totalWork, value: estimate < 0 ? .max : estimate, limit: replay.maxTotalWork))
    }
    // The kept canvas, a frame, the frame before, the page and the changed rectangle (as
    // premultiplied and straight bytes, and filtered for zlib).
    try CheckedAllocation.probe(bytes: 7 * still.pixels.count)
    let budget = WorkBudget(limit: replay.maxTotalWork - stillReport.work)
    defer { report.work = stillReport.work + min(budget.used, Int.max - stillReport.work) }
    var writer = APNGWriter(
      rgba: still.rgba8(), width: width, height: height, frames: frames, plays: replay.plays,
      pixelsPerMetre: PNGWriter.pixelsPerMetre(scale: options.scale))
    do throws(WillError) {
      var drawing = try ReplayDrawing(
        page: page, placed: placed, options: options, budget: budget, images: images,
        width: width, height: height)
      var previous = Canvas(width: width, height: height)
      for k in 1...frames {
        let before = budget.used
        let canvas: Canvas
        if k == frames {
          canvas = still
        } else {
          let ink = timeline.progress(at: timeline.end * Double(k) / Double(frames))
          canvas = try drawing.canvas(ended: ink.ended, cut: ink.cut)
        }
        budget.charge(perFrame)
        try budget.check()
        let change = FrameChange(from: previous, to: canvas, whole: k == 1)
        budget.charge(change.width * change.height * WorkBudget.canvasPixelCost)
        try budget.check()
        writer.append(
          rgba: change.pixels, x: change.x, y: change.y, w: change.width, h: change.height,
          delay: (replay.delay(ofFrame: k), 1000), blend: change.blend)
        previous = canvas
        let used = budget.used - before
        guard used <= options.limits.maxWork else {
          throw WillError(
            .renderLimitExceeded(.work, value: used, limit: options.limits.maxWork))
        }
      }
    } catch {
      // The replay's budget is what the total left after the still render.
      guard case .renderLimitExceeded(.work, _, _) = error.kind, budget.used > budget.limit
      else { throw error }
      var whole = error
      whole.kind = .renderLimitExceeded(
        .totalWork, value: stillReport.work + min(budget.used, Int.max - stillReport.work),
        limit: replay.maxTotalWork)
      throw whole
    }
    return writer.finished()
  }
}

/// The canvases of a replay: ended strokes drawn once onto a kept ink layer, each frame that
/// layer, the part written of the next stroke and (for a layered page) the page under them.
/// Strokes are drawn as the still render draws them: with their brush's shapes
/// (``RenderLayer/shapedStrokes``, the part written cut from them too) and their particles
/// (``RenderLayer/particleStrokes``, with the seeds they have on the page).
struct ReplayDrawing {
  let page: RenderPage
  let placed: [(layer: Int, index: Int, stroke: Stroke)]
  let options: RenderOptions
  let budget: WorkBudget
  let frame: PageFrame
  let layered: Bool
  /// The background and images, for a page with images.
  let paper: Canvas?
  var painter: Painter
  /// The painter of a page with particle strokes, which draws all its strokes (as the still
  /// render does); its paints are decoded once for the whole replay.
  var brushPainter: BrushPainter?
  /// The strokes that have ended, drawn.
  var kept: Canvas
  var drawn = 0

  init(
    page: RenderPage, placed: [(layer: Int, index: Int, stroke: Stroke)],
    options: RenderOptions, budget: WorkBudget, images: ImageCache, width: Int, height: Int
  ) throws(WillError) {
    self.page = page
    self.placed = placed
    self.options = options
    self.budget = budget
    frame = Renderer.frame(of: page, options: options)
    layered = Renderer.isLayered(page)
    if page.images.isEmpty {
      paper = nil
    } else {
      var bare = page
      bare.layers = []
      var ignored = RenderReport()
      paper = try Renderer.draw(
        bare, options: options, budget: budget, report: &ignored, images: images, frame: frame)
    }
    painter = Painter(width: width, height: height, tolerance: options.tolerance, budget: budget)
    if page.layers.contains(where: { !$0.particleStrokes.isEmpty }) {
      brushPainter = try BrushPainter(
        page: page, width: width, height: height, brush: options.brush,
        hairBrush: options.hairBrush, tolerance: options.tolerance,
        defaultWidth: options.defaultWidth, budget: budget)
    }
    kept = Canvas(width: width, height: height, background: layered ? nil : page.background)
  }

  /// The frame of `ended` strokes and the next one up to `cut`.
  mutating func canvas(ended: Int, cut: ReplayTimeline.Cut?) throws(WillError) -> Canvas {
    if ended > drawn {
      // Moved out, so that painting does not copy it.
      var canvas = kept
      kept = Canvas(width: 1, height: 1)
      try paint(placed[drawn..<ended].map { ($0, nil) }, on: &canvas)
      kept = canvas
      drawn = ended
    }
    var canvas = kept
    if let cut, ended < placed.count {
      try paint([(placed[ended], cut)], on: &canvas)
    }
    guard layered else { return canvas }
    if let paper {
      canvas.placeOver(page: paper)
    } else {
      canvas.placeOver(background: page.background)
    }
    return canvas
  }

  /// Paints strokes of the page, each whole or (with a cut) the part written, a layer each.
  private mutating func paint(
    _ strokes: [((layer: Int, index: Int, stroke: Stroke), ReplayTimeline.Cut?)],
    on canvas: inout Canvas
  ) throws(WillError) {
    var part = page
    part.images = []
    part.layers = strokes.map { placed, cut in
      let source = page.layers[placed.layer]
      var stroke = placed.stroke
      var shaped = source.shapedStrokes[placed.index]
      if let cut {
        stroke = ReplayTimeline.prefix(of: stroke, cut: cut)
        shaped = shaped.flatMap {
          ReplayTimeline.prefix(of: $0, cut: cut, points: placed.stroke.points.count)
        }
      }
      var layer = RenderLayer(strokes: [stroke], transform: source.transform)
      layer.shapedStrokes[0] = shaped
      if source.particleStrokes.contains(placed.index) {
        layer.particleStrokes = [0]
        layer.particleSeeds[0] = BrushPainter.seed(
          of: placed.stroke, layer: placed.layer, index: placed.index)
      }
      return layer
    }
    let clip = PageStrokes.clip(
      width: Double(canvas.width), height: Double(canvas.height), tolerance: options.tolerance)
    if var brushPainter {
      // Moved out, so that its buffers are not copied.
      self.brushPainter = nil
      brushPainter.page = part
      defer { self.brushPainter = brushPainter }
      try brushPainter.paint(frame: frame, scale: options.scale, clip: clip, on: &canvas)
      return
    }
    // Moved out, so that its buffers are not copied.
    var painter = self.painter
    self.painter = Painter(width: 1, height: 1, tolerance: options.tolerance, budget: budget)
    // Likewise the canvas, which the closures capture.
    var target = canvas
    canvas = Canvas(width: 1, height: 1)
    defer {
      self.painter = painter
      canvas = target
    }
    let shaped = { (stroke: StrokeParts<[[Vec2]]>) in
      painter.paint(PageStrokes.points(stroke), on: &target)
    }
    try PageStrokes.prepare(
      part, frame: frame, scale: options.scale, clip: clip, defaultWidth: options.defaultWidth,
      budget: budget, tolerance: options.tolerance, shaped: shaped
    ) { prepared in
      painter.paint(prepared, on: &target)
    }
  }
}

/// What changed from one frame to the next: the rectangle and its straight-alpha pixels.
struct FrameChange {
  var x = 0
  var y = 0
  var width = 1
  var height = 1
  var blend = APNGWriter.Blend.over
  var pixels: [UInt8] = [0, 0, 0, 0]

  /// The change from `old` to `new` (canvases of one size): the whole frame, replacing, when
  /// `whole`; nothing (one transparent pixel drawn over) when they are equal. Equal
  /// premultiplied pixels are equal straight ones, so only the rectangle is converted.
  init(from old: Canvas, to new: Canvas, whole: Bool) {
    let width = new.width
    let height = new.height
    var minX = width
    var maxX = -1
    var minY = height
    var maxY = -1
    if whole {
      (minX, maxX, minY, maxY) = (0, width - 1, 0, height - 1)
    } else {
      old.pixels.withUnsafeBytes { o in
        new.pixels.withUnsafeBytes { n in
          for row in 0..<height {
            var first = -1
            var last = -1
            let base = row * width * 4
            for column in 0..<width
            where o.load(fromByteOffset: base + column * 4, as: UInt32.self)
              != n.load(fromByteOffset: base + column * 4, as: UInt32.self)
            {
              if first < 0 { first = column }
              last = column
            }
            guard first >= 0 else { continue }
            minX = min(minX, first)
            maxX = max(maxX, last)
            minY = min(minY, row)
            maxY = max(maxY, row)
          }
        }
      }
    }
    guard maxX >= 0 else { return }
    x = minX
    y = minY
    self.width = maxX - minX + 1
    self.height = maxY - minY + 1
    var rect = Canvas(width: self.width, height: self.height)
    // Drawn over the frame before when every changed pixel is opaque: unchanged pixels are
    // then transparent, which compresses well; else the rectangle replaces what was there.
    var opaque = !whole
    let a = old.pixels
    let b = new.pixels
    for row in 0..<self.height {
      for column in 0..<self.width {
        let source = ((minY + row) * width + minX + column) * 4
        let target = (row * self.width + column) * 4
        for c in 0..<4 { rect.pixels[target + c] = b[source + c] }
        if opaque, b[source + 3] != 255, !(0..<4).allSatisfy({ a[source + $0] == b[source + $0] }) {
          opaque = false
        }
      }
    }
    if opaque {
      for row in 0..<self.height {
        for column in 0..<self.width {
          let source = ((minY + row) * width + minX + column) * 4
          let target = (row * self.width + column) * 4
          if (0..<4).allSatisfy({ a[source + $0] == b[source + $0] }) {
            for c in 0..<4 { rect.pixels[target + c] = 0 }
          }
        }
      }
    }
    blend = opaque ? .over : .source
    pixels = rect.rgba8()
  }
}
