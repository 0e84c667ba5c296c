import Foundation
import InkCodec
import InkTestFixtures
import InkTestSupport
import Testing

@Suite struct ZipArchiveTests {
  // MARK: Helpers

  /// The error `ZipArchive.read` throws through `backend`, or `nil` when it succeeds.
  private static func readError(
    _ bytes: [UInt8], limits: DecodingLimits = .default, backend: ZipArchive.Backend
  ) -> WillError? {
    do {
      _ = try ZipArchive.read(bytes, limits: limits, backend: backend)
      return nil
    } catch {
      return error
    }
  }

  private static func input(
    _ name: String, _ data: [UInt8], _ compression: ZipCompression = .deflate(level: nil)
  ) throws -> ZipEntry.Input {
    ZipEntry.Input(name: try PartName(name), data: data, compression: compression)
  }

  /// A varied set of entries: text, binary, empty, large and compressible, both methods.
  private static func sampleInputs() throws -> [ZipEntry.Input] {
    var generator = SeededRandom(seed: 0x5EED)
    let noise = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let text = Array(String(repeating: "<g r:id=\"rId0\"/>\n", count: 500).utf8)
    return [
      try input("[Content_Types].xml", text, .deflate(level: nil)),
      try input("_rels/.rels", Array("<Relationships/>".utf8), .stored),
      try input("sections/media/empty.protobuf", [], .stored),
      try input("sections/media/empty-deflate.bin", [], .deflate(level: 9)),
      try input("sections/media/noise.bin", noise, .stored),
      try input("sections/media/noise-deflate.bin", noise, .deflate(level: 1)),
      try input("sections/media/all-bytes.bin", Array(0...255) + Array((0...255).reversed())),
      try input("sections/section0.svg", text + text, .deflate(level: 9)),
    ]
  }

  /// The offset of the first byte of the first entry's data in an archive we wrote.
  private static func firstDataOffset(_ archive: [UInt8]) -> Int {
    30 + Int(ZipCraft.readLE16(archive, 26)) + Int(ZipCraft.readLE16(archive, 28))
  }

  // MARK: Round trip and determinism

