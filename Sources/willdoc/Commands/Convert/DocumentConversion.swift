import InkCodec

/// One document converted in memory, as `willdoc convert` does it for each input: the input
/// sniffed (UIM, InkML, a tuhi drawing, else WILL 2), converted, serialised, and read back under the same
/// limits with every stroke before anything is written.
struct DocumentConversion {
  /// The input's format: `opc`, `riff` or `raw` for WILL 2, `uim`, `inkml` or `tuhi`.
  var inputFormat: String
  /// The input's report line after the file name: `uim 3.1.0 12 strokes`.
  var inputSummary: String
  /// The output's format: `uim`, `inkml`, or `will` and the container written
  /// (`will riff`).
  var outputFormat: String
  /// The converted document, checked.
  var bytes: [UInt8]
  /// The strokes (traces for InkML) the converted document holds.
  var strokes: Int
  /// What the conversion draws differently, one sentence each.
  var changes: [String]
  /// What the target format cannot hold, one item each.
  var dropped: [String]

  /// Why a conversion failed, and where.
  enum Failure: Error {
    /// The input could not be read or converted.
    case input(WillError)
    /// The converted document did not read back.
    case output(WillError)
    /// The converted document read back with another number of strokes.
    case strokeCountMismatch(written: Int, expected: Int)

    /// The diagnostic code: the error's, or `conversion-mismatch`.
    var code: String {
      switch self {
      case .input(let error), .output(let error): error.kind.code
      case .strokeCountMismatch: "conversion-mismatch"
      }
    }

    /// The exit status a single conversion ends with: 2 for an unreadable input, else 1.
    var exitStatus: ExitStatus {
      switch self {
      case .input(let error): ExitStatus(error)
      case .output, .strokeCountMismatch: .invalid
      }
    }

    /// Why, as a sentence (not escaped for the terminal), for a summary that names the input.
    var reason: String {
      switch self {
      case .input(let error): error.description + raiseHint(error.kind)
      case .output(let error):
        "the converted document does not read back: \(error.description)" + raiseHint(error.kind)
      case .strokeCountMismatch(let written, let expected):
        "the converted document has \(written) strokes, expected \(expected)"
      }
    }

    /// The error line's text after `willdoc: error: `: the file it is about (the input, or
    /// `output` for what was written), then the reason, escaped for the terminal.
    func message(input: String, output: String) -> String {
      switch self {
      case .input(let error):
        "\(input.terminalSafe): \(error.description.terminalSafe)" + raiseHint(error.kind)
      case .output(let error):
        "\(output.terminalSafe): \(error.description.terminalSafe)" + raiseHint(error.kind)
      case .strokeCountMismatch(let written, let expected):
        "\(output.terminalSafe): the converted document has \(written) strokes, expected \(expected)"
      }
    }
  }

  /// Converts `file` to `target` under `limits`, and checks the result by reading it back.
  /// WILL 2 output goes in `container`; nil keeps a WILL 2 input's, writes RIFF for a UIM
  /// whose paths parts are RIFF chunks (``WillDocument/containerOfParts``) and a package
  /// for any other. InkML output takes `inkMLProfile`'s form; a tuhi drawing is read by `tuhi`.
  init(
    converting file: InputFile, to target: ConvertFormat, container: ContainerKind? = nil,
    inkMLProfile: InkMLProfile = .standard, tuhi: TuhiReading = .standard,
    limits: DecodingLimits
  ) throws(Failure) {
    var losses = ConversionLosses()
    var format = ""
    var summary = ""
    var written = ContainerKind.opc
    // The converted document lives only until it is written: reading the bytes back builds
    // another, and the two with the bytes took an at-limit file past 1 GiB.
    let converted: ([UInt8], Int)
    do {
      let pending: PendingOutput
      do {
        (format, summary, pending) = try Self.convert(
          file.bytes, to: target, container: container, profile: inkMLProfile, tuhi: tuhi,
          limits: limits, losses: &losses, written: &written)
      } catch {
        throw .input(error)
      }
      // What cannot be written (a part past what readers parse) is about the output.
      do {
        converted = (try pending.serialize(), pending.strokes)
      } catch {
        throw .output(error)
      }
    }
    let count: Int
    do {
      count =
        switch target {
        case .uim: try UIMDocument(parsing: converted.0, limits: limits).inkData.strokes.count
        case .will: try WillDocument(parsing: converted.0, limits: limits).strokes.count
        case .inkml: try InkMLDocument(parsing: converted.0, limits: limits).traces.count
        case .png, .jpeg, .svg, .pdf: preconditionFailure("pictures are PictureConversion's")
        }
    } catch {
      throw .output(error)
    }
    guard count == converted.1 else {
      throw .strokeCountMismatch(written: count, expected: converted.1)
    }
    inputFormat = format
    inputSummary = summary
    outputFormat = target == .will ? "will \(written.rawValue)" : target.rawValue
    bytes = converted.0
    strokes = count
    changes = losses.drawingChanges
    dropped = losses.droppedMetadata
  }

