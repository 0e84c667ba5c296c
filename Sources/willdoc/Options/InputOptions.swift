import ArgumentParser
import InkCodec

/// The decoding limits, one option per ``DecodingLimits`` field. `--help` leaves them out, to
/// fit a screen (``helpNote`` says where they are); `--help-hidden` lists them.
struct LimitOptions: DirectlyParsable {
  /// The sentence a command's help ends with, since its limit options are hidden.
  static let helpNote = "Decoding limits (--max-strokes, …): --help-hidden."

  /// Largest input file, in bytes.
  var maxFileBytes = LimitValue(DecodingLimits.default.maxFileBytes)

  /// Largest decompressed size of one zip part.
  var maxPartBytes = LimitValue(DecodingLimits.default.maxPartBytes)

  /// Largest decompressed size of all parts.
  var maxTotalBytes = LimitValue(DecodingLimits.default.maxTotalBytes)

  /// Most parts: zip entries in a package, chunks in a RIFF file.
  var maxParts = LimitValue(DecodingLimits.default.maxParts)

  /// Deepest XML element nesting (at most 256).
  var maxXMLDepth = LimitValue(DecodingLimits.default.maxXMLDepth)

  /// Most attributes on one XML element.
  var maxXMLAttributes = LimitValue(DecodingLimits.default.maxXMLAttributes)

  /// Most strokes in a document.
  var maxStrokes = LimitValue(DecodingLimits.default.maxStrokes)

  /// Most particle paints in the paints part.
  var maxPaints = LimitValue(DecodingLimits.default.maxPaints)

  /// Most points in one stroke.
  var maxPointsPerStroke = LimitValue(DecodingLimits.default.maxPointsPerStroke)

  /// Most points in a document, counted once per reference to their part.
  var maxTotalPoints = LimitValue(DecodingLimits.default.maxTotalPoints)

  /// Most sections (pages).
  var maxSections = LimitValue(DecodingLimits.default.maxSections)

  /// Most SVG elements in all sections.
  var maxElements = LimitValue(DecodingLimits.default.maxElements)

  /// Most references to paths and image parts.
  var maxReferences = LimitValue(DecodingLimits.default.maxReferences)

  /// Largest XML part (at most 10,000,000).
  var maxXMLPartBytes = LimitValue(DecodingLimits.default.maxXMLPartBytes)

  /// Longest XML name (at most 50,000).
  var maxXMLNameBytes = LimitValue(DecodingLimits.default.maxXMLNameBytes)

  /// Most channels in one InkML trace format.
  var maxChannels = LimitValue(DecodingLimits.default.maxChannels)

  /// Most brushes in one InkML document.
  var maxBrushes = LimitValue(DecodingLimits.default.maxBrushes)

  /// The limits the options describe.
  var limits: DecodingLimits {
    DecodingLimits(
      maxFileBytes: maxFileBytes.value, maxPartBytes: maxPartBytes.value,
      maxTotalBytes: maxTotalBytes.value, maxParts: maxParts.value,
      maxXMLDepth: maxXMLDepth.value, maxXMLAttributes: maxXMLAttributes.value,
      maxStrokes: maxStrokes.value, maxPaints: maxPaints.value,
      maxPointsPerStroke: maxPointsPerStroke.value, maxTotalPoints: maxTotalPoints.value,
      maxSections: maxSections.value, maxElements: maxElements.value,
      maxReferences: maxReferences.value, maxXMLPartBytes: maxXMLPartBytes.value,
      maxXMLNameBytes: maxXMLNameBytes.value, maxChannels: maxChannels.value,
      maxBrushes: maxBrushes.value)
  }

  func validate() throws {
    let all: [(DecodingLimits.Limit, LimitValue)] = [
      (.fileBytes, maxFileBytes), (.partBytes, maxPartBytes), (.totalBytes, maxTotalBytes),
      (.parts, maxParts), (.xmlDepth, maxXMLDepth), (.xmlAttributes, maxXMLAttributes),
      (.strokes, maxStrokes), (.paints, maxPaints), (.pointsPerStroke, maxPointsPerStroke),
      (.totalPoints, maxTotalPoints), (.sections, maxSections), (.elements, maxElements),
      (.references, maxReferences), (.xmlPartBytes, maxXMLPartBytes),
      (.xmlNameBytes, maxXMLNameBytes), (.channels, maxChannels),
      (.brushes, maxBrushes),
    ]
    if let (limit, _) = all.first(where: { $0.1.value < 0 }) {
      throw ValidationError("\(limit.optionName) must not be negative")
    }
  }
}

extension LimitOptions {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .value("--max-file-bytes") { $0.maxFileBytes = $1 },
      .value("--max-part-bytes") { $0.maxPartBytes = $1 },
      .value("--max-total-bytes") { $0.maxTotalBytes = $1 },
      .value("--max-parts") { $0.maxParts = $1 },
      .value("--max-xml-depth") { $0.maxXMLDepth = $1 },
      .value("--max-xml-attributes") { $0.maxXMLAttributes = $1 },
      .value("--max-strokes") { $0.maxStrokes = $1 },
      .value("--max-paints") { $0.maxPaints = $1 },
      .value("--max-points-per-stroke") { $0.maxPointsPerStroke = $1 },
      .value("--max-total-points") { $0.maxTotalPoints = $1 },
      .value("--max-sections") { $0.maxSections = $1 },
      .value("--max-elements") { $0.maxElements = $1 },
      .value("--max-references") { $0.maxReferences = $1 },
      .value("--max-xml-part-bytes") { $0.maxXMLPartBytes = $1 },
      .value("--max-xml-name-bytes") { $0.maxXMLNameBytes = $1 },
      .value("--max-channels") { $0.maxChannels = $1 },
      .value("--max-brushes") { $0.maxBrushes = $1 },
    ]
  }
}

