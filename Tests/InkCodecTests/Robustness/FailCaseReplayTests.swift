import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// Replays every input a fuzz target ever failed on (`FuzzTesting/FailCases/<target>/`):
/// each must now read to a document or a typed error, and whatever reads must save and read
/// back with the same strokes.
@Suite struct FailCaseReplayTests {
  static let cases: [String] = {
    let root = Fixtures.packageRoot.appendingPathComponent("FuzzTesting/FailCases")
    guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter {
      !$0.hasSuffix(".md") && $0.contains("/")
    }.sorted()
  }()

  /// The cases come from the folders, which read as empty when missing: every kept failure
  /// must be found (one so far, from FuzzSalvage).
  @Test func everyKeptFailureIsFound() {
    #expect(Self.cases.count >= 1, "FuzzTesting/FailCases holds no failure")
    #expect(Self.cases.allSatisfy { $0.hasPrefix("Fuzz") }, "\(Self.cases)")
  }

  @Test(arguments: cases)
  func replays(path: String) throws {
    let url = Fixtures.packageRoot.appendingPathComponent("FuzzTesting/FailCases")
      .appendingPathComponent(path)
    let bytes = try Fixtures.bytes(of: url)
    if let strokes = try? PathsStream(parsing: bytes).strokes {
      #expect(
        try PathsStream(parsing: try PathsStream(strokes: strokes).serialized()).strokes == strokes)
    }
    if let document = try? WillDocument(parsing: bytes) {
      _ = document.validate()
      let saved = try document.serialized()
      #expect(try WillDocument(parsing: saved).strokes == document.strokes)
    }
    if let uim = try? UIMDocument(parsing: bytes), let saved = try? uim.serialized() {
      _ = uim.validate()
      #expect(try UIMDocument(parsing: saved).structure == uim.upgradedFromVersion300().structure)
    }
    // As `willdoc salvage` writes, and as FuzzSalvage checks: under default and small limits.
    for limits in [DecodingLimits.default, Self.fuzzLimits] {
      let salvaged: WillDocument
      var report = SalvageReport()
      do throws(WillError) {
        salvaged = try WillDocument(salvaging: bytes, limits: limits, report: &report)
      } catch {
        #expect(error.kind.code == "not-a-will-file")
        continue
      }
      #expect(report.recoveredStrokes == salvaged.strokes.count)
      #expect(salvaged.container == report.container)
      let saved = try salvaged.serialized()
      #expect(try WillDocument(parsing: saved, limits: .unlimited).strokes == salvaged.strokes)
    }
  }

  /// FuzzSalvage's limits.
  static let fuzzLimits = DecodingLimits(
    maxFileBytes: 1 << 20, maxPartBytes: 4 << 20, maxTotalBytes: 8 << 20, maxParts: 200,
    maxXMLDepth: 64, maxStrokes: 10_000, maxPointsPerStroke: 100_000, maxTotalPoints: 1_000_000)
}
