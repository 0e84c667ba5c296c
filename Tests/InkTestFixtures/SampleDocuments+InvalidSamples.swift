import Foundation
import InkCodec
import InkSynthesis

extension SampleDocuments {
  /// The small, valid package every damaged OPC sample starts from.
  static func basePackage(seed: UInt64) throws -> [ZipEntry] {
    var model = MotorModel(seed: seed)
    let document = WillDocument(
      strokes: model.write("ink", x: 40, y: 40, size: 40), pageWidth: 592, pageHeight: 864)
    return try ZipArchive.read(document.serialized(container: .opc, options: options))
  }

  static let pathsPart = "/sections/media/paths0.protobuf"

  static func rezip(
    _ entries: [ZipEntry], _ edit: (inout [ZipEntry.Input]) throws -> Void
  ) throws -> [UInt8] {
    var inputs = entries.map {
      ZipEntry.Input(name: $0.name, data: $0.data, compression: .deflate(level: 9))
    }
    try edit(&inputs)
    return try ZipArchive.write(inputs)
  }

  static func replaceText(
    in inputs: inout [ZipEntry.Input], part: String, _ transform: (String) -> String
  ) {
    guard let index = inputs.firstIndex(where: { $0.name.description == part }) else {
      preconditionFailure("no part \(part)")
    }
    inputs[index].data = Array(transform(String(decoding: inputs[index].data, as: UTF8.self)).utf8)
  }

  static func varint(_ value: UInt64) -> [UInt8] { Varint.bytes(of: value) }

  static func zigzag(_ value: Int32) -> UInt64 {
    UInt64(UInt32(bitPattern: (value << 1) ^ (value >> 31)))
  }

  /// A `Path` record's bytes with ts, tf and precision as producers write them, then `rest`.
  static func record(
    ts: [UInt8] = [0, 0, 0, 0], tf: [UInt8] = [0, 0, 0x80, 0x3F], precision: UInt64 = 2,
    _ rest: [UInt8]
  ) -> [UInt8] {
    [0x0D] + ts + [0x15] + tf + [0x18] + varint(precision) + rest
  }

  static func packed(_ tag: UInt8, _ values: [Int32]) -> [UInt8] {
    let body = values.flatMap { varint(zigzag($0)) }
    return [tag] + varint(UInt64(body.count)) + body
  }

  /// One good record framed, then `tail`.
  static func stream(_ records: [[UInt8]]) -> [UInt8] {
    records.flatMap { varint(UInt64($0.count)) + $0 }
  }

  static let goodRecord = record(
    packed(0x22, [10000, 20000, 100, 50, 100, -50, 0, 0]) + packed(0x2A, [150])
      + packed(0x32, [255]) + [0x48, 0x02])

  static func riff(_ ink: [UInt8]) -> [UInt8] { WillDataFile(ink: ink).serialized() }

