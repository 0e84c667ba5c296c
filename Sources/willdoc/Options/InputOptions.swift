import ArgumentParser
import InkCodec

/// The decoding limits, one option per ``DecodingLimits`` field.
struct LimitOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Largest input file, in bytes.", valueName: "bytes"))
  var maxFileBytes: Int = DecodingLimits.default.maxFileBytes

  @Option(help: ArgumentHelp("Largest decompressed size of one zip part.", valueName: "bytes"))
  var maxPartBytes: Int = DecodingLimits.default.maxPartBytes

  @Option(help: ArgumentHelp("Largest decompressed size of all parts.", valueName: "bytes"))
  var maxTotalBytes: Int = DecodingLimits.default.maxTotalBytes

  @Option(
    help: ArgumentHelp(
      "Most parts: zip entries in a package, chunks in a RIFF file.", valueName: "n"))
  var maxParts: Int = DecodingLimits.default.maxParts

  @Option(help: ArgumentHelp("Deepest XML element nesting (at most 256).", valueName: "n"))
  var maxXMLDepth: Int = DecodingLimits.default.maxXMLDepth

  @Option(help: ArgumentHelp("Most attributes on one XML element.", valueName: "n"))
  var maxXMLAttributes: Int = DecodingLimits.default.maxXMLAttributes

  @Option(help: ArgumentHelp("Most strokes in a document.", valueName: "n"))
  var maxStrokes: Int = DecodingLimits.default.maxStrokes

  @Option(help: ArgumentHelp("Most particle paints in the paints part.", valueName: "n"))
  var maxPaints: Int = DecodingLimits.default.maxPaints

  @Option(help: ArgumentHelp("Most points in one stroke.", valueName: "n"))
  var maxPointsPerStroke: Int = DecodingLimits.default.maxPointsPerStroke

  @Option(
    help: ArgumentHelp(
      "Most points in a document, counted once per reference to their part.", valueName: "n"))
  var maxTotalPoints: Int = DecodingLimits.default.maxTotalPoints

  @Option(help: ArgumentHelp("Most sections (pages).", valueName: "n"))
  var maxSections: Int = DecodingLimits.default.maxSections

  @Option(help: ArgumentHelp("Most SVG elements in all sections.", valueName: "n"))
  var maxElements: Int = DecodingLimits.default.maxElements

  @Option(help: ArgumentHelp("Most references to paths and image parts.", valueName: "n"))
  var maxReferences: Int = DecodingLimits.default.maxReferences

  @Option(help: ArgumentHelp("Largest XML part (at most 10,000,000).", valueName: "bytes"))
  var maxXMLPartBytes: Int = DecodingLimits.default.maxXMLPartBytes

  @Option(help: ArgumentHelp("Longest XML name (at most 50,000).", valueName: "bytes"))
  var maxXMLNameBytes: Int = DecodingLimits.default.maxXMLNameBytes

  /// The limits the options describe.
  var limits: DecodingLimits {
    DecodingLimits(
      maxFileBytes: maxFileBytes, maxPartBytes: maxPartBytes, maxTotalBytes: maxTotalBytes,
      maxParts: maxParts, maxXMLDepth: maxXMLDepth, maxXMLAttributes: maxXMLAttributes,
      maxStrokes: maxStrokes, maxPaints: maxPaints, maxPointsPerStroke: maxPointsPerStroke,
      maxTotalPoints: maxTotalPoints, maxSections: maxSections, maxElements: maxElements,
      maxReferences: maxReferences, maxXMLPartBytes: maxXMLPartBytes,
      maxXMLNameBytes: maxXMLNameBytes)
  }

  func validate() throws {
    let all = [
      maxFileBytes, maxPartBytes, maxTotalBytes, maxParts, maxXMLDepth, maxXMLAttributes,
      maxStrokes, maxPaints, maxPointsPerStroke, maxTotalPoints, maxSections, maxElements,
      maxReferences,
      maxXMLPartBytes,
      maxXMLNameBytes,
    ]
    if all.contains(where: { $0 < 0 }) { throw ValidationError("limits must not be negative") }
  }
}

extension DecodingLimits.Limit {
  /// The option that raises this limit.
  var optionName: String {
    switch self {
    case .fileBytes: "--max-file-bytes"
    case .partBytes: "--max-part-bytes"
    case .totalBytes: "--max-total-bytes"
    case .parts: "--max-parts"
    case .xmlDepth: "--max-xml-depth"
    case .xmlAttributes: "--max-xml-attributes"
    case .strokes: "--max-strokes"
    case .paints: "--max-paints"
    case .pointsPerStroke: "--max-points-per-stroke"
    case .totalPoints: "--max-total-points"
    case .sections: "--max-sections"
    case .elements: "--max-elements"
    case .references: "--max-references"
    case .xmlPartBytes: "--max-xml-part-bytes"
    case .xmlNameBytes: "--max-xml-name-bytes"
    }
  }
}

extension RenderLimit {
  /// The `willdoc render` option that raises this limit.
  var optionName: String {
    switch self {
    case .work: "--max-render-work"
    case .totalWork: "--max-total-render-work"
    case .canvasPixels: "--max-canvas-pixels"
    }
  }
}