  @Test(arguments: ZipArchive.Backend.allCases)
  func roundTripKeepsNamesDataOrderAndMethod(_ backend: ZipArchive.Backend) throws {
    let inputs = try Self.sampleInputs()
    let entries = try ZipArchive.read(
      try ZipArchive.write(inputs, backend: backend), backend: backend)
    #expect(entries.map(\.name.description) == inputs.map(\.name.description))
    #expect(entries.map(\.data) == inputs.map(\.data))
    for (entry, input) in zip(entries, inputs) {
      #expect(entry.crc32 == CRC32.checksum(input.data), "\(entry.name)")
      switch input.compression {
      case .stored:
        #expect(entry.compression == .stored, "\(entry.name)")
        #expect(entry.compressedSize == input.data.count, "\(entry.name)")
      case .deflate:
        #expect(entry.compression == .deflate(level: nil), "\(entry.name)")
      }
    }
    let textEntry = try #require(entries.first)
    #expect(textEntry.compressedSize < textEntry.data.count / 10)
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func entryInputRewritesTheSameArchive(_ backend: ZipArchive.Backend) throws {
    let archive = try ZipArchive.write(try Self.sampleInputs(), backend: backend)
    let entries = try ZipArchive.read(archive, backend: backend)
    let rewritten = try ZipArchive.read(
      try ZipArchive.write(entries.map(\.input), backend: backend), backend: backend)
    #expect(rewritten.map(\.input) == entries.map(\.input))
    #expect(rewritten.map(\.crc32) == entries.map(\.crc32))
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func writingIsDeterministic(_ backend: ZipArchive.Backend) throws {
    let inputs = try Self.sampleInputs()
    let first = try ZipArchive.write(inputs, backend: backend)
    let second = try ZipArchive.write(inputs, backend: backend)
    #expect(first == second)
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func headersHoldFixedTimeNoExtraFieldsAndNoDataDescriptor(_ backend: ZipArchive.Backend) throws {
    let inputs = try Self.sampleInputs()
    let archive = try ZipArchive.write(inputs, backend: backend)
    let end = archive.count - 22
    #expect(ZipCraft.readLE32(archive, end) == 0x0605_4B50, "no archive comment")
    var central = Int(ZipCraft.readLE32(archive, end + 16))
    for input in inputs {
      #expect(ZipCraft.readLE32(archive, central) == 0x0201_4B50)
      let flags = ZipCraft.readLE16(archive, central + 8)
      #expect(flags & 0x0008 == 0, "\(input.name): data descriptor flag")
      #expect(ZipCraft.readLE16(archive, central + 12) == 0, "\(input.name): time")
      #expect(ZipCraft.readLE16(archive, central + 14) == 0x0021, "\(input.name): date")
      let nameLength = Int(ZipCraft.readLE16(archive, central + 28))
      let extraLength = Int(ZipCraft.readLE16(archive, central + 30))
      let commentLength = Int(ZipCraft.readLE16(archive, central + 32))
      #expect(extraLength == 0 && commentLength == 0, "\(input.name): central extra fields")
      let local = Int(ZipCraft.readLE32(archive, central + 42))
      #expect(ZipCraft.readLE32(archive, local) == 0x0403_4B50)
      #expect(ZipCraft.readLE16(archive, local + 6) & 0x0008 == 0)
      #expect(ZipCraft.readLE16(archive, local + 10) == 0, "\(input.name): local time")
      #expect(ZipCraft.readLE16(archive, local + 12) == 0x0021, "\(input.name): local date")
      #expect(ZipCraft.readLE16(archive, local + 28) == 0, "\(input.name): local extra field")
      let name = archive[(local + 30)..<(local + 30 + nameLength)]
      #expect(String(decoding: name, as: UTF8.self) == input.name.zipName)
      central += 46 + nameLength + extraLength + commentLength
    }
    #expect(central == end)
  }

  @Test func timestampDoesNotDependOnTheTimeZone() async {
    await #expect(processExitsWith: .success) {
      for zone in ["XYZ-14", "ABC+12", "UTC0"] {
        setenv("TZ", zone, 1)
        tzset()
        for backend in ZipArchive.Backend.allCases {
          let archive = try ZipArchive.write(
            [ZipEntry.Input(name: try PartName("a.txt"), data: [1, 2, 3])], backend: backend)
          guard ZipCraft.readLE16(archive, 10) == 0, ZipCraft.readLE16(archive, 12) == 0x21
          else { exit(1) }
        }
      }
    }
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func emptyListWritesTheEmptyArchive(_ backend: ZipArchive.Backend) throws {
    let archive = try ZipArchive.write([], backend: backend)
    #expect(archive == [0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18))
    #expect(try ZipArchive.read(archive, backend: backend).isEmpty)
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func writerRejectsDuplicateNamesIgnoringCase(_ backend: ZipArchive.Backend) throws {
    let error = #expect(throws: WillError.self) {
      try ZipArchive.write(
        [
          try Self.input("props/core.xml", [1]), try Self.input("Props/Core.XML", [2]),
        ], backend: backend)
    }
    #expect(error?.kind == .duplicatePart("/Props/Core.XML"))
    #expect(error?.part == "/Props/Core.XML")
  }

  @Test func deflateLevelOutsideOneToNineTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = try ZipArchive.write([
        ZipEntry.Input(name: try PartName("a"), data: [1], compression: .deflate(level: 10))
      ])
    }
  }

  // MARK: Layouts written by other producers

  @Test(arguments: ZipArchive.Backend.allCases)
  func readsEntriesWithDataDescriptors(_ backend: ZipArchive.Backend) throws {
    let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
    let archive = ZipCraft.archive([
      .init("_rels/.rels", Array("<Relationships/>".utf8), dataDescriptor: true),
      .init("sections/section0.svg", svg, dataDescriptor: true),
      .init("sections/media/empty.protobuf", [], dataDescriptor: true),
      .init("[Content_Types].xml", Array("<Types/>".utf8)),
    ])
    #expect(ZipCraft.readLE16(archive, 6) == 0x0808)
    #expect(ZipCraft.readLE32(archive, 18) == 0, "local header compressed size")
    let entries = try ZipArchive.read(archive, backend: backend)
    #expect(
      entries.map(\.name.description) == [
        "/_rels/.rels", "/sections/section0.svg", "/sections/media/empty.protobuf",
        "/[Content_Types].xml",
      ])
    #expect(entries[1].data == svg)
    #expect(entries[1].crc32 == CRC32.checksum(svg))
    #expect(entries[2].data.isEmpty)
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func skipsDirectoryEntries(_ backend: ZipArchive.Backend) throws {
    let archive = ZipCraft.archive([
      .init("sections/", []), .init("sections/a.xml", [7]), .init("sections/media/", []),
    ])
    let entries = try ZipArchive.read(archive, backend: backend)
    #expect(entries.map(\.name.description) == ["/sections/a.xml"])
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func rejectsUnsafeDirectoryEntries(_ backend: ZipArchive.Backend) {
    let error = Self.readError(ZipCraft.archive([.init("../", [])]), backend: backend)
    #expect(error?.kind == .invalidPartName(".."))
  }

  // MARK: Real files

  /// A real WILL file, with the names and total size of its entries.
  struct Sample: Sendable, CustomTestStringConvertible {
    var file: String
    var names: [String]
    var totalBytes: Int
    var usesDataDescriptors: Bool
    var testDescription: String { file }
  }

  static let samples: [Sample] = [
    Sample(
      file: "ngmsoftware__will2svg__WCM0006.will",
      names: [
        "[Content_Types].xml", "_rels/.rels", "props/app.xml", "props/core.xml",
        "sections/_rels/section.svg.rels", "sections/media/paths.protobuf",
        "sections/section.svg",
      ], totalBytes: 98_080, usesDataDescriptors: false),
    Sample(
      file: "gjiovi__pywillparser__test.will",
      names: [
        "_rels/.rels", "props/core.xml", "props/app.xml",
        "sections/media/strokes700920024.protobuf", "sections/section0.svg",
        "sections/_rels/section0.svg.rels", "style/paints.protobuf", "[Content_Types].xml",
      ], totalBytes: 85_978, usesDataDescriptors: true),
    Sample(
      file: "skomra__InkDemo__sample.will",
      names: [
        "_rels/.rels", "props/core.xml", "props/app.xml",
        "sections/media/strokes-184262055.protobuf", "sections/section0.svg",
        "sections/_rels/section0.svg.rels", "[Content_Types].xml",
      ], totalBytes: 5_809, usesDataDescriptors: true),
  ]

  @Test(
    .enabled(
      if: ExternalZipSamples.available(samples.map(\.file)),
      "WILL samples not found: set WILL_SAMPLES or place them in ../shared/will-samples"),
    arguments: ZipArchive.Backend.allCases, samples)
  func readsRealSample(_ backend: ZipArchive.Backend, _ sample: Sample) throws {
    let archive = try ExternalZipSamples.bytes(of: sample.file)
    #expect(Array(archive.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
    #expect((ZipCraft.readLE16(archive, 6) & 0x0008 != 0) == sample.usesDataDescriptors)
    let entries = try ZipArchive.read(archive, backend: backend)
    #expect(entries.map(\.name.zipName) == sample.names)
    #expect(entries.reduce(0) { $0 + $1.data.count } == sample.totalBytes)
    for entry in entries {
      #expect(!entry.data.isEmpty, "\(entry.name)")
      #expect(entry.compressedSize > 0, "\(entry.name)")
      #expect(entry.compression == .deflate(level: nil), "\(entry.name)")
      #expect(entry.crc32 == CRC32.checksum(entry.data), "\(entry.name)")
    }
    let rewritten = try ZipArchive.read(
      try ZipArchive.write(entries.map(\.input), backend: backend), backend: backend)
    #expect(rewritten.map(\.data) == entries.map(\.data))
  }

  /// The oracle's reading of a file, without the file's own name and size.
  private static func oracleReading(of url: URL) throws -> NSDictionary {
    let data = try Oracle.run([url.path, "--raw"])
    var reading = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    reading["file"] = nil
    return reading as NSDictionary
  }

  @Test(
    .enabled(
      if: Oracle.isAvailable && ExternalZipSamples.available(samples.map(\.file)),
      "the oracle or the WILL samples are absent"),
    arguments: ZipArchive.Backend.allCases, samples.map(\.file))
  func oracleReadsRewrittenSample(_ backend: ZipArchive.Backend, _ file: String) throws {
    let original = ExternalZipSamples.directory.appendingPathComponent(file)
    let entries = try ZipArchive.read(try ExternalZipSamples.bytes(of: file), backend: backend)
    let rewritten = FileManager.default.temporaryDirectory
      .appendingPathComponent("zip-\(backend)-\(UUID().uuidString).will")
    defer { try? FileManager.default.removeItem(at: rewritten) }
    try Data(try ZipArchive.write(entries.map(\.input), backend: backend)).write(to: rewritten)
    #expect(try Self.oracleReading(of: rewritten) == (try Self.oracleReading(of: original)))
  }

  // MARK: Corrupt input

  @Test(arguments: ZipArchive.Backend.allCases)
  func flippedByteInStoredDataIsAChecksumMismatch(_ backend: ZipArchive.Backend) throws {
    var archive = try ZipArchive.write(
      [
        try Self.input("a.xml", [9, 9]),
        try Self.input("sections/media/paths.protobuf", Array(0..<200), .stored),
      ], backend: backend)
    let entries = try ZipArchive.read(archive, backend: backend)
    let local = archive.count - 22 - 46 - "sections/media/paths.protobuf".utf8.count
    let offset = Int(ZipCraft.readLE32(archive, local + 42))
    let data = offset + 30 + Int(ZipCraft.readLE16(archive, offset + 26))
    #expect(Array(archive[data..<(data + 200)]) == entries[1].data)
    archive[data + 100] ^= 0xFF
    let error = Self.readError(archive, backend: backend)
    #expect(error?.kind == .checksumMismatch)
    #expect(error?.part == "/sections/media/paths.protobuf")
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func flippedByteInDeflateDataFails(_ backend: ZipArchive.Backend) throws {
    let text = Array(String(repeating: "stroke ", count: 2_000).utf8)
    var archive = try ZipArchive.write(
      [try Self.input("a.svg", text, .deflate(level: 9))], backend: backend)
    archive[Self.firstDataOffset(archive) + 20] ^= 0x55
    let error = Self.readError(archive, backend: backend)
    #expect(error?.part == "/a.svg")
    #expect(error?.category == .format)
  }

  @Test(arguments: ZipArchive.Backend.allCases, [1, 2, 21, 22, 23, 60, 200, 1_000])
  func truncatedArchiveFails(_ backend: ZipArchive.Backend, droppingLast count: Int) throws {
    let archive = try ZipArchive.write(try Self.sampleInputs(), backend: backend)
    let error = Self.readError(Array(archive.dropLast(count)), backend: backend)
    guard case .zip(let code, let message)? = error?.kind else {
      Issue.record("expected a zip error, got \(String(describing: error))")
      return
    }
    #expect([19, 21].contains(code), "\(code): \(message)")
  }

  @Test(arguments: ZipArchive.Backend.allCases, [4, 30, 100])
  func archivePrefixFails(_ backend: ZipArchive.Backend, keeping count: Int) throws {
    let archive = try ZipArchive.write(try Self.sampleInputs(), backend: backend)
    let error = Self.readError(Array(archive.prefix(count)), backend: backend)
    #expect(error?.category == .format)
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func randomBytesAreNotAZipArchive(_ backend: ZipArchive.Backend) {
    var generator = SeededRandom(seed: 42)
    let bytes = (0..<4_096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let error = Self.readError(bytes, backend: backend)
    #expect(error?.kind == .zip(code: 19, message: "Not a zip archive"))
    #expect(error?.description == "zip error 19: Not a zip archive")
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func emptyInputIsNotAZipArchive(_ backend: ZipArchive.Backend) {
    #expect(
      Self.readError([], backend: backend)?.kind == .zip(code: 19, message: "Not a zip archive"))
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func unsupportedCompressionMethodIsReported(_ backend: ZipArchive.Backend) {
    let archive = ZipCraft.archive([.init("a.bin", [1, 2, 3], method: 12)])
    let error = Self.readError(archive, backend: backend)
    #expect(error?.kind == .unsupported("zip compression method 12"))
    #expect(error?.part == "/a.bin")
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func encryptedEntryIsReported(_ backend: ZipArchive.Backend) {
    let archive = ZipCraft.archive([
      .init("a.bin", Array(repeating: 0, count: 20), encrypted: true)
    ])
    let error = Self.readError(archive, backend: backend)
    #expect(error?.kind == .unsupported("encrypted zip entry"))
    #expect(error?.part == "/a.bin")
  }

  // MARK: Limits

  /// 64 MiB of zeros, deflated at level 9: about 64 KiB.
  static let bomb: [UInt8] = {
    let zeros = [UInt8](repeating: 0, count: 64 << 20)
    return try! ZipArchive.write([
      ZipEntry.Input(name: try! PartName("bomb.bin"), data: zeros, compression: .deflate(level: 9))
    ])
  }()

  @Test(arguments: ZipArchive.Backend.allCases)
  func bombIsStoppedByItsDeclaredSize(_ backend: ZipArchive.Backend) {
    #expect(Self.bomb.count < 1 << 20)
    let limits = DecodingLimits(maxPartBytes: 1 << 20)
    let error = Self.readError(Self.bomb, limits: limits, backend: backend)
    #expect(error?.kind == .limitExceeded(.partBytes, value: 64 << 20, limit: 1 << 20))
    #expect(error?.part == "/bomb.bin")
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func bombWithALyingHeaderIsStoppedWhileInflating(_ backend: ZipArchive.Backend) {
    // Claim 1,000 bytes in both the local header and the central directory.
    var archive = Self.bomb
    let central = Int(ZipCraft.readLE32(archive, archive.count - 22 + 16))
    #expect(ZipCraft.readLE32(archive, central + 24) == 64 << 20)
    archive.replaceSubrange(22..<26, with: ZipCraft.le32(1_000))
    archive.replaceSubrange((central + 24)..<(central + 28), with: ZipCraft.le32(1_000))
    let limit = 1 << 20
    let clock = ContinuousClock()
    let start = clock.now
    let error = Self.readError(
      archive, limits: DecodingLimits(maxPartBytes: limit), backend: backend)
    #expect(clock.now - start < .seconds(5))
    guard case .limitExceeded(.partBytes, let value, limit)? = error?.kind else {
      Issue.record("expected the part limit, got \(String(describing: error))")
      return
    }
    #expect(value > limit && value <= limit + ZipArchive.readChunkSize)
    #expect(error?.part == "/bomb.bin")
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func lyingHeaderWithinLimitsIsInconsistent(_ backend: ZipArchive.Backend) throws {
    var archive = try ZipArchive.write(
      [
        try Self.input("a.bin", Array(repeating: 7, count: 5_000), .deflate(level: nil))
      ], backend: backend)
    let central = Int(ZipCraft.readLE32(archive, archive.count - 22 + 16))
    archive.replaceSubrange(22..<26, with: ZipCraft.le32(4_000))
    archive.replaceSubrange((central + 24)..<(central + 28), with: ZipCraft.le32(4_000))
    let error = Self.readError(archive, backend: backend)
    guard case .zip(21, _)? = error?.kind else {
      Issue.record("expected an inconsistency, got \(String(describing: error))")
      return
    }
    #expect(error?.part == "/a.bin")
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func totalSizeLimitCountsEveryEntry(_ backend: ZipArchive.Backend) throws {
    let archive = try ZipArchive.write(
      [
        try Self.input("a.bin", Array(repeating: 1, count: 600 << 10)),
        try Self.input("b.bin", Array(repeating: 2, count: 600 << 10)),
      ], backend: backend)
    let error = Self.readError(
      archive, limits: DecodingLimits(maxTotalBytes: 1 << 20), backend: backend)
    #expect(error?.kind == .limitExceeded(.totalBytes, value: 1_200 << 10, limit: 1 << 20))
    #expect(error?.part == "/b.bin")
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func partCountLimit(_ backend: ZipArchive.Backend) throws {
    let archive = try ZipArchive.write(
      [
        try Self.input("a", [1]), try Self.input("b", [2]), try Self.input("c", [3]),
      ], backend: backend)
    let error = Self.readError(archive, limits: DecodingLimits(maxParts: 2), backend: backend)
    #expect(error?.kind == .limitExceeded(.parts, value: 3, limit: 2))
    #expect(
      try ZipArchive.read(archive, limits: DecodingLimits(maxParts: 3), backend: backend).count == 3
    )
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func fileSizeLimit(_ backend: ZipArchive.Backend) throws {
    let archive = try ZipArchive.write([try Self.input("a", [1])], backend: backend)
    let error = Self.readError(
      archive, limits: DecodingLimits(maxFileBytes: archive.count - 1), backend: backend)
    #expect(
      error?.kind == .limitExceeded(.fileBytes, value: archive.count, limit: archive.count - 1))
  }

  // MARK: Names

  @Test(arguments: ZipArchive.Backend.allCases)
  func duplicateNamesDifferingInCaseAreRejected(_ backend: ZipArchive.Backend) {
    let archive = ZipCraft.archive([
      .init("sections/section0.svg", [1]), .init("Sections/Section0.SVG", [2]),
    ])
    let error = Self.readError(archive, backend: backend)
    #expect(error?.kind == .duplicatePart("/Sections/Section0.SVG"))
    #expect(error?.part == "/Sections/Section0.SVG")
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func identicalNamesAreRejected(_ backend: ZipArchive.Backend) {
    let archive = ZipCraft.archive([.init("a.xml", [1]), .init("a.xml", [2])])
    #expect(
      Self.readError(archive, backend: backend)?.kind
        == .zip(code: 10, message: "File already exists"))
  }

  @Test(
    arguments: ZipArchive.Backend.allCases,
    [
      "../evil.xml", "sections/../../evil.xml", "/etc/passwd", "a\\b.xml", "a//b.xml",
      "a/./b.xml", "sections/.", "sections/a.", "C:\\evil.xml", "a%2Fb.xml",
    ])
  func unsafeEntryNamesAreRejected(_ backend: ZipArchive.Backend, _ name: String) {
    let error = Self.readError(ZipCraft.archive([.init(name, [1])]), backend: backend)
    #expect(error?.kind == .invalidPartName(name))
    #expect(error?.part == "/" + name)
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func nameWithNULIsRejected(_ backend: ZipArchive.Backend) {
    // libzip reports a NUL in a name as a space; the rest of the name is still checked.
    var entry = ZipCraft.Entry("a.xml", [1])
    entry.nameBytes = Array("a.xml".utf8) + [0] + Array("../x".utf8)
    let error = Self.readError(ZipCraft.archive([entry]), backend: backend)
    #expect(error?.kind == .invalidPartName("a.xml ../x"))
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func nameThatIsNotUTF8IsRejected(_ backend: ZipArchive.Backend) {
    var entry = ZipCraft.Entry("a.xml", [1])
    entry.nameBytes = [0x61, 0xFF, 0xFE]  // flagged as UTF-8
    #expect(Self.readError(ZipCraft.archive([entry]), backend: backend)?.kind.category == .format)
  }

  /// The real WILL files in the shared sample folder, found through `WILL_SAMPLES` or at
  /// `../shared/will-samples` next to the package root. They are never copied into the
  /// repository.
  enum ExternalZipSamples {
    /// The sample folder.
    static let directory: URL = {
      if let path = ProcessInfo.processInfo.environment["WILL_SAMPLES"], !path.isEmpty {
        return URL(fileURLWithPath: path, isDirectory: true)
      }
      // #filePath is <root>/Tests/InkCodecTests/Container/ZipArchiveTests.swift.
      var root = URL(fileURLWithPath: #filePath)
      for _ in 0..<4 { root.deleteLastPathComponent() }
      return root.deletingLastPathComponent().appendingPathComponent("shared/will-samples")
    }()

    /// Whether every named file is present.
    static func available(_ files: [String]) -> Bool {
      files.allSatisfy {
        FileManager.default.isReadableFile(atPath: directory.appendingPathComponent($0).path)
      }
    }

    /// The bytes of one sample.
    static func bytes(of file: String) throws -> [UInt8] {
      Array(try Data(contentsOf: directory.appendingPathComponent(file)))
    }
  }
}
