import Foundation
import Testing

/// The real WILL files kept outside the repository, in `$WILL_SAMPLES` or
/// `../shared/will-samples` beside the package. Tests that need them skip when absent.
public enum ExternalSamples {
  /// The samples folder, or `nil` when it does not exist.
  public static let directory = Fixtures.sharedFolder("will-samples", variable: "WILL_SAMPLES")

  /// Whether the samples are available.
  public static var isAvailable: Bool { directory != nil }

  /// The file names of every sample (`*.will`, `*.bin`), sorted; empty when absent.
  public static let names: [String] = {
    guard let directory,
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    return names.filter { $0.hasSuffix(".will") || $0.hasSuffix(".bin") }.sorted()
  }()

  /// How many samples of each container the folder holds: 3 OPC and 10 RIFF `.will` files
  /// and one raw `.bin`, each with the oracle's reading in `Tests/InkCodecTests/Expected/`.
  public static let expectedCounts = (opc: 3, riff: 10, raw: 1)

  /// How many samples the folder holds.
  public static var expectedCount: Int {
    expectedCounts.opc + expectedCounts.riff + expectedCounts.raw
  }

  /// Expects the folder to hold every sample, by container: a test over the samples calls it
  /// so that an emptied or half-copied folder fails instead of running no case.
  public static func expectEverySample(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
      names.count == expectedCount, "\(directory?.path ?? "-"): \(names)",
      sourceLocation: sourceLocation)
    let riff = streamNames.filter { $0.hasSuffix(".will") }
    #expect(names.count - streamNames.count == expectedCounts.opc, sourceLocation: sourceLocation)
    #expect(riff.count == expectedCounts.riff, "\(riff)", sourceLocation: sourceLocation)
    #expect(
      streamNames.count - riff.count == expectedCounts.raw, "\(streamNames)",
      sourceLocation: sourceLocation)
  }

  /// The bytes of one sample.
  public static func bytes(_ name: String) throws -> [UInt8] {
    guard let directory else { throw CocoaError(.fileNoSuchFile) }
    return try Fixtures.bytes(of: directory.appendingPathComponent(name))
  }

  /// Names of the samples whose container is RIFF or raw (no zip needed).
  public static var streamNames: [String] {
    names.filter { name in
      guard let bytes = try? bytes(name) else { return false }
      return !bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }
  }
}