extension LimitOptions {
  /// The option group as swift-argument-parser declares it, for its help, its errors and the
  /// lines the table leaves: ``plain`` is the ``LimitOptions`` it parses to.
  struct Declaration: ParsableArguments, ArgumentsDeclaration {
    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Largest input file, in bytes. " + LimitValue.suffixHelp, valueName: "bytes",
        visibility: .hidden))
    var maxFileBytes = LimitValue(DecodingLimits.default.maxFileBytes)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Largest decompressed size of one zip part. " + LimitValue.suffixHelp, valueName: "bytes",
        visibility: .hidden))
    var maxPartBytes = LimitValue(DecodingLimits.default.maxPartBytes)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Largest decompressed size of all parts. " + LimitValue.suffixHelp, valueName: "bytes",
        visibility: .hidden))
    var maxTotalBytes = LimitValue(DecodingLimits.default.maxTotalBytes)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Most parts: zip entries in a package, chunks in a RIFF file. " + LimitValue.suffixHelp,
        valueName: "n", visibility: .hidden))
    var maxParts = LimitValue(DecodingLimits.default.maxParts)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Deepest XML element nesting (at most 256). " + LimitValue.suffixHelp, valueName: "n",
        visibility: .hidden))
    var maxXMLDepth = LimitValue(DecodingLimits.default.maxXMLDepth)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Most attributes on one XML element. " + LimitValue.suffixHelp, valueName: "n",
        visibility: .hidden))
    var maxXMLAttributes = LimitValue(DecodingLimits.default.maxXMLAttributes)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Most strokes in a document. " + LimitValue.suffixHelp, valueName: "n", visibility: .hidden)
    )
    var maxStrokes = LimitValue(DecodingLimits.default.maxStrokes)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Most particle paints in the paints part. " + LimitValue.suffixHelp, valueName: "n",
        visibility: .hidden))
    var maxPaints = LimitValue(DecodingLimits.default.maxPaints)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Most points in one stroke. " + LimitValue.suffixHelp, valueName: "n", visibility: .hidden))
    var maxPointsPerStroke = LimitValue(DecodingLimits.default.maxPointsPerStroke)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Most points in a document, counted once per reference to their part. "
          + LimitValue.suffixHelp, valueName: "n", visibility: .hidden))
    var maxTotalPoints = LimitValue(DecodingLimits.default.maxTotalPoints)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Most sections (pages). " + LimitValue.suffixHelp, valueName: "n", visibility: .hidden))
    var maxSections = LimitValue(DecodingLimits.default.maxSections)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Most SVG elements in all sections. " + LimitValue.suffixHelp, valueName: "n",
        visibility: .hidden))
    var maxElements = LimitValue(DecodingLimits.default.maxElements)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Most references to paths and image parts. " + LimitValue.suffixHelp, valueName: "n",
        visibility: .hidden))
    var maxReferences = LimitValue(DecodingLimits.default.maxReferences)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Largest XML part (at most 10,000,000). " + LimitValue.suffixHelp, valueName: "bytes",
        visibility: .hidden))
    var maxXMLPartBytes = LimitValue(DecodingLimits.default.maxXMLPartBytes)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Longest XML name (at most 50,000). " + LimitValue.suffixHelp, valueName: "bytes",
        visibility: .hidden))
    var maxXMLNameBytes = LimitValue(DecodingLimits.default.maxXMLNameBytes)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Most channels in one InkML trace format. " + LimitValue.suffixHelp, valueName: "count",
        visibility: .hidden))
    var maxChannels = LimitValue(DecodingLimits.default.maxChannels)

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Most brushes in one InkML document. " + LimitValue.suffixHelp, valueName: "count",
        visibility: .hidden))
    var maxBrushes = LimitValue(DecodingLimits.default.maxBrushes)

    var plain: LimitOptions {
      var plain = LimitOptions()
      plain.maxFileBytes = maxFileBytes
      plain.maxPartBytes = maxPartBytes
      plain.maxTotalBytes = maxTotalBytes
      plain.maxParts = maxParts
      plain.maxXMLDepth = maxXMLDepth
      plain.maxXMLAttributes = maxXMLAttributes
      plain.maxStrokes = maxStrokes
      plain.maxPaints = maxPaints
      plain.maxPointsPerStroke = maxPointsPerStroke
      plain.maxTotalPoints = maxTotalPoints
      plain.maxSections = maxSections
      plain.maxElements = maxElements
      plain.maxReferences = maxReferences
      plain.maxXMLPartBytes = maxXMLPartBytes
      plain.maxXMLNameBytes = maxXMLNameBytes
      plain.maxChannels = maxChannels
      plain.maxBrushes = maxBrushes
      return plain
    }
  }
}
