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

  @Option(help: ArgumentHelp("Most parts (zip entries) in a package.", valueName: "n"))
  var maxParts: Int = DecodingLimits.default.maxParts

  @Option(help: ArgumentHelp("Deepest XML element nesting (at most 256).", valueName: "n"))
  var maxXMLDepth: Int = DecodingLimits.default.maxXMLDepth

  @Option(help: ArgumentHelp("Most attributes on one XML element.", valueName: "n"))
  var maxXMLAttributes: Int = DecodingLimits.default.maxXMLAttributes

  @Option(help: ArgumentHelp("Most strokes in a document.", valueName: "n"))
  var maxStrokes: Int = DecodingLimits.default.maxStrokes

  @Option(help: ArgumentHelp("Most points in one stroke.", valueName: "n"))
  var maxPointsPerStroke: Int = DecodingLimits.default.maxPointsPerStroke

  @Option(help: ArgumentHelp("Most points in a document.", valueName: "n"))
  var maxTotalPoints: Int = DecodingLimits.default.maxTotalPoints

  @Option(help: ArgumentHelp("Largest XML part (at most 10,000,000).", valueName: "bytes"))
  var maxXMLPartBytes: Int = DecodingLimits.default.maxXMLPartBytes

  @Option(help: ArgumentHelp("Longest XML name (at most 50,000).", valueName: "bytes"))
  var maxXMLNameBytes: Int = DecodingLimits.default.maxXMLNameBytes

  /// The limits the options describe.
  var limits: DecodingLimits {
    DecodingLimits(
      maxFileBytes: maxFileBytes, maxPartBytes: maxPartBytes, maxTotalBytes: maxTotalBytes,
      maxParts: maxParts, maxXMLDepth: maxXMLDepth, maxXMLAttributes: maxXMLAttributes,
      maxStrokes: maxStrokes, maxPointsPerStroke: maxPointsPerStroke,
      maxTotalPoints: maxTotalPoints, maxXMLPartBytes: maxXMLPartBytes,
      maxXMLNameBytes: maxXMLNameBytes)
  }

  func validate() throws {
    let all = [
      maxFileBytes, maxPartBytes, maxTotalBytes, maxParts, maxXMLDepth, maxXMLAttributes,
      maxStrokes, maxPointsPerStroke, maxTotalPoints, maxXMLPartBytes, maxXMLNameBytes,
    ]
    if all.contains(where: { $0 < 0 }) { throw ValidationError("limits must not be negative") }
  }
}
