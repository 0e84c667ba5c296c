import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// Damaged copies of the project's sample documents and of every real sample (when present):
/// truncated and mutated bytes always give an error or a document — never a crash, a hang or
/// unbounded memory.
@Suite struct MutationTests {
  /// `SampleDocuments/valid/*` (always) and the real samples (when present), by path.
  static let files: [String] = {
    let valid = Fixtures.sampleDocuments.appendingPathComponent("valid")
    let own = ((try? FileManager.default.contentsOfDirectory(atPath: valid.path)) ?? [])
      .filter { $0.hasSuffix(".will") || $0.hasSuffix(".bin") }.sorted()
      .map { valid.appendingPathComponent($0).path }
    let real = ExternalSamples.names.compactMap {
      ExternalSamples.directory?.appendingPathComponent($0).path
    }
    return own + real
  }()

  static func bytes(_ path: String) throws -> [UInt8] {
    try Fixtures.bytes(of: URL(fileURLWithPath: path))
  }

  @Test func projectSamplesArePresent() {
    let own = Self.files.filter { $0.hasPrefix(Fixtures.sampleDocuments.path) }
    #expect(own.count >= 11, "SampleDocuments/valid is missing files: \(own)")
    if ExternalSamples.isAvailable {
      ExternalSamples.expectEverySample()
      #expect(Self.files.count == own.count + ExternalSamples.expectedCount)
    }
  }

  /// Limits small enough that a mutated length field cannot make one decode slow.
  static let limits = DecodingLimits(
    maxFileBytes: 4 << 20, maxPartBytes: 16 << 20, maxTotalBytes: 32 << 20, maxParts: 1_000)

  /// Decodes and reports how long it took; the result itself only has to exist.
  static func decodeTimed(_ bytes: [UInt8]) -> Duration {
    let clock = ContinuousClock()
    return clock.measure {
      _ = try? WillDocument(parsing: bytes, limits: limits)
    }
  }

  /// The paths streams of a sample: the zip's paths parts, the INK chunk, or the raw file.
  static func streams(of bytes: [UInt8]) throws -> [[UInt8]] {
    switch ContainerKind(sniffing: bytes) {
    case .raw: return [bytes]
    case .riff: return [try WillDataFile(parsing: bytes).ink ?? []]
    case .opc:
      return try ZipArchive.read(bytes).filter {
        $0.name.fileExtension == "protobuf" && !$0.name.description.hasPrefix("/style/")
      }
      .map(\.data)
    }
  }

  @Test(arguments: files)
  func truncationAtEveryOffsetOfThePathsStream(name: String) throws {
    for stream in try Self.streams(of: try Self.bytes(name)) {
      // Record boundaries: a truncation inside record i leaves records before it intact, so
      // decoding from the start of record i covers every case.
      var boundaries = [0]
      var decoder = InkDecoder(bytes: stream)
      while try decoder.next() != nil { boundaries.append(decoder.offset) }
      #expect(boundaries.last == stream.count)
      #expect(try PathsStream(parsing: stream).strokes.count == boundaries.count - 1)
      // Linear in the stream: the cuts of one record grow one array a byte at a time (nothing
      // else holds it between decodes, so appending never copies it), and a cut record fails
      // on its length prefix, before any of its bytes are read.
      var tail: [UInt8] = []
      var decoded: [Int] = []
      var misreported: [(cut: Int, error: WillError)] = []
      for (start, end) in zip(boundaries, boundaries.dropFirst()) {
        tail.removeAll(keepingCapacity: true)
        for cut in (start + 1)..<end {
          tail.append(stream[cut - 1])
          do {
            _ = try PathsStream(parsing: tail)
            decoded.append(cut)
          } catch {
            // The record's own start, as the first (and only) stroke of the tail.
            guard case .truncated = error.kind, error.offset == 0, error.strokeIndex == 0 else {
              misreported.append((cut, error))
              continue
            }
          }
        }
        // Cutting exactly at a boundary leaves a shorter, valid stream: the records before it
        // and this one.
        tail.append(stream[end - 1])
        #expect(try PathsStream(parsing: tail).strokes.count == 1, "\(name): record at \(start)")
      }
      #expect(decoded.isEmpty, "\(name): records cut at \(decoded.prefix(20)) decoded")
      #expect(misreported.isEmpty, "\(name): cuts reported as \(misreported.prefix(20))")
    }
  }

  @Test(arguments: files)
  func truncationOfTheFile(name: String) throws {
    let bytes = try Self.bytes(name)
    let count = bytes.count
    for step in 0..<200 {
      let cut = count * step / 200
      let duration = Self.decodeTimed(Array(bytes[..<cut]))
      #expect(duration < .seconds(5), "\(name) cut at \(cut)")
    }
  }

  @Test(arguments: files)
  func seededRandomMutations(name: String) throws {
    let original = try Self.bytes(name)
    // The seed is derived from the name, so every run (and any failure) replays identically.
    var random = SeededRandom(
      seed: URL(fileURLWithPath: name).lastPathComponent.utf8.reduce(
        UInt64(14_695_981_039_346_656_037)
      ) {
        ($0 ^ UInt64($1)) &* 1_099_511_628_211
      })
    var slowest = Duration.zero
    for _ in 0..<1_000 {
      var bytes = original
      for _ in 0..<(1 + Int(random.next() % 4)) {
        let position = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 3 {
        case 0: bytes[position] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
        case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
        default: bytes.remove(at: position)
        }
      }
      slowest = max(slowest, Self.decodeTimed(bytes))
    }
    #expect(slowest < .seconds(5), "\(name): slowest decode \(slowest)")
  }
}
