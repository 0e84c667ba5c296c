import ArgumentParser
import InkCodec
import InkRender

/// How `render` and `convert --to png|svg|pdf` draw a page: scale, background, brush, fit and
/// the drawing limits (hidden from `--help`: ``LimitOptions/helpNote`` points to them).
struct DrawingOptions: DirectlyParsable {
  /// Output pixels per page unit, above 0 and at most 1000 (default: 1).
  var scale: Double?

  /// Dots per inch, above 0 and at most 96000; 96 is scale 1 (default: 96).
  var dpi: Double?

  /// page (the section's background), transparent, or a colour #RRGGBB or #RRGGBBAA.
  var background: String = "page"

  /// How strokes are drawn (in SVG and PDF as an image).
  var brush: Brush = .solid

  /// SVG strokes as filled outlines or as stroked centre lines (mean width).
  var svgStyle: SVGStyle = .outline

  /// Crop to the page, or to the ink's bounds + the margin.
  var fit: PageFit = .page

  /// Page units around the ink (--fit ink; default 8) or inside --paper's edges (0; 8 for ink).
  var margin: Double?

  /// A sheet to fit and centre the page on: a4, letter, a4-landscape, letter-landscape,
  /// WxH[mm|cm|in|pt|px].
  var paper: String?

  /// Every stroke's width times f (a darker pen), above 0 and at most 100.
  var widthScale: Double = 1

  /// JPEG quality, 1…100; JPEG is drawn over white.
  var quality: Int = 90

  /// Most work units for drawing one page (about a nanosecond each; see docs/render-budget.md).
  var maxRenderWork = LimitValue(RenderLimits.default.maxWork)

  /// Most work units for every page the command draws, together.
  var maxTotalRenderWork = LimitValue(TotalRenderBudget.defaultLimit)

  /// Most pixels (width × height) of one page's canvas; a larger page is an error.
  var maxCanvasPixels = LimitValue(RenderLimits.default.maxCanvasPixels)

  /// Most scans of one JPEG image; an image with more is not drawn.
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
    if let margin, !(margin >= 0 && margin <= 1_000_000) {
      throw ValidationError("--margin must be at least 0 and at most 1000000 page units")
    }
    if let paper, Self.paperSize(paper) == nil {
      throw ValidationError(
        "--paper must be a4, letter, a4-landscape, letter-landscape or WxH[mm|cm|in|pt|px] "
          + "(each side above 0 and at most 1000000 page units)")
    }
    if let size = paperSize, let margin, 2 * margin >= min(size.width, size.height) {
      throw ValidationError("--margin \(Format.number(margin)) leaves no room on the paper")
    }
    if !(widthScale > 0 && widthScale <= 100) {
      throw ValidationError("--width-scale must be above 0 and at most 100")
    }
    if !(1...100).contains(quality) { throw ValidationError("--quality must be 1…100") }
  }

  /// Refuses what the format cannot draw: particle and hair brushes draw pixels (SVG and PDF
  /// hold them as an image of the ink, outline JSON cannot), and JPEG needs libjpeg-turbo
  /// (not in the portable build).
  func checkBrush(drawing format: PictureFormat) throws {
    if format == .jpeg && !Renderer.writesJPEG {
      throw ValidationError(
        "this willdoc is the portable build, without libjpeg-turbo: it cannot write JPEG; "
          + "write PNG")
    }
    if brush != .solid && format == .outlineJSON {
      throw ValidationError(
        "--brush \(brush.rawValue) draws pixels: write PNG, JPEG, SVG or PDF, or use --brush "
          + "solid for outlines")
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

  /// `--paper` read.
  var paperSize: PaperSize? { paper.flatMap(Self.paperSize) }

  /// A `--paper` value's sheet, or `nil` when it is not one of its forms.
  static func paperSize(_ text: String) -> PaperSize? {
    var name = text.lowercased()
    switch name {
    case "a4": return .a4
    case "letter": return .letter
    case "a4-landscape": return PaperSize.a4.landscape
    case "letter-landscape": return PaperSize.letter.landscape
    default: break
    }
    let units: [(String, Double)] = [
      ("mm", PaperSize.unitsPerMillimetre), ("cm", 10 * PaperSize.unitsPerMillimetre),
      ("in", 96), ("pt", 96.0 / 72), ("px", 1),
    ]
    var factor = 1.0
    if let (unit, perUnit) = units.first(where: { name.hasSuffix($0.0) }) {
      name.removeLast(unit.count)
      factor = perUnit
    }
    let sides = name.split(separator: "x", omittingEmptySubsequences: false)
    guard sides.count == 2, let w = Double(sides[0]), let h = Double(sides[1]) else { return nil }
    let size = PaperSize(width: w * factor, height: h * factor)
    guard size.isUsable, size.width <= 1_000_000, size.height <= 1_000_000 else { return nil }
    return size
  }

  /// `page` as these options print it: strokes widened by `--width-scale`, ink fitted with
  /// `--margin`, and placed on `--paper`.
  func laidOut(_ page: RenderPage, defaultWidth: Double) -> RenderPage {
    var page = page
    page.widthScale = widthScale
    guard let paper = paperSize else {
      if let margin { page.margin = margin }
      return page
    }
    return page.placed(on: paper, margin: margin, defaultWidth: defaultWidth)
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
    options.jpegQuality = quality
    return options
  }
}

extension Brush: ExpressibleByArgument {}
extension SVGStyle: ExpressibleByArgument {}
extension PageFit: ExpressibleByArgument {}

extension DrawingOptions {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .value("--scale", as: Double.self) { $0.scale = $1 },
      .value("--dpi", as: Double.self) { $0.dpi = $1 },
      .value("--background") { $0.background = $1 },
      .value("--brush") { $0.brush = $1 },
      .value("--svg-style") { $0.svgStyle = $1 },
      .value("--fit") { $0.fit = $1 },
      .value("--margin", as: Double.self) { $0.margin = $1 },
      .value("--paper", as: String.self) { $0.paper = $1 },
      .value("--width-scale") { $0.widthScale = $1 },
      .value("--quality") { $0.quality = $1 },
      .value("--max-render-work") { $0.maxRenderWork = $1 },
      .value("--max-total-render-work") { $0.maxTotalRenderWork = $1 },
      .value("--max-canvas-pixels") { $0.maxCanvasPixels = $1 },
      .value("--max-image-scans") { $0.maxImageScans = $1 },
    ]
  }
}

