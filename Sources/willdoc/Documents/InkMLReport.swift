import InkCodec

/// How commands that read WILL 2 take an InkML file or a tuhi drawing: through its WILL 2
/// conversion, with what the conversion changes and drops named on standard error
/// (`willdoc: note:` lines), since a picture, a summary or a dump of the WILL 2 form does not
/// show them.
enum InkMLReport {
  /// Whether `bytes` are InkML or a tuhi drawing: a format read through its WILL 2 form.
  static func isConverted(_ bytes: [UInt8]) -> Bool {
    InkMLSniffer.sniff(bytes) || TuhiDrawing.sniff(bytes)
  }

  /// The WILL 2 form of an InkML or tuhi `input`; the conversion's `changed` and `dropped`
  /// lines go to standard error.
  static func converted(_ input: InputFile, limits: DecodingLimits) throws(WillError)
    -> WillDocument
  {
    var diagnostics: [Diagnostic] = []
    return try converted(input, limits: limits, diagnostics: &diagnostics)
  }

  /// The WILL 2 form of an InkML or tuhi `input`, as ``converted(_:limits:)``; what reading
  /// InkML tolerated goes to `diagnostics` (``InkMLDocument/diagnostics``).
  static func converted(
    _ input: InputFile, limits: DecodingLimits, diagnostics: inout [Diagnostic]
  ) throws(WillError) -> WillDocument {
    var losses = ConversionLosses()
    let document: WillDocument
    if TuhiDrawing.sniff(input.bytes) {
      document = try TuhiReading.standard.document(input.bytes, limits: limits, losses: &losses)
    } else {
      let inkML = try InkMLDocument(parsing: input.bytes, limits: limits)
      diagnostics += inkML.diagnostics
      document = try WillDocument(converting: inkML, losses: &losses)
    }
    let name = input.displayName.terminalSafe
    for line in losses.drawingChanges {
      printError("willdoc: note: \(name): read as WILL 2: changed  \(line.terminalSafe)")
    }
    for line in losses.droppedMetadata {
      printError("willdoc: note: \(name): read as WILL 2: dropped  \(line.terminalSafe)")
    }
    return document
  }

  /// `input` as it is, or for InkML and tuhi, its WILL 2 form's bytes (see ``converted(_:limits:)``),
  /// for the commands that read WILL 2 streams (`inspect`, `validate`, `dump`).
  static func willInput(_ input: InputFile, limits: DecodingLimits) throws(WillError)
    -> InputFile
  {
    var diagnostics: [Diagnostic] = []
    return try willInput(input, limits: limits, diagnostics: &diagnostics)
  }

  /// `input` or its WILL 2 form's bytes, as ``willInput(_:limits:)``; what reading InkML
  /// tolerated goes to `diagnostics`.
  static func willInput(
    _ input: InputFile, limits: DecodingLimits, diagnostics: inout [Diagnostic]
  ) throws(WillError) -> InputFile {
    guard isConverted(input.bytes) else { return input }
    let document = try converted(input, limits: limits, diagnostics: &diagnostics)
    // An OPC package: four parts, and three per section (its SVG, relations, paths). Stored,
    // not deflated: these bytes are read once, at once, and deflating a part (a fresh zlib
    // state each) cost a third of reading 10,000 one-trace groups.
    return InputFile(
      name: input.name,
      bytes: try document.serialized(container: .opc, options: WriteOptions(deflateLevel: 0)),
      convertedParts: 4 + 3 * document.sections.count)
  }
}
