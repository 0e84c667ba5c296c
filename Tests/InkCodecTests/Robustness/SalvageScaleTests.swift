import Foundation
import InkTestFixtures
import Testing

@testable import InkCodec

/// Salvage of large and hostile archives without a central directory: the work grows with
/// the input and output only, and every ``DecodingLimits`` bound holds. No wall-clock checks:
/// ``ZipScanner/Scan/work`` counts the bytes examined, consumed and produced.
@Suite struct SalvageScaleTests {
  static func stroke(_ seed: Int, points: Int = 4) -> Stroke {
    let values = (0..<points).flatMap { [Double(seed + $0), Double(2 * $0), 1.5] }
    return Stroke(points: values, layout: .xyWidth)
  }

  /// A document with `sections` paths parts of `strokes` strokes each.
  static func document(sections: Int, strokes: Int, points: Int = 4) -> WillDocument {
    WillDocument(
      sections: (0..<sections).map { section in
        Section(nodes: [
          .paths(
            PathsElement(strokes: (0..<strokes).map { stroke(100 * section + $0, points: points) }))
        ])
      })
  }

  /// `archive` without its central directory and end record.
  static func withoutCentralDirectory(_ archive: [UInt8]) -> [UInt8] {
    let end = archive.count - 22
    let offset = (0..<4).reduce(0) { $0 | Int(archive[end + 16 + $1]) << (8 * $1) }
    return Array(archive[..<offset])
  }

  /// A saved document plus `extra` small entries, alternately stored and deflated, cut before
  /// the central directory.
  static func package(extra: Int, document: WillDocument = document(sections: 1, strokes: 3))
    throws -> [UInt8]
  {
    var entries = try ZipArchive.read(try document.serialized(container: .opc)).map(\.input)
    for index in 0..<extra {
      let data = Array("entry \(index) ".utf8) + [UInt8](repeating: UInt8(index % 251), count: 200)
      entries.append(
        ZipEntry.Input(
          name: try PartName("/extra/blob\(index).bin"), data: data,
          compression: index.isMultiple(of: 2) ? .stored : .deflate(level: 1)))
    }
    return withoutCentralDirectory(try ZipArchive.write(entries))
  }

  @Test func thousandsOfEntriesSalvage() throws {
    let original = Self.document(sections: 1, strokes: 3)
    let bytes = try Self.package(extra: 8_000, document: original)
    var report = SalvageReport()
    let document = try WillDocument(
      salvaging: bytes, limits: DecodingLimits(maxParts: 20_000), report: &report)
    #expect(document.strokes == original.strokes)
    #expect(report.notes.contains { $0.contains("central directory") })
    #expect(report.exceededLimits.isEmpty)
    #expect(report.losses.isEmpty)
  }

  @Test func scanWorkIsLinearInTheEntries() throws {
    func work(_ extra: Int) throws -> (work: Int, input: Int, output: Int, entries: Int) {
      let bytes = try Self.package(extra: extra)
      var budget = SalvageBudget(limits: DecodingLimits(maxParts: 100_000))
      var report = SalvageReport()
      let scan = ZipScanner.scan(bytes, budget: &budget, report: &report)
      #expect(report.losses.isEmpty)
      return (scan.work, bytes.count, budget.bytes, scan.entries.count)
    }
    let small = try work(2_500)
    let large = try work(5_000)
    #expect(large.entries - small.entries == 2_500)
    // Every byte is examined a bounded number of times: no rescans, no copy of the input.
    for run in [small, large] {
      #expect(run.work <= 2 * (run.input + run.output))
    }
    let ratio = Double(large.work) / Double(small.work)
    #expect(ratio > 1.8 && ratio < 2.2, "work \(small.work) → \(large.work)")
  }

  @Test func partsLimitStopsTheScan() throws {
    let bytes = try Self.package(extra: 3_000)
    var report = SalvageReport()
    _ = try WillDocument(salvaging: bytes, limits: DecodingLimits(maxParts: 1_000), report: &report)
    #expect(report.exceededLimits == [.parts])
    #expect(report.losses.contains { $0.part == nil && $0.reason.contains("parts") })
  }

