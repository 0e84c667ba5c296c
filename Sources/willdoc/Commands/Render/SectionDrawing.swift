import InkCodec
import InkRender

/// Draws sections of documents in one picture format for `render` and `convert --to
/// png|svg|pdf`: every page under its own budget and all of them under one total
/// (``TotalRenderBudget``), each warning once per document, PDF pages gathered for one file.
struct SectionDrawing {
  /// The format drawn.
  let format: PictureFormat
  /// The drawing options given.
  let options: DrawingOptions
  /// Where warnings and notes go, one line each.
  let warn: (String) -> Void

  /// The budget every page drawn so far has used.
  private(set) var budget: TotalRenderBudget
  /// The PDF pages drawn so far, in order.
  private(set) var pdfPages: [PDFPage] = []
  /// The first PDF page of each document drawn, named after its file.
  private var outline: [PDFOutlineEntry] = []
  /// The sections drawn that show no ink, one sentence each (`section 2: nothing is drawn:
  /// …`), for a conversion's `changed` lines; each is also warned about.
  private(set) var blankSections: [String] = []
  /// One payload drawn by many elements or pages is decoded (and, in a PDF, held) once.
  private let images = ImageCache()

  init(format: PictureFormat, options: DrawingOptions, warn: @escaping (String) -> Void) {
    self.format = format
    self.options = options
    self.warn = warn
    budget = TotalRenderBudget(limit: options.maxTotalRenderWork.value)
  }

  /// One section drawn: its index and, except in PDF, the file's bytes.
  struct Drawn {
    var section: Int
    var bytes: [UInt8]
  }

  /// What the last ``draw(_:file:sections:uim:)`` could not draw as the document says, one
  /// sentence each (for a UIM file: brushes, channels, modes); `render` warns of each,
  /// `convert` lists them as `changed`.
  private(set) var undrawn: [String] = []

  /// Draws `sections` of `document`, read from `file`; PDF pages are kept for ``pdf()``. A
  /// UIM file's strokes are drawn with their brushes from `uim`.
  mutating func draw(
    _ document: WillDocument, file: String, sections: [Int], uim: UIMReport.UIMDrawing? = nil
  ) throws(WillError) -> [Drawn] {
    var drawn: [Drawn] = []
    var notes = RenderPage.UIMBrushNotes()
    let brushes = uim.map { RenderPage.UIMBrushIndex($0.uim) }
    let firstStroke = uim == nil ? [] : Self.firstStrokes(of: document)
    var warnedPaints = Set<Int>()
    var warnedImages = Set<String>()
    var warnedModes = Set<BlendMode>()
    var brushesAsImage = false
    let base = options.renderOptions
    if format == .pdf, !sections.isEmpty {
      // A bookmark named after the file (its last name), opening its first page.
      let title =
        file == "-"
        ? "standard input" : SystemPath.string(OutputNaming.lastName(SystemPath.bytes(file)))
      outline.append(PDFOutlineEntry(title: title, page: pdfPages.count))
    }
    for index in sections {
      var page = self.page(
        of: document, section: index, file: file, uim: uim, brushes: brushes,
        firstStroke: firstStroke.isEmpty ? 0 : firstStroke[index], notes: &notes)
      page = options.laidOut(page, defaultWidth: base.defaultWidth)
      var pageOptions = base
      pageOptions.limits = try budget.limits(forNextPage: base.limits)
      var report = RenderReport()
      var bytes: [UInt8] = []
      do throws(WillError) {
        switch format {
        case .png:
          bytes = try Renderer.renderPNG(
            page, options: pageOptions, report: &report, images: images)
        case .jpeg:
          bytes = try Renderer.renderJPEG(
            page, options: pageOptions, report: &report, images: images)
        case .svg:
          bytes = Array(
            try Renderer.renderSVG(page, options: pageOptions, report: &report, images: images)
              .utf8)
        case .outlineJSON:
          bytes = Array(
            try Renderer.renderOutlineJSON(page, options: pageOptions, report: &report).utf8)
        case .pdf:
          pdfPages.append(
            try Renderer.renderPDFPage(page, options: pageOptions, report: &report, images: images))
        }
      } catch {
        throw budget.attributing(error, toPageUnder: base.limits)
      }
      budget.charge(pageWork: report.work)
      brushesAsImage = brushesAsImage || report.brushesDrawnAsImage
      for failure in report.undecodablePaints where warnedPaints.insert(failure.index).inserted {
        // Paints no stroke uses are never decoded, so never warned about.
        warn(
          "willdoc: warning: \(file.terminalSafe): paint \(failure.index): "
            + "\(failure.error.message.terminalSafe); its strokes are drawn solid")
      }
      for failure in report.undrawnImages where warnedImages.insert(failure.name).inserted {
        warn(
          "willdoc: warning: \(file.terminalSafe): image \(failure.name.terminalSafe) is not "
            + "drawn: \(failure.reason.terminalSafe)"
            + (failure.error.map { raiseHint($0.kind) } ?? ""))
      }
      for mode in report.approximatedBlendModes where warnedModes.insert(mode).inserted {
        warn(
          "willdoc: warning: \(file.terminalSafe): blend mode \(mode.name) has no "
            + "\(format.rawValue.uppercased()) equivalent: the page's ink is drawn as an image "
            + "at the render scale")
      }
      if format != .pdf { drawn.append(Drawn(section: index, bytes: bytes)) }
    }
    undrawn =
      (uim.map {
        undrawnLines(notes, changes: $0.changes, brushesAsImage: brushesAsImage)
      } ?? []) + Self.unshownLines(of: document, sections: sections, uim: uim)
    return drawn
  }