  /// A converted document and how to write it: serialising is its own step, whose errors
  /// are about the output.
  private struct PendingOutput {
    /// The strokes (traces) the document holds.
    var strokes: Int
    /// The document's bytes in the target format.
    var serialize: () throws(WillError) -> [UInt8]
  }

  /// The input's format and summary, and the converted document to write; `written` is set
  /// to the container of WILL 2 output.
  private static func convert(
    _ bytes: [UInt8], to target: ConvertFormat, container: ContainerKind?,
    profile: InkMLProfile, tuhi: TuhiReading, limits: DecodingLimits,
    losses: inout ConversionLosses, written: inout ContainerKind
  ) throws(WillError) -> (String, String, PendingOutput) {
    if TuhiDrawing.sniff(bytes) {
      if target == .uim {
        // Straight to UIM, which keeps the samples and their times as sensor data.
        let uim = try tuhi.uim(bytes, limits: limits, losses: &losses)
        let count = uim.inkData.strokes.count
        return (
          "tuhi", "tuhi \(Format.count(count)) strokes",
          PendingOutput(strokes: count) { () throws(WillError) in try uim.serialized() }
        )
      }
      let document = try tuhi.document(bytes, limits: limits, losses: &losses)
      let summary = "tuhi \(Format.count(document.strokes.count)) strokes"
      written = container ?? .opc
      return (
        "tuhi", summary,
        try serialize(
          document, as: target, container: written, profile: profile, losses: &losses)
      )
    }
    if UIMFile.sniff(bytes) {
      let uim = try UIMDocument(parsing: bytes, limits: limits)
      let summary =
        "uim \(UIMReport.version(uim)) \(Format.count(uim.inkData.strokes.count)) strokes"
      if target == .uim {
        return (
          "uim", summary,
          PendingOutput(strokes: uim.inkData.strokes.count) { () throws(WillError) in
            try uim.serialized()
          }
        )
      }
      let document = try WillDocument(converting: uim, limits: limits, losses: &losses)
      written = container ?? document.containerOfParts ?? .opc
      return (
        "uim", summary,
        try serialize(
          document, as: target, container: written, profile: profile, losses: &losses)
      )
    }
    if InkMLSniffer.sniff(bytes) {
      let inkML = try InkMLDocument(parsing: bytes, limits: limits)
      let summary = "inkml \(Format.count(inkML.traces.count)) traces"
      // Values with units go through WILL 2 to land in page units: willdoc's InkML has none.
      if target == .inkml, !inkML.traces.contains(where: { !$0.scales.isEmpty }) {
        if inkML.notes.annotations > 0 {
          losses.droppedMetadata.append("\(inkML.notes.annotations) InkML annotations")
        }
        if inkML.notes.nestedGroups > 0 {
          losses.droppedMetadata.append(
            "\(inkML.notes.nestedGroups) nested trace groups (their traces kept, flattened)")
        }
        return (
          "inkml", summary,
          PendingOutput(strokes: inkML.traces.count) { () throws(WillError) in
            try inkML.serialized(profile: profile)
          }
        )
      }
      let document = try WillDocument(converting: inkML, losses: &losses)
      written = container ?? .opc
      return (
        "inkml", summary,
        try serialize(
          document, as: target, container: written, profile: profile, losses: &losses)
      )
    }
    let document = try WillDocument(parsing: bytes, limits: limits)
    let kind = document.container.rawValue
    let summary = "\(kind) \(Format.count(document.strokes.count)) strokes"
    written = container ?? document.container
    return (
      kind, summary,
      try serialize(document, as: target, container: written, profile: profile, losses: &losses)
    )
  }

  /// A WILL 2 document converted to the target format (WILL 2 in `container`, InkML in
  /// `profile`'s form), to write; what the target does not hold is added to `losses`.
  private static func serialize(
    _ document: WillDocument, as target: ConvertFormat, container: ContainerKind,
    profile: InkMLProfile,
    losses: inout ConversionLosses
  ) throws(WillError) -> PendingOutput {
    let count = document.strokes.count
    switch target {
    case .will:
      if container != document.container {
        let containerLosses = document.losses(convertingTo: container)
        losses.drawingChanges += containerLosses.drawingChanges
        losses.droppedMetadata += containerLosses.droppedMetadata
      }
      return PendingOutput(strokes: count) { () throws(WillError) in
        try document.serialized(container: container)
      }
    case .uim:
      losses.droppedMetadata += document.uimConversionLosses
      let uim = try UIMDocument(converting: document)
      return PendingOutput(strokes: count) { () throws(WillError) in try uim.serialized() }
    case .inkml:
      let inkML = try InkMLDocument(converting: document, losses: &losses)
      return PendingOutput(strokes: count) { () throws(WillError) in
        try inkML.serialized(profile: profile)
      }
    case .png, .jpeg, .svg, .pdf: preconditionFailure("pictures are PictureConversion's")
    }
  }
}
