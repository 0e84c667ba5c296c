import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc salvage` of a cut UIM file writes what Wacom's `UIMParser` reads (through the
/// oracle): as many strokes as the report counts, each with a visible style.
@Suite(.enabled(if: UIMSamples.isAvailable && Oracle.isAvailable, "UIM samples or oracle absent"))
struct UIMSalvageOracleTests {
  /// Where to cut a UIM file: at each RIFF chunk's start, and in the middle of each chunk's
  /// data (a few cuts per chunk: linear in the file's size, not one per byte).
  static func cuts(_ bytes: [UInt8]) -> [(offset: Int, label: String)] {
    var cuts: [(Int, String)] = []
    var position = 12
    while position + 8 <= bytes.count {
      let id = String(decoding: bytes[position..<(position + 4)], as: UTF8.self)
      let size = (0..<4).reduce(0) { $0 | Int(bytes[position + 4 + $1]) << (8 * $1) }
      cuts.append((position, "\(id) start"))
      cuts.append((position + 8 + size / 2, "\(id) middle"))
      position += 8 + size + size % 2
    }
    return cuts.filter { $0.0 < bytes.count }
  }

  @Test(arguments: UIMSamples.names)
  func aCutFileSalvagesToWhatWacomsParserShows(name: String) throws {
    let bytes = try UIMSamples.bytes(name)
    let directory = try TemporaryDirectory()
    let cuts = Self.cuts(bytes)
    #expect(cuts.count >= 4, "\(name)")
    var salvaged = 0
    var styled = 0
    for (offset, label) in cuts {
      let context = Comment(rawValue: "\(name) cut at \(offset) (\(label))")
      let input = directory.file("cut.uim")
      try Data(bytes[..<offset]).write(to: input)
      let output = directory.file("salvaged.uim")
      let result = try WillDocRunner.run(["salvage", input.path, "-o", output.path, "--force"])
      // A cut inside the HEAD chunk leaves nothing to salvage: unreadable (2), no output.
      if result.stderr.contains("no HEAD chunk") || result.stderr.contains("inside its HEAD") {
        #expect(label.hasPrefix("HEAD") && result.status == 2, context)
        continue
      }
      #expect(result.status == 1, "\(context): \(result.stderr)")
      let line = try #require(
        result.stdout.split(separator: "\n").first { $0.hasPrefix("strokes recovered") }, context)
      let claimed = try #require(
        Int(line.dropFirst("strokes recovered".count).filter(\.isNumber)), context)
      let oracle = try Oracle.readUIM(output)
      #expect(oracle.strokes.count == claimed, context)
      #expect(oracle.mainTreeStrokeOrder.count == claimed, context)
      for (index, stroke) in oracle.strokes.enumerated() {
        let alpha = (stroke.style?["alpha"] ?? nil) ?? 0
        #expect(alpha > 0, "\(context): stroke \(index) style \(String(describing: stroke.style))")
      }
      if claimed > 0 { salvaged += 1 }
      if result.stdout.contains(UIMSalvageReport.defaultStyle.description) {
        styled += 1
        #expect(label == "INKD middle", context)
      }
    }
    // Every 3.1.0 sample keeps strokes when cut after its INKD; a cut in INKD loses its style
    // tables, and the strokes before the cut get the default style.
    if try UIMDocument(parsing: bytes).version == [3, 1, 0] {
      #expect(salvaged >= 2, "\(name)")
      #expect(styled == 1, "\(name)")
    }
  }
}