  /// What no picture format draws of `sections` of `document`, one sentence each: strokes
  /// whose colour changes from point to point (the painters draw a stroke in one colour, its
  /// alpha per point), and a UIM file's strokes that no node of its main ink tree shows.
  static func unshownLines(
    of document: WillDocument, sections: [Int], uim: UIMReport.UIMDrawing?
  ) -> [String] {
    var lines: [String] = []
    var multicoloured = 0
    for index in sections {
      for placed in document.sections[index].pathsElements {
        for stroke in placed.element.strokes where stroke.colors.count > 1 {
          let first = stroke.colors[0]
          if stroke.colors.contains(where: {
            $0.red != first.red || $0.green != first.green || $0.blue != first.blue
          }) {
            multicoloured += 1
          }
        }
      }
    }
    if multicoloured > 0 {
      lines.append(
        "\(multicoloured) strokes whose colour changes along them are drawn in their first "
          + "colour (their alpha is drawn point by point)")
    }
    // Without a main tree every stroke is drawn; strokes in the tree but outside willdoc's
    // layout are among the conversion's changes.
    if let uim, let tree = uim.uim.structure.mainTree {
      // A bitmap, not a set: one pass over the tree, however many nodes share a stroke.
      var inTree = [Bool](repeating: false, count: uim.uim.inkData.strokes.count)
      for index in tree.strokeIndices where inTree.indices.contains(index) { inTree[index] = true }
      let outside = inTree.lazy.filter { !$0 }.count
      if outside > 0 {
        lines.append("\(outside) strokes outside the main ink tree are not drawn")
      }
    }
    return lines
  }

  /// The index of each section's first stroke among the document's strokes (sections,
  /// paths elements, strokes), as a UIM drawing's sources count them.
  static func firstStrokes(of document: WillDocument) -> [Int] {
    var first: [Int] = []
    var count = 0
    for section in document.sections {
      first.append(count)
      count += section.pathsElements.reduce(0) { $0 + $1.element.strokes.count }
    }
    return first
  }

  /// Section `index` of `document` as drawn, before ``DrawingOptions/laidOut(_:defaultWidth:)``:
  /// a UIM file's strokes with their brushes (from `uim`, its strokes from `firstStroke`
  /// among its sources; what they cannot draw added to `notes`), with the options'
  /// background and fit. Warns of ink outside the page and of a page that shows nothing (a
  /// sentence of ``blankSections``). `render` and `render --animate` draw this page.
  mutating func page(
    of document: WillDocument, section index: Int, file: String, uim: UIMReport.UIMDrawing?,
    brushes: RenderPage.UIMBrushIndex?, firstStroke: Int, notes: inout RenderPage.UIMBrushNotes
  ) -> RenderPage {
    let section = document.sections[index]
    var page = RenderPage(section: section, paints: document.paints)
    if let uim {
      let start = min(firstStroke, uim.sources.count)
      let count = section.pathsElements.reduce(0) { $0 + $1.element.strokes.count }
      let found = page.shapeStrokes(
        of: uim.uim, brushes: brushes,
        sources: Array(uim.sources[start..<min(start + count, uim.sources.count)]))
      notes.missingBrushes.formUnion(found.missingBrushes)
      notes.unreadableShapes.formUnion(found.unreadableShapes)
      notes.rasterBrushes.formUnion(found.rasterBrushes)
      notes.undrawnChannels.formUnion(found.undrawnChannels)
    }
    page.background = options.background(of: section)
    page.fit = options.fit
    let outside = page.inkOutsidePage()
    if let outside {
      warn(Self.outsideLine(outside, file: file, section: index, fit: options.fit))
    }
    if let why = Self.blankReason(page, outside: outside, fit: options.fit) {
      let sentence = "section \(index): nothing is drawn: \(why)"
      blankSections.append(sentence)
      warn("willdoc: warning: \(file.terminalSafe): \(sentence)")
    }
    return page
  }

  /// The page a replay (`render --animate`) draws of section `index`: as ``page(of:section:file:uim:brushes:firstStroke:notes:)``
  /// (warning as it does), and sets ``undrawn`` as ``draw(_:file:sections:uim:)`` does.
  mutating func replayPage(
    of document: WillDocument, section index: Int, file: String, uim: UIMReport.UIMDrawing?
  ) -> RenderPage {
    var notes = RenderPage.UIMBrushNotes()
    let page = self.page(
      of: document, section: index, file: file, uim: uim,
      brushes: uim.map { RenderPage.UIMBrushIndex($0.uim) },
      firstStroke: uim == nil ? 0 : Self.firstStrokes(of: document)[index], notes: &notes)
    // A replay is an animated PNG: its particles are drawn, never an image in a vector page.
    undrawn =
      (uim.map { undrawnLines(notes, changes: $0.changes, brushesAsImage: false) } ?? [])
      + Self.unshownLines(of: document, sections: [index], uim: uim)
    return page
  }

