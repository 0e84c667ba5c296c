import ArgumentParser
import InkCodec
import InkRender

/// How `render` and `convert --to png|svg|pdf` draw a page: scale, background, brush, fit and
/// the drawing limits (hidden from `--help`: ``LimitOptions/helpNote`` points to them).
struct DrawingOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Output pixels per page unit, above 0 and at most 1000 (default: 1).", valueName: "s"))
  var scale: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Dots per inch, above 0 and at most 96000; 96 is scale 1 (default: 96).", valueName: "d"))
  var dpi: Double?

  @Option(
    help: ArgumentHelp(
      "page (the section's background), transparent, or a colour #RRGGBB or #RRGGBBAA.",
      valueName: "page|transparent|#RRGGBB"))
  var background: String = "page"

  @Option(help: ArgumentHelp("How strokes are drawn (PNG only).", valueName: "solid|particle|hair"))
  var brush: Brush = .solid

  @Option(
    help: ArgumentHelp(
      "SVG strokes as filled outlines or as stroked centre lines (mean width).",
      valueName: "outline|centerline"))
  var svgStyle: SVGStyle = .outline

  @Option(
    help: ArgumentHelp("Crop to the page, or the ink's bounds + 8 units.", valueName: "page|ink"))
  var fit: PageFit = .page

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Most work units for drawing one page (about a nanosecond each; see docs/render-budget.md). "
        + LimitValue.suffixHelp,
      valueName: "n", visibility: .hidden))
  var maxRenderWork = LimitValue(RenderLimits.default.maxWork)

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Most work units for every page the command draws, together. " + LimitValue.suffixHelp,
      valueName: "n", visibility: .hidden))
  var maxTotalRenderWork = LimitValue(TotalRenderBudget.defaultLimit)

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Most pixels (width × height) of one page's canvas; a larger page is an error. "
        + LimitValue.suffixHelp,
      valueName: "n", visibility: .hidden))
  var maxCanvasPixels = LimitValue(RenderLimits.default.maxCanvasPixels)

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Most scans of one JPEG image; an image with more is not drawn. " + LimitValue.suffixHelp,
      valueName: "n", visibility: .hidden))
  var maxImageScans = LimitValue(RenderLimits.default.maxImageScans)

  /// The page background: the section's own, none, or a colour.
  enum BackgroundChoice {
    case page
    case transparent
    case color(InkColor)
  }

  func validate() throws {
    let limits = [
      ("--max-render-work", maxRenderWork), ("--max-canvas-pixels", maxCanvasPixels),
      ("--max-total-render-work", maxTotalRenderWork), ("--max-image-scans", maxImageScans),
    ]
    if let (option, _) = limits.first(where: { $0.1.value < 0 }) {
      throw ValidationError("\(option) must not be negative")
    }
    if scale != nil && dpi != nil { throw ValidationError("give --scale or --dpi, not both") }
    if let s = effectiveScale, !(s > 0 && s.isFinite && s <= 1000) {
      throw ValidationError(
        "the scale must be positive and at most 1000 (--dpi at most 96000)")
    }
    if backgroundChoice == nil {
      throw ValidationError("--background must be page, transparent, #RRGGBB or #RRGGBBAA")
    }
  }

  /// Refuses a brush the format cannot draw: particle and hair brushes draw pixels.
  func checkBrush(drawing format: PictureFormat) throws {
    if brush != .solid && format != .png && format != .pdf {
      throw ValidationError(
        "--brush \(brush.rawValue) draws pixels: write PNG or PDF, or use --brush solid for "
          + "SVG and outlines")
    }
  }

  /// The pixels per page unit asked for, by `--scale` or `--dpi`.
  var effectiveScale: Double? { scale ?? dpi.map { $0 / 96 } }

  /// `--background` read, or `nil` when it is not one of its forms.
  var backgroundChoice: BackgroundChoice? {
    switch background.lowercased() {
    case "page": return .page
    case "transparent", "none": return .transparent
    default:
      guard background.hasPrefix("#") else { return nil }
      let hex = background.dropFirst()
      guard hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else {
        return nil
      }
      return .color(InkColor(rgba: hex.count == 6 ? value << 8 | 0xFF : value))
    }
  }

  /// The background `section` is drawn on.
  func background(of section: Section) -> InkColor? {
    switch backgroundChoice! {
    case .page: section.background
    case .transparent: nil
    case .color(let color): color
    }
  }

  /// The options of one page, before the total budget shares out its limits.
  var renderOptions: RenderOptions {
    var options = RenderOptions(
      scale: effectiveScale ?? 1,
      limits: RenderLimits(
        maxWork: maxRenderWork.value, maxCanvasPixels: maxCanvasPixels.value,
        maxImageScans: maxImageScans.value))
    options.brush = brush
    options.svgStyle = svgStyle
    return options
  }
}

extension Brush: ExpressibleByArgument {}
extension SVGStyle: ExpressibleByArgument {}
extension PageFit: ExpressibleByArgument {}
