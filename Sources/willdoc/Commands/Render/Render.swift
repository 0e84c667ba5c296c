import ArgumentParser
import InkCodec
import InkRender

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `willdoc render IN -o OUT`: draw sections as PNG, SVG, PDF or outline JSON.
struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Draw a WILL document's sections as PNG, SVG, PDF or outline JSON.",
    discussion: """
      Draws each section on its page (RIFF, raw and --fit ink: fitted to the ink); several \
      sections give out-0.png, out-1.png, …, or one PDF. SVG and PDF \
      draw each stroke as one filled outline (--svg-style centerline: a stroked centre line); \
      --brush particle or hair draws PNG, and PDF as an image. Going over a drawing limit is \
      an error (exit 1) naming the option that raises it. render never writes over its input, nor over an existing file without --force.

      In full: docs/cli.md#render; budgets: docs/render-budget.md. \(LimitOptions.helpNote)
      """)

  /// The output formats: PDF writes one file with a page per section.
  enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case png
    case svg
    case outlineJSON = "outline-json"
    case pdf
  }

  @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "in"))
  var input: String

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "The file to write (out-0.png, out-1.png, … for several sections), or - for standard output.",
      valueName: "file"))
  var output: String?

  /// Accepted only to be refused with a reason: a drawing never replaces the document.
  @Flag(help: .hidden)
  var inPlace = false

  @Option(help: "png, svg, pdf or outline-json (default: from the output's extension).")
  var format: OutputFormat?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("The section to draw (0-based), or all.", valueName: "n|all"))
  var section: String = "all"

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
    parsing: .unconditional,

    help: ArgumentHelp(
      "Most work units for drawing one page (about a nanosecond each; see docs/render-budget.md). "
        + LimitValue.suffixHelp,
      valueName: "n"))
  var maxRenderWork = LimitValue(RenderLimits.default.maxWork)

  @Option(
    parsing: .unconditional,

    help: ArgumentHelp(
      "Most work units for every page the command draws, together. " + LimitValue.suffixHelp,
      valueName: "n"))
  var maxTotalRenderWork = LimitValue(TotalRenderBudget.defaultLimit)

  @Option(
    parsing: .unconditional,

    help: ArgumentHelp(
      "Most pixels (width × height) of one page's canvas; a larger page is an error. "
        + LimitValue.suffixHelp,
      valueName: "n"))
  var maxCanvasPixels = LimitValue(RenderLimits.default.maxCanvasPixels)

  @Option(
    parsing: .unconditional,

    help: ArgumentHelp(
      "Most scans of one JPEG image; an image with more is not drawn. " + LimitValue.suffixHelp,
      valueName: "n"))
  var maxImageScans = LimitValue(RenderLimits.default.maxImageScans)

  @Option(
    help: ArgumentHelp("Crop to the page, or the ink's bounds + 8 units.", valueName: "page|ink"))
  var fit: PageFit = .page

  @OptionGroup var overwrite: OverwriteOptions

  @OptionGroup var limitOptions: LimitOptions

  func validate() throws {
    let limits = [
      ("--max-render-work", maxRenderWork), ("--max-canvas-pixels", maxCanvasPixels),
      ("--max-total-render-work", maxTotalRenderWork), ("--max-image-scans", maxImageScans),
    ]
    if let (option, _) = limits.first(where: { $0.1.value < 0 }) {
      throw ValidationError("\(option) must not be negative")
    }
    if inPlace {
      throw ValidationError(
        "render writes PNG, SVG, PDF or outline JSON, never over the WILL document it reads: "
          + "--in-place is refused; give -o a new file")
    }
    guard let output else {
      throw ValidationError("give the output file with -o")
    }
    if output == "-" && resolvedFormat == nil {
      throw ValidationError("give --format when writing to standard output")
    }
    if resolvedFormat == nil {
      throw ValidationError(
        "cannot tell the format of \(output); give --format png|svg|pdf|outline-json")
    }
    if brush != .solid && resolvedFormat != .png && resolvedFormat != .pdf {
      throw ValidationError(
        "--brush \(brush.rawValue) draws pixels: write PNG or PDF, or use --brush solid for SVG and outlines"
      )
    }
    if scale != nil && dpi != nil { throw ValidationError("give --scale or --dpi, not both") }
    if let s = effectiveScale, !(s > 0 && s.isFinite && s <= 1000) {
      throw ValidationError(
        "the scale must be positive and at most 1000 (--dpi at most 96000)")
    }
    if section != "all", Int(section).map({ $0 < 0 }) ?? true {
      throw ValidationError("--section must be a section index (0, 1, …) or all")
    }
    if backgroundChoice == nil {
      throw ValidationError("--background must be page, transparent, #RRGGBB or #RRGGBBAA")
    }
    if input != "-", output != "-", isSameFile(input, output) {
      throw Self.overInput(output)
    }
  }

  var resolvedFormat: OutputFormat? {
    if let format { return format }
    let name = (output ?? "").lowercased()
    if name.hasSuffix(".png") { return .png }
    if name.hasSuffix(".svg") { return .svg }
    if name.hasSuffix(".json") { return .outlineJSON }
    if name.hasSuffix(".pdf") { return .pdf }
    return nil
  }

  var effectiveScale: Double? { scale ?? dpi.map { $0 / 96 } }

  /// `nil` for invalid text; `.some(nil)` for the page's own background.
  enum BackgroundChoice {
    case page
    case transparent
    case color(InkColor)
  }

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

  func run() throws {
    let output = output!
    let format = resolvedFormat!
    let document = try reportingErrors(file: input) { () throws(WillError) in
      // A UIM file is drawn through its WILL 2 conversion (docs/uim.md).
      try UIMReport.drawable(
        try InputFile.read(input, limits: limitOptions.limits), limits: limitOptions.limits)
    }
    let indices: [Int]
    if let index = Int(section) {
      guard index < document.sections.count else {
        throw ValidationError(
          "--section \(index) is past the last section (the document has \(document.sections.count))"
        )
      }
      indices = [index]
    } else {
      indices = Array(document.sections.indices)
    }
    if output == "-" && indices.count > 1 && format != .pdf {
      throw ValidationError("give --section N to write one section to standard output")
    }
    // Every file this run writes is checked before the first is written. Numbered files are
    // generated names: never written through a link, and all or none (GeneratedOutputs).
    let numbered = output != "-" && indices.count > 1 && format != .pdf
    let outputs = GeneratedOutputs(force: overwrite.force)
    var folder: GeneratedOutputs.Folder?
    if numbered {
      let opened = try reportingErrors(file: output) { () throws(WillError) in
        try GeneratedOutputs.openFolder(SystemPath.split(output).folder, creating: false)
      }
      folder = opened
      for index in indices {
        let name = SystemPath.split(Self.numbered(output, index)).name
        if let refusal = outputs.refusal(toWrite: name, in: opened) {
          throw ValidationError(refusal.terminalSafe)
        }
      }
    } else {
      for path in outputPaths(output, indices: indices, format: format) {
        try overwrite.check(path)
      }
    }
    var wrote: [String] = []
    var options = RenderOptions(
      scale: effectiveScale ?? 1,
      limits: RenderLimits(
        maxWork: maxRenderWork.value, maxCanvasPixels: maxCanvasPixels.value,
        maxImageScans: maxImageScans.value))
    options.brush = brush
    options.svgStyle = svgStyle
    var warned = Set<Int>()
    var warnedImages = Set<String>()
    var warnedModes = Set<BlendMode>()
    // Each page has its own budget, and all of them one more (InkRender's TotalRenderBudget).
    var budget = TotalRenderBudget(limit: maxTotalRenderWork.value)
    var pdfPages: [PDFPage] = []
    // One payload drawn by many elements or pages is decoded (and, in a PDF, held) once.
    let images = ImageCache()
    for index in indices {
      let section = document.sections[index]
      var page = RenderPage(section: section, paints: document.paints)
      page.background = pageBackground(section)
      page.fit = fit
      if let outside = page.inkOutsidePage() {
        printError(Self.outsideLine(outside, file: input, section: index, fit: fit))
      }
      var pageOptions = options
      pageOptions.limits = try reportingErrors(file: input) { () throws(WillError) in
        try budget.limits(forNextPage: options.limits)
      }
      var report = RenderReport()
      let bytes = try reportingErrors(file: input) { () throws(WillError) -> [UInt8] in
        do throws(WillError) {
          switch format {
          case .png:
            return try Renderer.renderPNG(
              page, options: pageOptions, report: &report, images: images)
          case .svg:
            return Array(
              try Renderer.renderSVG(page, options: pageOptions, report: &report, images: images)
                .utf8)
          case .outlineJSON:
            return Array(
              try Renderer.renderOutlineJSON(page, options: pageOptions, report: &report).utf8)
          case .pdf:
            pdfPages.append(
              try Renderer.renderPDFPage(
                page, options: pageOptions, report: &report, images: images))
            return []
          }
        } catch {
          throw budget.attributing(error, toPageUnder: options.limits)
        }
      }
      budget.charge(pageWork: report.work)
      for failure in report.undecodablePaints where warned.insert(failure.index).inserted {
        warn(failure)
      }
      for failure in report.undrawnImages where warnedImages.insert(failure.name).inserted {
        printError(
          "willdoc: warning: \(input.terminalSafe): image \(failure.name.terminalSafe) is not "
            + "drawn: \(failure.reason.terminalSafe)"
            + (failure.error.map { raiseHint($0.kind) } ?? ""))
      }
      for mode in report.approximatedBlendModes where warnedModes.insert(mode).inserted {
        printError(
          "willdoc: warning: \(input.terminalSafe): blend mode \(mode.name) is approximated in "
            + "\(format.rawValue.uppercased()): "
            + Self.approximation(of: mode))
      }
      if format == .pdf { continue }
      let path = indices.count > 1 ? Self.numbered(output, index) : output
      if path != "-", input != "-", isSameFile(input, path) {
        throw Self.overInput(path)
      }
      if let folder {
        try reportingErrors(file: path) { () throws(WillError) in
          try outputs.stage(bytes, as: SystemPath.split(path).name, in: folder)
        }
      } else {
        try writeOutput(bytes, to: path)
      }
      if path != "-" {
        wrote.append(
          "wrote \(path.terminalSafe)  section \(index)  \(Format.count(bytes.count)) bytes")
      }
    }
    try reportingErrors(file: output) { () throws(WillError) in try outputs.commit() }
    for line in wrote { StandardOutput.line(line) }
    // A PDF holds every section drawn, a page each, in one file.
    if format == .pdf {
      let bytes = PDFWriter.document(pdfPages)
      if output != "-", input != "-", isSameFile(input, output) { throw Self.overInput(output) }
      try writeOutput(bytes, to: output)
      if output != "-" {
        let what = indices.count == 1 ? "section \(indices[0])" : "\(indices.count) sections"
        StandardOutput.line(
          "wrote \(output.terminalSafe)  \(what)  \(Format.count(bytes.count)) bytes")
      }
    }
  }

  /// Strokes whose paint's textures cannot be decoded are drawn solid; say so, once per
  /// paint. Paints no stroke uses are never decoded, so never warned about.
  private func warn(_ failure: PaintFailure) {
    printError(
      "willdoc: warning: \(input.terminalSafe): paint \(failure.index): "
        + "\(failure.error.message.terminalSafe); its strokes are drawn solid")
  }

  private func pageBackground(_ section: Section) -> InkColor? {
    switch backgroundChoice! {
    case .page: section.background
    case .transparent: nil
    case .color(let color): color
    }
  }

  /// The line that says which strokes reach outside a section's page, and what became of
  /// them: cropped (a warning) or drawn on a page fitted to the ink (a note).
  static func outsideLine(
    _ outside: InkOutsidePage, file: String, section: Int, fit: PageFit
  ) -> String {
    let strokes = outside.strokes == 1 ? "1 stroke reaches" : "\(outside.strokes) strokes reach"
    let wholly =
      outside.whollyOutside == 0
      ? ""
      : " (\(outside.whollyOutside == outside.strokes ? "all" : "\(outside.whollyOutside)") wholly)"
    let what =
      "\(strokes) outside the \(Format.number(outside.pageWidth)) × "
      + "\(Format.number(outside.pageHeight)) page\(wholly), up to "
      + "\(Format.number(outside.farthest)) page units past its edge"
    switch fit {
    case .page:
      return "willdoc: warning: \(file.terminalSafe): section \(section): \(what): cropped; "
        + "--fit ink draws all the ink"
    case .ink:
      return "willdoc: note: \(file.terminalSafe): section \(section): \(what): drawn in full "
        + "on a page fitted to the ink (--fit ink)"
    }
  }

  /// What a vector output draws instead of `mode`.
  static func approximation(of mode: BlendMode) -> String {
    switch mode.effective {
    case .directMultiply, .directDarken, .directLighten:
      "drawn with the format's separable mode, which differs where there is no ink under it"
    default: "drawn source-over"
    }
  }

  /// The refusal to draw over the document being drawn.
  static func overInput(_ path: String) -> ValidationError {
    ValidationError(
      "-o \(path.terminalSafe) is the input file: render writes PNG, SVG, PDF or outline JSON and "
        + "never replaces the WILL document it reads")
  }

  /// The files a run drawing the sections `indices` writes: one PDF, one file, or one
  /// numbered file per section.
  private func outputPaths(_ output: String, indices: [Int], format: OutputFormat) -> [String] {
    if format == .pdf || indices.count == 1 { return [output] }
    return indices.map { Self.numbered(output, $0) }
  }

  /// `out.png` → `out-2.png` (section 2).
  static func numbered(_ path: String, _ number: Int) -> String {
    let (folder, name) = SystemPath.split(path)
    let bytes = SystemPath.bytes(name)
    let stem = OutputNaming.stem(bytes)
    let numberedName =
      SystemPath.string(stem) + "-\(number)" + SystemPath.string(bytes[stem.count...])
    return path.contains("/") ? SystemPath.join(folder, numberedName) : numberedName
  }
}

extension Brush: ExpressibleByArgument {}
extension SVGStyle: ExpressibleByArgument {}
extension PageFit: ExpressibleByArgument {}
