#if Libzip && os(Linux)
  import Foundation
  import InkCodec
  import InkTestFixtures
  import InkTestSupport
  import Testing

  /// The portable zip backend against libzip: on every real, generated and hostile file and on
  /// a deterministic corpus of damaged archives, both read the same entries or refuse with the
  /// same error; and both write the same bytes.
  @Suite struct ZipBackendDifferentialTests {
    // MARK: Helpers

    /// What reading gives: every field of every entry, or the error.
    enum Outcome: Equatable, CustomStringConvertible {
      case entries([ZipEntry])
      case failure(WillError)

      var description: String {
        switch self {
        case .entries(let entries):
          "\(entries.count) entries: " + entries.map(\.name.description).joined(separator: ", ")
        case .failure(let error): "\(error)"
        }
      }
    }

    static func outcome(
      _ bytes: [UInt8], _ backend: ZipArchive.Backend, limits: DecodingLimits = .default
    ) -> Outcome {
      do {
        return .entries(try ZipArchive.read(bytes, limits: limits, backend: backend))
      } catch {
        return .failure(error)
      }
    }

    /// Expects both backends to read `bytes` alike.
    static func expectAlike(
      _ bytes: [UInt8], _ label: String, limits: DecodingLimits = .default,
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let libzip = outcome(bytes, .libzip, limits: limits)
      let portable = outcome(bytes, .portable, limits: limits)
      #expect(
        libzip == portable, "\(label)\n libzip:   \(libzip)\n portable: \(portable)",
        sourceLocation: sourceLocation)
    }

    /// The files of a `SampleDocuments` folder, by name.
    static func sampleFiles(_ folder: String) -> [String] {
      let url = Fixtures.sampleDocuments.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      return names.sorted().map { folder + "/" + $0 }
    }

    static func sampleBytes(_ path: String) throws -> [UInt8] {
      try Fixtures.bytes(of: Fixtures.sampleDocuments.appendingPathComponent(path))
    }

    /// Small archives to damage: both methods, a data descriptor, a directory entry.
    static let mutationBases: [(String, [UInt8])] = {
      let text = Array(String(repeating: "<g r:id=\"rId0\"/>", count: 40).utf8)
      let stored = try! ZipArchive.write(
        [
          ZipEntry.Input(name: try! PartName("[Content_Types].xml"), data: text),
          ZipEntry.Input(
            name: try! PartName("sections/media/a.bin"), data: Array(0..<120), compression: .stored),
          ZipEntry.Input(name: try! PartName("empty"), data: [], compression: .stored),
        ], backend: .libzip)
      let crafted = ZipCraft.archive([
        .init("sections/", []),
        .init("_rels/.rels", Array("<Relationships/>".utf8), dataDescriptor: true),
        .init("b.xml", Array("<b/>".utf8)),
      ])
      return [
        ("written", stored), ("crafted", crafted), ("ZIP64", zip64Archive()),
        ("Unicode Path", unicodePathArchive(inLocalHeader: true)),
      ]
    }()

    static func le16(_ value: Int) -> [UInt8] { ZipCraft.le16(UInt16(value)) }
    static func le32(_ value: Int) -> [UInt8] { ZipCraft.le32(UInt32(value)) }
    static func le64(_ value: Int) -> [UInt8] { le32(value & 0xFFFF_FFFF) + le32(value >> 32) }

    /// One stored entry whose central record takes its sizes from a ZIP64 extra field, and a
    /// ZIP64 end record with its locator, as zip tools write archives past 4 GiB.
    static func zip64Archive() -> [UInt8] {
      let data = Array("hello, ZIP64".utf8)
      let name = Array("a.txt".utf8)
      let crc = Int(CRC32.checksum(data))
      var archive = le32(0x0403_4B50) + le16(45) + le16(0) + le16(0) + le16(0) + le16(0x21)
      archive += le32(crc) + le32(data.count) + le32(data.count) + le16(name.count) + le16(0)
      archive += name + data
      let directoryOffset = archive.count
      var central = le32(0x0201_4B50) + le16(45) + le16(45) + le16(0) + le16(0) + le16(0)
      central += le16(0x21) + le32(crc) + le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF)
      central += le16(name.count) + le16(20) + le16(0) + le16(0) + le16(0) + le32(0) + le32(0)
      central += name + le16(1) + le16(16) + le64(data.count) + le64(data.count)
      archive += central
      let end64 = archive.count
      archive += le32(0x0606_4B50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0)
      archive += le64(1) + le64(1) + le64(central.count) + le64(directoryOffset)
      archive += le32(0x0706_4B50) + le32(0) + le64(end64) + le32(1)
      archive += le32(0x0605_4B50) + le32(0) + le16(0xFFFF) + le16(0xFFFF)
      archive += le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF) + le16(0)
      return archive
    }

    /// One entry named in code page 437 with an Info-ZIP Unicode Path extra field that gives
    /// its UTF-8 name, in the central record and, when `inLocalHeader`, the local header;
    /// and an archive comment.
    static func unicodePathArchive(inLocalHeader: Bool) -> [UInt8] {
      let data = Array("<a/>".utf8)
      let name: [UInt8] = [0x63, 0x61, 0x66, 0x82, 0x2E, 0x78, 0x6D, 0x6C]  // "café.xml"
      let unicode = Array("café.xml".utf8)
      let field =
        le16(0x7075) + le16(5 + unicode.count) + [1]
        + le32(Int(CRC32.checksum(name))) + unicode
      let localField = inLocalHeader ? field : []
      let crc = Int(CRC32.checksum(data))
      var archive = le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
      archive += le32(crc) + le32(data.count) + le32(data.count) + le16(name.count)
      archive += le16(localField.count) + name + localField + data
      let directoryOffset = archive.count
      var central = le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0)
      central += le16(0x21) + le32(crc) + le32(data.count) + le32(data.count)
      central += le16(name.count) + le16(field.count) + le16(0) + le16(0) + le16(0) + le32(0)
      central += le32(0) + name + field
      archive += central
      let comment = Array("made by hand".utf8)
      archive += le32(0x0605_4B50) + le32(0) + le16(1) + le16(1) + le32(central.count)
      archive += le32(directoryOffset) + le16(comment.count) + comment
      return archive
    }

    // MARK: Files

    @Test(
      .enabled(if: ExternalSamples.isAvailable, "the real samples are absent"),
      arguments: ExternalSamples.names)
    func realSample(_ name: String) throws {
      Self.expectAlike(try ExternalSamples.bytes(name), name)
    }

    @Test(arguments: sampleFiles("valid") + sampleFiles("golden") + sampleFiles("invalid"))
    func generatedSample(_ path: String) throws {
      Self.expectAlike(try Self.sampleBytes(path), path)
    }

    @Test func crafted() throws {
      var nul = ZipCraft.Entry("a.xml", [1])
      nul.nameBytes = Array("a.xml".utf8) + [0] + Array("../x".utf8)
      var notUTF8 = ZipCraft.Entry("a.xml", [1])
      notUTF8.nameBytes = [0x61, 0xFF, 0xFE]
      var cp437 = ZipCraft.Entry("a.xml", [1])
      cp437.utf8Name = false
      cp437.nameBytes = [0x63, 0x61, 0x66, 0x82, 0x2E, 0x78, 0x6D, 0x6C]  // "café.xml" in CP 437
      var overlong = ZipCraft.Entry("a.xml", [1])
      overlong.nameBytes = [0x61, 0xC0, 0xAF, 0x62]
      var lying = ZipCraft.Entry("a.bin", Array(repeating: 5, count: 100))
      lying.uncompressedSize = 90
      let archives: [(String, [ZipCraft.Entry])] = [
        ("directories", [.init("sections/", []), .init("sections/a.xml", [7])]),
        ("unsafe directory", [.init("../", [])]),
        ("method 12", [.init("a.bin", [1, 2, 3], method: 12)]),
        ("encrypted", [.init("a.bin", Array(repeating: 0, count: 20), encrypted: true)]),
        ("case duplicates", [.init("a/b.xml", [1]), .init("A/B.XML", [2])]),
        ("identical names", [.init("a.xml", [1]), .init("a.xml", [2])]),
        ("NUL in name", [nul]), ("not UTF-8", [notUTF8]), ("CP 437", [cp437]),
        ("overlong UTF-8", [overlong]), ("stored size lies", [lying]),
        ("empty name", [.init("", [1])]),
        (
          "data descriptors",
          [
            .init("a.xml", Array("<a/>".utf8), dataDescriptor: true),
            .init("b/c.bin", [], dataDescriptor: true),
          ]
        ),
      ]
      for (label, entries) in archives {
        Self.expectAlike(ZipCraft.archive(entries), label)
      }
      Self.expectAlike(Self.unicodePathArchive(inLocalHeader: false), "Unicode Path, central only")
      let zip64 = try ZipArchive.read(Self.zip64Archive(), backend: .portable)
      #expect(zip64.map(\.data) == [Array("hello, ZIP64".utf8)])
      let unicode = try ZipArchive.read(
        Self.unicodePathArchive(inLocalHeader: true), backend: .portable)
      #expect(unicode.map(\.name.description) == ["/café.xml"])
      for unsafe in ["../evil.xml", "/etc/passwd", "a\\b.xml", "a//b.xml", "C:\\evil.xml"] {
        Self.expectAlike(ZipCraft.archive([.init(unsafe, [1])]), unsafe)
      }
      Self.expectAlike([], "empty input")
      Self.expectAlike(try ZipArchive.write([], backend: .libzip), "empty archive")
      var random = SeededRandom(seed: 42)
      Self.expectAlike((0..<4_096).map { _ in UInt8(truncatingIfNeeded: random.next()) }, "noise")
    }

    @Test func limitsStopAtTheSamePoint() throws {
      let zeros = [UInt8](repeating: 0, count: 3 << 20)
      let bomb = try ZipArchive.write(
        [
          ZipEntry.Input(name: try PartName("a.bin"), data: zeros),
          ZipEntry.Input(name: try PartName("b.bin"), data: zeros),
        ], backend: .libzip)
      var lying = bomb
      lying.replaceSubrange(22..<26, with: ZipCraft.le32(1_000))
      let central = Int(ZipCraft.readLE32(lying, lying.count - 22 + 16))
      lying.replaceSubrange((central + 24)..<(central + 28), with: ZipCraft.le32(1_000))
      for limits in [
        DecodingLimits(maxPartBytes: 1 << 20), DecodingLimits(maxTotalBytes: 5 << 20),
        DecodingLimits(maxParts: 1), DecodingLimits(maxFileBytes: 100),
      ] {
        Self.expectAlike(bomb, "bomb \(limits)", limits: limits)
        Self.expectAlike(lying, "lying bomb \(limits)", limits: limits)
      }
    }

    // MARK: Damage

    @Test(arguments: mutationBases.map(\.0))
    func truncations(_ base: String) throws {
      let archive = try #require(Self.mutationBases.first { $0.0 == base }?.1)
      for length in 0..<archive.count {
        Self.expectAlike(Array(archive.prefix(length)), "\(base) cut at \(length)")
      }
      for extra in [[0], [0x50, 0x4B], Array(repeating: 0, count: 30)] as [[UInt8]] {
        Self.expectAlike(archive + extra, "\(base) + \(extra.count) bytes")
        Self.expectAlike(extra + archive, "\(extra.count) bytes + \(base)")
      }
    }

    @Test(arguments: mutationBases.map(\.0))
    func byteFlips(_ base: String) throws {
      let archive = try #require(Self.mutationBases.first { $0.0 == base }?.1)
      for offset in 0..<archive.count {
        for mask: UInt8 in [0xFF, 0x01, 0x80] {
          var damaged = archive
          damaged[offset] ^= mask
          Self.expectAlike(damaged, "\(base): byte \(offset) ^ \(mask)")
        }
      }
    }

    @Test(arguments: mutationBases.map(\.0))
    func fieldValues(_ base: String) throws {
      // Every 16- and 32-bit field set to values that mean something to a zip reader.
      let archive = try #require(Self.mutationBases.first { $0.0 == base }?.1)
      let values: [UInt32] = [0, 1, 0xFFFF, 0xFFFF_FFFF, UInt32(archive.count), 0x8000_0000]
      for offset in 0..<(archive.count - 3) {
        for value in values {
          var damaged = archive
          damaged.replaceSubrange(offset..<(offset + 4), with: ZipCraft.le32(value))
          Self.expectAlike(damaged, "u32 \(value) at \(offset)")
          var short = archive
          short.replaceSubrange(offset..<(offset + 2), with: ZipCraft.le16(UInt16(value & 0xFFFF)))
          Self.expectAlike(short, "u16 \(value & 0xFFFF) at \(offset)")
        }
      }
    }

    @Test(.enabled(if: ExternalSamples.isAvailable, "the real samples are absent"))
    func damagedRealSamples() throws {
      var random = SeededRandom(seed: 0xD1FF)
      for name in ExternalSamples.names {
        let bytes = try ExternalSamples.bytes(name)
        guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { continue }
        for _ in 0..<150 {
          var damaged = bytes
          let offset = Int(random.next() % UInt64(bytes.count))
          damaged[offset] ^= UInt8(truncatingIfNeeded: random.next() | 1)
          Self.expectAlike(damaged, "\(name): byte \(offset)")
          let cut = Int(random.next() % UInt64(bytes.count))
          Self.expectAlike(Array(bytes.prefix(cut)), "\(name) cut at \(cut)")
        }
      }
    }

    // MARK: Writing

    /// Entries that exercise the writer: every level, stored, empty, incompressible,
    /// non-ASCII names.
    static func writerInputs() throws -> [ZipEntry.Input] {
      var random = SeededRandom(seed: 7)
      let noise = (0..<40_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let text = Array(String(repeating: "<path d=\"M 1 2 L 3 4\"/>\n", count: 3_000).utf8)
      var inputs: [ZipEntry.Input] = [
        ZipEntry.Input(name: try PartName("empty-stored"), data: [], compression: .stored),
        ZipEntry.Input(name: try PartName("empty-deflate"), data: []),
        ZipEntry.Input(name: try PartName("noise.bin"), data: noise),
        ZipEntry.Input(name: try PartName("noise-stored.bin"), data: noise, compression: .stored),
        ZipEntry.Input(name: try PartName("sections/Ünïcødé ✍️.svg"), data: text),
        ZipEntry.Input(name: try PartName("zeros"), data: Array(repeating: 0, count: 300_000)),
      ]
      for level in 1...9 {
        inputs.append(
          ZipEntry.Input(
            name: try PartName("level\(level).svg"), data: text,
            compression: .deflate(level: level)))
      }
      return inputs
    }

    @Test func writesTheSameBytes() throws {
      let inputs = try Self.writerInputs()
      let libzip = try ZipArchive.write(inputs, backend: .libzip)
      let portable = try ZipArchive.write(inputs, backend: .portable)
      #expect(libzip == portable)
      for input in inputs {
        #expect(
          try ZipArchive.write([input], backend: .libzip)
            == ZipArchive.write([input], backend: .portable), "\(input.name)")
      }
      #expect(try ZipArchive.read(portable, backend: .libzip).map(\.data) == inputs.map(\.data))
    }

    @Test func writesManyEntriesTheSame() throws {
      // More than 65,535 entries: libzip adds a ZIP64 end record.
      var inputs: [ZipEntry.Input] = []
      for index in 0..<65_600 {
        let data: [UInt8] = index % 7 == 0 ? [UInt8(index & 0xFF)] : []
        let compression: ZipCompression = index % 2 == 0 ? .stored : .deflate(level: 1)
        inputs.append(
          ZipEntry.Input(name: try PartName("p/\(index)"), data: data, compression: compression))
      }
      let portable = try ZipArchive.write(inputs, backend: .portable)
      #expect(portable == (try ZipArchive.write(inputs, backend: .libzip)))
      let unlimited = DecodingLimits.unlimited
      Self.expectAlike(portable, "65,600 entries", limits: unlimited)
      let few = Array(inputs.prefix(300))
      #expect(
        try ZipArchive.write(few, backend: .portable) == ZipArchive.write(few, backend: .libzip))
    }

    @Test(
      .enabled(if: ExternalSamples.isAvailable, "the real samples are absent"),
      arguments: ExternalSamples.names)
    func rewritesRealSamplesTheSame(_ name: String) throws {
      let bytes = try ExternalSamples.bytes(name)
      guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { return }
      let entries = try ZipArchive.read(bytes, backend: .portable).map(\.input)
      for compression: ZipCompression in [.stored, .deflate(level: nil), .deflate(level: 1)] {
        let inputs = entries.map {
          ZipEntry.Input(name: $0.name, data: $0.data, compression: compression)
        }
        let portable = try ZipArchive.write(inputs, backend: .portable)
        #expect(portable == (try ZipArchive.write(inputs, backend: .libzip)), "\(compression)")
        #expect(try ZipArchive.read(portable, backend: .libzip).map(\.data) == inputs.map(\.data))
      }
    }

    @Test(arguments: sampleFiles("valid"))
    func rewritesGeneratedSamplesTheSame(_ path: String) throws {
      let bytes = try Self.sampleBytes(path)
      guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { return }
      let inputs = try ZipArchive.read(bytes, backend: .libzip).map(\.input)
      #expect(
        try ZipArchive.write(inputs, backend: .portable)
          == ZipArchive.write(inputs, backend: .libzip))
    }
  }
#endif
