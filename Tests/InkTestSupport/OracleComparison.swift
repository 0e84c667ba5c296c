import Foundation
import InkCodec
import Testing

/// Compares decoded strokes with what the oracle printed, value by value.
public enum OracleComparison {
  /// Expects `strokes` to hold exactly the oracle's values, field by field.
  public static func expect(
    _ strokes: [Stroke], equal expected: [OracleDocument.Stroke], sample: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try #require(
      strokes.count == expected.count, "\(sample): stroke count", sourceLocation: sourceLocation)
    for (stroke, oracle) in zip(strokes, expected) {
      let context = Comment(rawValue: "\(sample) stroke \(oracle.index)")
      #expect(stroke.pointCount == oracle.pointCount, context, sourceLocation: sourceLocation)
      #expect(stroke.layout.stride == oracle.stride, context, sourceLocation: sourceLocation)
      #expect(stroke.interleavedValues() == oracle.points, context, sourceLocation: sourceLocation)
      #expect(
        stroke.decimalPrecision == oracle.decimalPrecision, context, sourceLocation: sourceLocation)
      #expect(Double(stroke.startParameter) == oracle.ts, context, sourceLocation: sourceLocation)
      #expect(Double(stroke.endParameter) == oracle.tf, context, sourceLocation: sourceLocation)
      #expect(stroke.widths.count == oracle.widthCount, context, sourceLocation: sourceLocation)
      #expect(stroke.constantWidth == oracle.width, context, sourceLocation: sourceLocation)
      #expect(stroke.colors.count == oracle.colorCount, context, sourceLocation: sourceLocation)
      #expect(stroke.color?.rgba == oracle.color?.rgba, context, sourceLocation: sourceLocation)
      if let colors = oracle.colors {
        #expect(
          stroke.colors.map(\.rgba) == colors.map(\.rgba), context, sourceLocation: sourceLocation)
      }
      let wire =
        stroke.wire.storedFields.contains(.compositeOperation)
        ? Int(stroke.blendMode.rawValue) : nil
      #expect(wire == oracle.blendModeWire, context, sourceLocation: sourceLocation)
      #expect(
        Int(stroke.blendMode.effective.rawValue) == oracle.blendModeValue, context,
        sourceLocation: sourceLocation)
      #expect(
        stroke.paintIndex.map(Int.init) == oracle.strokePaint, context,
        sourceLocation: sourceLocation)
      #expect(
        stroke.particlesRandomSeed.map(Int.init) == oracle.strokeParticlesRandomSeed, context,
        sourceLocation: sourceLocation)
      #expect(stroke.id.map(Int.init) == oracle.id, context, sourceLocation: sourceLocation)
    }
  }
}

/// Runs the independent oracle (`Tools/oracle`, Wacom's Python library) on a file.
public enum Oracle {
  /// Whether the oracle's sources are beside the repository.
  public static let isAvailable = FileManager.default.fileExists(
    atPath: Fixtures.packageRoot.appendingPathComponent("../shared/tools/oracle").path)

  /// The oracle's reading of the file at `url` (with the raw wire values).
  public static func read(_ url: URL) throws -> OracleDocument {
    try JSONDecoder().decode(OracleDocument.self, from: try run([url.path, "--raw"]))
  }

  /// What `Tools/oracle arguments…` prints; the test fails when it does not succeed. An
  /// answer already given for the same files and arguments is read back (``OracleCache``).
  public static func run(_ arguments: [String]) throws -> Data {
    let key = try OracleCache.key(arguments)
    if let answer = OracleCache.answer(for: key) { return answer }
    let process = Process()
    process.executableURL = Fixtures.packageRoot.appendingPathComponent("Tools/oracle")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let exited = try process.runWatchingExit()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    exited.wait()
    try #require(process.terminationStatus == 0, "the oracle failed: \(arguments)")
    OracleCache.keep(data, for: key)
    return data
  }
}