  /// What a UIM file's drawing leaves out or draws otherwise: `notes` from its pages, and the
  /// WILL 2 conversion's changes that hold for the drawing too (the channels it lists and
  /// rounding to fixed point do not: the strokes are drawn from the UIM model).
  /// `brushesAsImage` says whether a page's ink was drawn as an image for its particles
  /// (``RenderReport/brushesDrawnAsImage``).
  func undrawnLines(
    _ notes: RenderPage.UIMBrushNotes, changes: [String], brushesAsImage: Bool
  ) -> [String] {
    func listed(_ items: Set<String>) -> String {
      let sorted = items.sorted()
      let shown = sorted.prefix(8).map { $0.count > 100 ? String($0.prefix(100)) + "…" : $0 }
      return shown.joined(separator: ", ")
        + (sorted.count > shown.count ? " and \(sorted.count - shown.count) more" : "")
    }
    var lines: [String] = []
    if !notes.unreadableShapes.isEmpty {
      lines.append(
        "brush shapes that cannot be read are drawn as circles: " + listed(notes.unreadableShapes))
    }
    if !notes.missingBrushes.isEmpty {
      lines.append(
        "brushes the document does not hold are drawn as circles: " + listed(notes.missingBrushes))
    }
    // Raster brushes draw their particles on a canvas: PNG and JPEG, and SVG and PDF as an
    // image of the page's ink; outline JSON holds outlines only.
    if !notes.rasterBrushes.isEmpty {
      let names = listed(notes.rasterBrushes)
      if format == .outlineJSON {
        lines.append(
          "raster brushes are drawn as solid strokes (outline JSON holds outlines; PNG, JPEG, "
            + "SVG and PDF draw their particles): " + names)
      } else if options.brush == .hair {
        lines.append("raster brushes are drawn with the hair brush, not their particles: " + names)
      } else if brushesAsImage && (format == .svg || format == .pdf) {
        lines.append(
          "raster brushes have no \(format.rawValue.uppercased()) equivalent: the page's ink is "
            + "drawn as an image at the render scale: " + names)
      }
    }
    if !notes.undrawnChannels.isEmpty {
      lines.append(
        "channels a flat picture cannot show are not drawn: " + listed(notes.undrawnChannels))
    }
    let redrawn = [
      "channels WILL 2 cannot hold", "strokes stored as floats", "strokes would be rounded",
    ]
    lines += changes.filter { change in
      !redrawn.contains { change.hasPrefix($0) || change.contains($0) }
    }
    return lines
  }

  /// The PDF of every page drawn, in order, with an outline entry per input when there are
  /// pages from several.
  func pdf() -> [UInt8] {
    PDFWriter.document(pdfPages, outline: outline.count > 1 ? outline : [])
  }

  /// Forgets the PDF pages drawn so far (a batch writes one PDF per input).
  mutating func removePDFPages() {
    pdfPages.removeAll()
    outline.removeAll()
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

  /// Why a section's page shows nothing: no image, and no strokes, every stroke an eraser or
  /// fully transparent, or every stroke wholly outside the page (with `fit` `page`); `nil`
  /// when an image or a stroke may show.
  static func blankReason(_ page: RenderPage, outside: InkOutsidePage?, fit: PageFit) -> String? {
    guard page.images.isEmpty else { return nil }
    var count = 0
    var visible = 0
    for layer in page.layers {
      count += layer.strokes.count
      for stroke in layer.strokes
      where stroke.blendMode.effective != .destinationOut
        && (stroke.colors.isEmpty || stroke.colors.contains { $0.alpha > 0 })
      {
        visible += 1
      }
    }
    if count == 0 { return "the section has no strokes" }
    if visible == 0 {
      return count == 1
        ? "its one stroke is fully transparent or an eraser"
        : "all \(count) strokes are fully transparent or erasers"
    }
    if let outside, fit != .ink, outside.whollyOutside >= count {
      return count == 1
        ? "its one stroke lies outside the page"
        : "all \(count) strokes lie outside the page (--fit ink draws them)"
    }
    return nil
  }

  /// `out.png` → `out-2.png` (section 2 of 3), `out-02.png` (section 2 of 12): the number
  /// padded to the width of the last one, so that names sort in section order.
  static func numbered(_ path: String, _ number: Int, of count: Int) -> String {
    let (folder, name) = SystemPath.split(path)
    let bytes = SystemPath.bytes(name)
    let stem = OutputNaming.stem(bytes)
    let padded = OutputNaming.sectionNumber(number, of: count)
    let numberedName =
      SystemPath.string(stem) + "-\(padded)" + SystemPath.string(bytes[stem.count...])
    return path.contains("/") ? SystemPath.join(folder, numberedName) : numberedName
  }
}
