import Foundation
import Testing

@testable import InkCodec

/// Reading a file: the bytes exactly, whatever its size relative to the read pieces; the size
/// limit before and while reading; a directory or a missing file an I/O error naming it.
@Suite struct FileReadingTests {
  static func temporaryFile(_ bytes: [UInt8]) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("willdoc-read-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    return url
  }

  /// The two largest ask for huge pages on the middle of their buffer.
  @Test(arguments: [0, 1, 2, 65_535, 65_536, 65_537, 1_000_003, 4_194_307, 6_291_469])
  func theBytesExactly(size: Int) throws {
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
    let url = try Self.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(try FileIO.read(url, limit: size) == bytes)
    if size > 0 {
      let error = #expect(throws: WillError.self) { try FileIO.read(url, limit: size - 1) }
      #expect(error?.kind == .limitExceeded(.fileBytes, value: size, limit: size - 1))
    }
  }

  /// A device has no size up front: it is read in pieces, and the limit stops it.
  @Test func aFileWithoutASizeIsReadAsItComes() throws {
    let error = #expect(throws: WillError.self) {
      try FileIO.read(URL(fileURLWithPath: "/dev/zero"), limit: 100_000)
    }
    guard case .limitExceeded(.fileBytes, let value, 100_000) = error?.kind else {
      Issue.record("expected the file-size limit, got \(String(describing: error))")
      return
    }
    #expect(value > 100_000 && value <= 100_000 + (1 << 16))
  }

  @Test func directoriesAndMissingFilesAreNamed() {
    let folder = FileManager.default.temporaryDirectory
    let directory = #expect(throws: WillError.self) { try FileIO.read(folder, limit: 1 << 20) }
    #expect(
      directory?.message.contains("is a directory") == true, "\(String(describing: directory))")
    let missing = folder.appendingPathComponent("no-such-\(UUID().uuidString)")
    let error = #expect(throws: WillError.self) { try FileIO.read(missing, limit: 1 << 20) }
    #expect(error?.category == .io)
    #expect(error?.message.contains(missing.path) == true)
  }
}
