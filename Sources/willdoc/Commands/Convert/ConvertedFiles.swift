/// What converting one input gave, a document or pictures: the files to write and what the
/// summary says about them.
struct ConvertedFiles {
  /// The input's format: `opc`, `riff` or `raw` for WILL 2, `uim` or `inkml`.
  var inputFormat: String
  /// The strokes written or drawn.
  var strokes: Int
  /// The files, each with the section it holds (`nil`: the output as planned) and its bytes.
  var files: [(section: Int?, bytes: [UInt8])]
  /// The sections the document has, for numbering files per section.
  var sections: Int
  /// What the conversion draws differently, one sentence each.
  var changes: [String] = []
  /// What the target format cannot hold, one item each.
  var dropped: [String] = []

  init(_ conversion: DocumentConversion) {
    inputFormat = conversion.inputFormat
    strokes = conversion.strokes
    files = [(nil, conversion.bytes)]
    sections = 1
    changes = conversion.changes
    dropped = conversion.dropped
  }

  init(_ pictures: PictureConversion) {
    inputFormat = pictures.inputFormat
    strokes = pictures.strokes
    files = pictures.files
    sections = pictures.sections
    changes = pictures.changes
  }

  /// The name of the file holding `section` when the output is named `name`: the name itself
  /// for one file, else numbered (``SectionDrawing/numbered(_:_:of:)``).
  func name(_ name: String, _ section: Int?) -> String {
    guard let section, files.count > 1 else { return name }
    return SectionDrawing.numbered(name, section, of: sections)
  }
}
