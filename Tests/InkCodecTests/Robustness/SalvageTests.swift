import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// Salvage of damaged copies of the real samples recovers exactly the intact strokes.
@Suite(.enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"))
struct SalvageTests {
  /// A stream's record boundaries.
  static func boundaries(_ stream: [UInt8]) throws -> [Int] {
    var result = [0]
    var decoder = InkDecoder(bytes: stream)
    while try decoder.next() != nil { result.append(decoder.offset) }
    return result
  }

  static let streamSamples = ExternalSamples.streamNames

  /// The OPC samples, which the zip tests damage.
  static let zipSamples = ExternalSamples.names.filter {
    $0.hasSuffix(".will") && !$0.contains("universal-ink-library")
  }

  /// The cases below come from the samples folder: it must hold every sample.
  @Test func everySampleIsThere() {
    ExternalSamples.expectEverySample()
    #expect(
      Self.streamSamples.count == ExternalSamples.expectedCounts.riff
        + ExternalSamples.expectedCounts.raw)
    #expect(Self.zipSamples.count == ExternalSamples.expectedCounts.opc, "\(Self.zipSamples)")
  }

  /// A RIFF or raw sample's bytes, its paths stream, and where the stream starts in the file.
  static func sampleStream(_ name: String) throws -> (bytes: [UInt8], stream: [UInt8], start: Int) {
    let bytes = try ExternalSamples.bytes(name)
    guard ContainerKind(sniffing: bytes) == .riff else { return (bytes, bytes, 0) }
    let stream = try #require(try WillDataFile(parsing: bytes).ink)
    return (bytes, stream, bytes.count - stream.count - stream.count % 2)
  }

  @Test(arguments: streamSamples)
  func truncatedStreamsKeepEveryCompleteRecord(name: String) throws {
    let (bytes, stream, inkStart) = try Self.sampleStream(name)
    let strokes = try PathsStream(parsing: stream).strokes
    let ends = Array(try Self.boundaries(stream).dropFirst())
    for fraction in [0.1, 0.33, 0.5, 0.77, 0.99] {
      let cut = inkStart + Int(Double(stream.count) * fraction)
      let intact = ends.filter { $0 <= cut - inkStart }.count
      if inkStart == 0, intact == 0 {
        // A raw stream cut inside its first record cannot be told from random bytes.
        #expect(throws: WillError(.notAWillFile, offset: 0)) {
          try WillDocument(salvaging: Array(bytes[..<cut]))
        }
        continue
      }
      var report = SalvageReport()
      let document = try WillDocument(salvaging: Array(bytes[..<cut]), report: &report)
      #expect(document.strokes == Array(strokes.prefix(intact)), "\(name) cut at \(cut)")
      #expect(!report.wasIntact)
      #expect(report.recoveredStrokes == intact)
      #expect(!report.losses.isEmpty || ends.contains(cut - inkStart))
      // The result is a valid document.
      #expect(
        try WillDocument(parsing: try document.serialized(container: .opc)).strokes
          == document.strokes)
    }
  }

  @Test(arguments: streamSamples)
  func corruptRecordIsSkipped(name: String) throws {
    let (bytes, stream, inkStart) = try Self.sampleStream(name)
    let strokes = try PathsStream(parsing: stream).strokes
    let starts = Array(try Self.boundaries(stream).dropLast())
    let victim = starts.count / 2
    var damaged = bytes
    // The first byte after the length prefix is the first tag: 0x07 is field 0, never valid.
    let prefix = Varint.encodedSize(of: UInt64(starts[victim + 1] - starts[victim] - 1))
    damaged[inkStart + starts[victim] + prefix] = 0x07
    var report = SalvageReport()
    let document = try WillDocument(salvaging: damaged, report: &report)
    var expected = strokes
    expected.remove(at: victim)
    #expect(document.strokes == expected)
    #expect(report.skippedRecords == 1)
    #expect(report.losses.map(\.range) == [starts[victim]..<starts[victim + 1]])
  }

  @Test(arguments: zipSamples)
  func zipWithoutCentralDirectory(name: String) throws {
    let bytes = try ExternalSamples.bytes(name)
    let original = try WillDocument(parsing: bytes)
    // Cut away the central directory: every entry is still complete.
    let centralDirectory = try #require(
      Self.lastIndex(of: [0x50, 0x4B, 0x01, 0x02], in: bytes, first: true))
    var report = SalvageReport()
    let document = try WillDocument(salvaging: Array(bytes[..<centralDirectory]), report: &report)
    #expect(document.strokes == original.strokes)
    #expect(report.notes.contains { $0.contains("central directory") })
    // Cut further, into the entries: what is recovered is a prefix of each paths part.
    var unusedReport = SalvageReport()
    let partial = try WillDocument(
      salvaging: Array(bytes[..<(centralDirectory * 2 / 3)]), report: &unusedReport)
    let originalStrokes = original.strokes
    #expect(partial.strokes == Array(originalStrokes.prefix(partial.strokes.count)))
  }

  @Test(arguments: zipSamples)
  func brokenSectionIsRebuiltFromItsPathsPart(name: String) throws {
    let bytes = try ExternalSamples.bytes(name)
    let original = try WillDocument(parsing: bytes)
    let entries = try ZipArchive.read(bytes).map { entry in
      var input = entry.input
      if entry.name.fileExtension == "svg" { input.data = Array("<svg><g".utf8) }
      return input
    }
    var report = SalvageReport()
    let document = try WillDocument(salvaging: try ZipArchive.write(entries), report: &report)
    #expect(document.strokes == original.strokes)
    #expect(document.sections.count == original.sections.flatMap(\.pathsElements).count)
    #expect(report.notes.contains { $0.contains("rebuilt") })
    #expect(document.properties.application == original.properties.application)
  }

  @Test func intactFileIsReportedIntact() throws {
    let name = try #require(ExternalSamples.names.first)
    var report = SalvageReport()
    let document = try WillDocument(salvaging: try ExternalSamples.bytes(name), report: &report)
    #expect(report.wasIntact)
    #expect(report.losses.isEmpty)
    #expect(document == (try WillDocument(parsing: try ExternalSamples.bytes(name))))
  }

  static func lastIndex(of pattern: [UInt8], in bytes: [UInt8], first: Bool) -> Int? {
    var index = 0
    while index + pattern.count <= bytes.count {
      if Array(bytes[index..<index + pattern.count]) == pattern { return index }
      index += 1
    }
    return nil
  }
}
