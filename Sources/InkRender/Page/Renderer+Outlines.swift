import InkCodec

extension Renderer {
  /// The cubic-Bézier outlines of every stroke, in output coordinates (page units times
  /// `scale`, origin at the frame's corner), clipped to the frame (with each stroke's width
  /// as margin): segments that cannot reach it are left out.
  /// - Parameters:
  ///   - page: The page.
  ///   - frame: The page rectangle, from ``frame(of:options:)``.
  ///   - scale: Output units per page unit.
  ///   - options: The tolerance (in output units), default width and work limit.
  /// - Returns: One shape per stroke that draws something, in drawing order.
  /// - Throws: `WillError(.renderLimitExceeded(.work, …))` when the outlines exceed
  ///   ``RenderLimits/maxWork``.
  public static func shapes(
    of page: RenderPage, frame: Frame, scale: Double, options: RenderOptions
  ) throws(WillError) -> [StrokeShape] {
    try PageStrokes.shapes(
      of: page, frame: frame, scale: scale, tolerance: options.tolerance,
      defaultWidth: options.defaultWidth, budget: try workBudget(for: options))
  }

  /// The flattened outline polygons of every stroke, in output pixels, clipped to the canvas
  /// as ``renderCanvas(_:options:)`` clips them.
  /// - Parameters:
  ///   - page: The page.
  ///   - frame: The page rectangle, from ``frame(of:options:)``.
  ///   - options: Scale, tolerance (in output pixels), default width and work limit.
  /// - Returns: One entry per stroke that draws something, in drawing order.
  /// - Throws: `WillError(.renderLimitExceeded(.work, …))` when the polygons exceed
  ///   ``RenderLimits/maxWork``.
  public static func polygons(of page: RenderPage, frame: Frame, options: RenderOptions)
    throws(WillError) -> [StrokePolygons]
  {
    try PageStrokes.polygons(
      of: page, frame: frame, scale: options.scale, tolerance: options.tolerance,
      defaultWidth: options.defaultWidth, budget: try workBudget(for: options))
  }

  /// Renders a page's outlines as flattened polygons in output pixels, as JSON, clipped to
  /// the canvas as ``renderCanvas(_:options:)`` clips them.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Scale, tolerance, default width and work limit.
  /// - Returns: The JSON text (see ``OutlineJSONWriter``).
  /// - Throws: `WillError(.renderLimitExceeded(.work, …))` when the polygons exceed
  ///   ``RenderLimits/maxWork``.
  public static func renderOutlineJSON(
    _ page: RenderPage, options: RenderOptions = RenderOptions()
  ) throws(WillError) -> String {
    var report = RenderReport()
    return try renderOutlineJSON(page, options: options, report: &report)
  }

  /// Renders a page's outlines as JSON, as ``renderOutlineJSON(_:options:)``, reporting the
  /// work it took.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Scale, tolerance, default width and work limit.
  ///   - report: Receives the work units used.
  /// - Returns: The JSON text.
  /// - Throws: As ``renderOutlineJSON(_:options:)``.
  public static func renderOutlineJSON(
    _ page: RenderPage, options: RenderOptions, report: inout RenderReport
  ) throws(WillError) -> String {
    let frame = frame(of: page, options: options)
    let budget = try workBudget(for: options)
    defer { report.work = budget.used }
    return OutlineJSONWriter.document(
      try PageStrokes.polygons(
        of: page, frame: frame, scale: options.scale, tolerance: options.tolerance,
        defaultWidth: options.defaultWidth, budget: budget),
      width: frame.width * options.scale, height: frame.height * options.scale,
      tolerance: options.tolerance)
  }
}