  static func invalidFiles(seed: UInt64) throws -> [(InvalidSample, [UInt8])] {
    let base = try basePackage(seed: seed &+ 100)
    let valid = try rezip(base) { _ in }
    var files: [(InvalidSample, [UInt8])] = []
    func add(
      _ name: String, _ summary: String, _ code: String, _ part: String?, _ offset: Int?,
      _ bytes: [UInt8]
    ) {
      files.append(
        (InvalidSample(name: name, summary: summary, code: code, part: part, offset: offset), bytes)
      )
    }
    let svg = "/sections/section0.svg"
    let sectionRels = "/sections/_rels/section0.svg.rels"

    add(
      "x-truncated-zip.will",
      "a valid package cut to half its length: no central directory, the section cut short",
      "zip-error", svg, nil, Array(valid.prefix(valid.count / 2)))

    // Bad CRC: the paths part stored uncompressed, one byte of its data changed.
    var stored = try rezip(base) { inputs in
      for index in inputs.indices where inputs[index].name.description == pathsPart {
        inputs[index].compression = .stored
      }
    }
    let pathsData = base.first { $0.name.description == pathsPart }!.data
    let needle = Array(pathsData.prefix(24))
    let start = (0...(stored.count - needle.count)).first {
      Array(stored[$0..<($0 + needle.count)]) == needle
    }!
    stored[start + pathsData.count / 2] ^= 0x01
    add(
      "x-bad-crc.will",
      "the paths part is stored; one bit of its data is flipped, so its CRC-32 fails", "bad-crc",
      pathsPart, nil, stored)

    add(
      "x-missing-content-types.will", "every part but [Content_Types].xml", "missing-part",
      "/[Content_Types].xml", nil,
      try rezip(base) { inputs in
        inputs.removeAll { $0.name.description == "/[Content_Types].xml" }
      })

    add(
      "x-dangling-relationship.will",
      "the section's paths relationship targets /sections/media/missing.protobuf, which does not exist",
      "unresolved-relationship", sectionRels, nil,
      try rezip(base) { inputs in
        replaceText(in: &inputs, part: sectionRels) {
          $0.replacingOccurrences(of: pathsPart, with: "/sections/media/missing.protobuf")
        }
      })

    add(
      "x-paths-wrong-content-type.will",
      "an Override gives the paths part the content type image/png", "wrong-content-type",
      pathsPart, nil,
      try rezip(base) { inputs in
        replaceText(in: &inputs, part: "/[Content_Types].xml") {
          $0.replacingOccurrences(
            of: "</Types>",
            with: "<Override PartName=\"\(pathsPart)\" ContentType=\"image/png\"/></Types>")
        }
      })

    add(
      "x-xml-entity-expansion.will",
      "the section SVG starts with a DOCTYPE declaring nested entities (billion laughs) and uses them",
      "malformed-xml", svg, nil,
      try rezip(base) { inputs in
        replaceText(in: &inputs, part: svg) { text in
          var entities = "<!ENTITY l0 \"lol\">"
          for level in 1...9 {
            entities +=
              "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
          }
          let body = text.replacingOccurrences(
            of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", with: "")
          return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><!DOCTYPE svg [" + entities + "]>"
            + body.replacingOccurrences(of: "</svg>", with: "<desc>&l9;</desc></svg>")
        }
      })

    add(
      "x-xml-external-entity.will",
      "the section SVG declares an external entity (SYSTEM file:///etc/passwd) and uses it",
      "malformed-xml", svg, nil,
      try rezip(base) { inputs in
        replaceText(in: &inputs, part: svg) { text in
          let body = text.replacingOccurrences(
            of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", with: "")
          return
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><!DOCTYPE svg [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
            + body.replacingOccurrences(of: "</svg>", with: "<desc>&x;</desc></svg>")
        }
      })

    add(
      "x-deep-nested-g.will", "the section SVG nests 10,000 <g> elements", "limit-exceeded", svg,
      nil,
      try rezip(base) { inputs in
        replaceText(in: &inputs, part: svg) {
          $0.replacingOccurrences(
            of: "</svg>",
            with: String(repeating: "<g>", count: 10_000) + String(repeating: "</g>", count: 10_000)
              + "</svg>")
        }
      })

    // The zip bomb: 1 GiB of zeros as the paths part, about 1 MB compressed.
    let bombSize = 1 << 30
    let bomb = ZipCraft.deflatedZeros(count: bombSize)
    var bombEntries = base.map { ZipCraft.Entry.stored($0.name.zipName, $0.data) }
    for index in bombEntries.indices where "/" + bombEntries[index].name == pathsPart {
      bombEntries[index] = ZipCraft.Entry(
        name: bombEntries[index].name, method: 8, crc: ZipCraft.crc32OfZeros(count: bombSize),
        compressedSize: UInt32(bomb.count), uncompressedSize: UInt32(bombSize), data: bomb)
    }
    add(
      "x-zip-bomb.will",
      "the paths part inflates to 1 GiB (2^30) of zeros from \(bomb.count) bytes of Deflate; its declared size is past maxPartBytes (\(DecodingLimits.default.maxPartBytes >> 20) MiB)",
      "limit-exceeded", pathsPart, nil, ZipCraft.archive(bombEntries))

    // Many tiny parts: 10,001 empty stored entries besides the package, past maxParts (10,000).
    var tiny = base.map { ZipCraft.Entry.stored($0.name.zipName, $0.data) }
    for index in 0..<10_001 { tiny.append(.stored("t/" + String(index, radix: 36), [])) }
    add(
      "x-many-parts.will",
      "the package plus 10,001 empty parts t/0 … t/7pk: more than maxParts (10,000); 20,000 would double the file for no gain",
      "limit-exceeded", nil, nil, ZipCraft.archive(tiny))

    add(
      "x-empty-strokes-10M.will",
      "the paths part holds 10^7 empty Path records (10 MB of 0x00, a few KB deflated): more than maxStrokes (\(DecodingLimits.default.maxStrokes))",
      "limit-exceeded", pathsPart, DecodingLimits.default.maxStrokes,
      try rezip(base) { inputs in
        for index in inputs.indices where inputs[index].name.description == pathsPart {
          inputs[index].data = Array(repeating: 0, count: 10_000_000)
        }
      })

    // RIFF and wire-level damage, in the INK chunk of a RIFF file.
    var pastEnd = riff(stream([goodRecord]))
    let inkSizeOffset = 12 + 8 + 4 + 4  // RIFF header, HEAD header + 3 bytes + pad, "INK "
    pastEnd.replaceSubrange(inkSizeOffset..<(inkSizeOffset + 4), with: [0xF0, 0xFF, 0xFF, 0x0F])
    add(
      "x-riff-chunk-past-end.will", "the INK chunk claims 0x0FFFFFF0 bytes in a 90-byte file",
      "malformed-riff", nil, 28, pastEnd)

    add(
      "x-overlong-varint.will", "the second record's length prefix is an 11-byte varint",
      "malformed-varint", "INK ", 39,
      riff(stream([goodRecord]) + Array(repeating: 0xFF, count: 10) + [0x01]))
    add(
      "x-record-length-2pow32.will", "the second record's length prefix is 2^32", "truncated",
      "INK ", 39, riff(stream([goodRecord]) + varint(1 << 32) + goodRecord))
    add(
      "x-packed-overclaim.will", "a record's packed data field claims 100 bytes and holds 4",
      "truncated", "INK ", 14, riff(stream([record([0x22, 100, 2, 4, 6, 8])])))
    add(
      "x-int32-delta-overflow.will", "x starts at Int32.max and the next delta is +1",
      "int32-overflow", "INK ", 60,
      riff(
        stream([
          goodRecord,
          record(
            packed(0x22, [Int32.max, 0, 1, 0, 0, 0, 0, 0]) + packed(0x2A, [100]) + [0x48, 0x02]),
        ])))
    add(
      "x-nan-ts.will", "a record's startParameter is a quiet NaN", "non-finite-float", "INK ", nil,
      riff(
        stream([
          goodRecord, record(ts: [0, 0, 0xC0, 0x7F], packed(0x22, [0, 0, 1, 1, 1, 1, 0, 0])),
        ])))
    add(
      "x-infinite-tf.will", "a record's endParameter is +infinity", "non-finite-float", "INK ", nil,
      riff(stream([record(tf: [0, 0, 0x80, 0x7F], packed(0x22, [0, 0, 1, 1, 1, 1, 0, 0]))])))
    add(
      "x-precision-4-billion.will", "a record's decimalPrecision is 4,000,000,000",
      "unsupported-precision", "INK ", 51,
      riff(
        stream([
          goodRecord, record(precision: 4_000_000_000, packed(0x22, [0, 0, 1, 1, 1, 1, 0, 0])),
        ])))
    return files
  }
}