extension DrawingOptions {
  /// The option group as swift-argument-parser declares it, for its help, its errors and the
  /// lines the table leaves: ``plain`` is the ``DrawingOptions`` it parses to.
  struct Declaration: ParsableArguments, ArgumentsDeclaration {
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

    @Option(
      help: ArgumentHelp(
        "How strokes are drawn (in SVG and PDF as an image).",
        valueName: "solid|particle|hair"))
    var brush: Brush = .solid

    @Option(
      help: ArgumentHelp(
        "SVG strokes as filled outlines or as stroked centre lines (mean width).",
        valueName: "outline|centerline"))
    var svgStyle: SVGStyle = .outline

    @Option(
      help: ArgumentHelp(
        "Crop to the page, or to the ink's bounds + the margin.", valueName: "page|ink"))
    var fit: PageFit = .page

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Page units around the ink (--fit ink; default 8) or inside --paper's edges (0; 8 for "
          + "ink).", valueName: "units"))
    var margin: Double?

    @Option(
      help: ArgumentHelp(
        "A sheet to fit and centre the page on: a4, letter, a4-landscape, letter-landscape, "
          + "WxH[mm|cm|in|pt|px].",
        valueName: "size"))
    var paper: String?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Every stroke's width times f (a darker pen), above 0 and at most 100.",
        valueName: "f"))
    var widthScale: Double = 1

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "JPEG quality, 1…100; JPEG is drawn over white.",
        valueName: "q"))
    var quality: Int = 90

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

    var plain: DrawingOptions {
      var plain = DrawingOptions()
      plain.scale = scale
      plain.dpi = dpi
      plain.background = background
      plain.brush = brush
      plain.svgStyle = svgStyle
      plain.fit = fit
      plain.margin = margin
      plain.paper = paper
      plain.widthScale = widthScale
      plain.quality = quality
      plain.maxRenderWork = maxRenderWork
      plain.maxTotalRenderWork = maxTotalRenderWork
      plain.maxCanvasPixels = maxCanvasPixels
      plain.maxImageScans = maxImageScans
      return plain
    }
  }
}