  /// An archive of `count` deflate bombs of `size` zero bytes each, without a central
  /// directory.
  static func bombs(count: Int, size: Int) -> [UInt8] {
    let compressed = ZipCraft.deflatedZeros(count: size)
    let crc = ZipCraft.crc32OfZeros(count: size)
    return withoutCentralDirectory(
      ZipCraft.archive(
        (0..<count).map {
          ZipCraft.Entry(
            name: "bomb\($0).bin", method: 8, crc: crc, compressedSize: UInt32(compressed.count),
            uncompressedSize: UInt32(size), data: compressed)
        }))
  }

  @Test func manyMediumBombsStopAtTheTotalLimit() throws {
    let size = 4 + 258 * 4_064  // about 1 MiB each
    let bytes = Self.bombs(count: 64, size: size)
    let limits = DecodingLimits(maxPartBytes: 2 << 20, maxTotalBytes: 8 << 20)
    var budget = SalvageBudget(limits: limits)
    var report = SalvageReport()
    let scan = ZipScanner.scan(bytes, budget: &budget, report: &report)
    #expect(budget.bytes <= limits.maxTotalBytes)
    #expect(scan.entries.reduce(0) { $0 + $1.data.count } == limits.maxTotalBytes)
    #expect(scan.entries.count == limits.maxTotalBytes / size + 1)
    #expect(report.exceededLimits == [.totalBytes])
    #expect(report.losses.contains { $0.part == nil && $0.reason.contains("total") })

    var salvaged = SalvageReport()

    _ = try WillDocument(salvaging: bytes, limits: limits, report: &salvaged)
    #expect(salvaged.exceededLimits == [.totalBytes])
  }

  @Test func oneBombStopsAtThePartLimit() throws {
    let bytes = Self.bombs(count: 3, size: 4 + 258 * 8_000)
    let limits = DecodingLimits(maxPartBytes: 1 << 20, maxTotalBytes: 64 << 20)
    var budget = SalvageBudget(limits: limits)
    var report = SalvageReport()
    let scan = ZipScanner.scan(bytes, budget: &budget, report: &report)
    let partLimit = 1 << 20
    #expect(scan.entries.map(\.data.count) == [partLimit, partLimit, partLimit])
    #expect(report.exceededLimits == [.partBytes])
    #expect(report.losses.filter { $0.reason.contains("decompressed part size") }.count == 3)
  }

  @Test func strokeAndPointLimitsHoldAcrossParts() throws {
    let original = Self.document(sections: 3, strokes: 10, points: 5)
    let bytes = Self.withoutCentralDirectory(try original.serialized(container: .opc))
    var strokesReport = SalvageReport()
    let byStrokes = try WillDocument(
      salvaging: bytes, limits: DecodingLimits(maxStrokes: 25), report: &strokesReport)
    #expect(byStrokes.strokes == Array(original.strokes.prefix(25)))
    #expect(strokesReport.exceededLimits == [.strokes])

    var pointsReport = SalvageReport()

    let byPoints = try WillDocument(
      salvaging: bytes, limits: DecodingLimits(maxTotalPoints: 72), report: &pointsReport)
    #expect(byPoints.strokes == Array(original.strokes.prefix(14)))
    #expect(pointsReport.exceededLimits == [.totalPoints])

    var perStrokeReport = SalvageReport()

    let perStroke = try WillDocument(
      salvaging: bytes, limits: DecodingLimits(maxPointsPerStroke: 4), report: &perStrokeReport)
    #expect(perStroke.strokes.isEmpty)
    #expect(perStrokeReport.exceededLimits == [.pointsPerStroke])
    #expect(perStrokeReport.skippedRecords == 30)
  }

  @Test func fileSizeLimitKeepsThePrefix() throws {
    let strokes = (0..<20).map { Self.stroke($0) }
    let stream = try PathsStream(strokes: strokes).serialized()
    let limit = stream.count / 2
    var report = SalvageReport()
    let document = try WillDocument(
      salvaging: stream, limits: DecodingLimits(maxFileBytes: limit), report: &report)
    #expect(report.exceededLimits == [.fileBytes])
    #expect(!document.strokes.isEmpty && document.strokes.count < 20)
    #expect(document.strokes == Array(strokes.prefix(document.strokes.count)))
  }
}
