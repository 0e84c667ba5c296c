import InkCodec
import InkRender

/// One document drawn in memory, as `willdoc convert --to png|svg|pdf` does it for each
/// input: read as `render` reads it, every section drawn under the drawing limits, one file
/// per section (PNG, SVG) or one for all (PDF).
struct PictureConversion {
  /// The input's format: `opc`, `riff` or `raw` for WILL 2, `uim`, `inkml` or `tuhi`.
  var inputFormat: String
  /// The strokes drawn.
  var strokes: Int
  /// The sections in the document.
  var sections: Int
  /// The files to write: the section each holds (`nil` for a PDF of every section) and its
  /// bytes.
  var files: [(section: Int?, bytes: [UInt8])]
  /// What the pictures do not draw as the document says (``SectionDrawing/undrawn``), then
  /// the sections that show no ink, one sentence each (``SectionDrawing/blankSections``).
  var changes: [String] = []

  /// Draws every section of `file` in `format`, warnings going to `warn`; a tuhi drawing is
  /// read by `tuhi`.
  init(
    drawing file: InputFile, as format: PictureFormat, options: DrawingOptions,
    tuhi: TuhiReading = .standard, limits: DecodingLimits, warn: @escaping (String) -> Void
  ) throws(WillError) {
    let document: WillDocument
    var uim: UIMReport.UIMDrawing?
    if TuhiDrawing.sniff(file.bytes) {
      // What a picture cannot show (times, the device's name) matters to a drawing no more
      // than to render.
      var losses = ConversionLosses()
      document = try tuhi.document(file.bytes, limits: limits, losses: &losses)
      inputFormat = "tuhi"
    } else {
      (document, uim) = try UIMReport.drawing(file, limits: limits)
      inputFormat =
        UIMFile.sniff(file.bytes)
        ? "uim" : InkMLSniffer.sniff(file.bytes) ? "inkml" : document.container.rawValue
    }
    strokes = document.strokes.count
    sections = document.sections.count
    var drawing = SectionDrawing(format: format, options: options, warn: warn)
    let drawn = try drawing.draw(
      document, file: file.name, sections: Array(document.sections.indices), uim: uim)
    changes = drawing.undrawn + drawing.blankSections
    files =
      format.holdsEverySection
      ? [(nil, drawing.pdf())] : drawn.map { (Optional($0.section), $0.bytes) }
  }
}
