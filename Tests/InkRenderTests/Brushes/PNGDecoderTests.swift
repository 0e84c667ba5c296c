import InkCodec
import Testing

@testable import InkRender

struct PNGDecoderTests {
  /// Seeded sample values: the same bytes on every run.
  static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
    var random = BrushRandom(seed: seed)
    return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
  }

  static let width = 7
  static let height = 5

  /// Rows of a `channels`-sample image, and the RGBA the decoder must produce for them.
  static func image(colorType: UInt8) -> (rows: [[UInt8]], rgba: [UInt8], palette: [UInt8]) {
    let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)]!
    let palette = noise(3 * 16, seed: 99)
    var rows: [[UInt8]] = []
    var rgba: [UInt8] = []
    for r in 0..<height {
      var row = noise(width * channels, seed: UInt64(r) + 10 * UInt64(colorType))
      if colorType == 3 { row = row.map { $0 % 16 } }
      rows.append(row)
      for x in 0..<width {
        let s = Array(row[(x * channels)..<((x + 1) * channels)])
        switch colorType {
        case 0: rgba += [s[0], s[0], s[0], 255]
        case 2: rgba += s + [255]
        case 3: rgba += palette[(3 * Int(s[0]))..<(3 * Int(s[0]) + 3)] + [255]
        case 4: rgba += [s[0], s[0], s[0], s[1]]
        default: rgba += s
        }
      }
    }
    return (rows, rgba, palette)
  }

  @Test(arguments: [UInt8(0), 2, 3, 4, 6], [UInt8(0), 1, 2, 3, 4])
  func decodesEachColourTypeWithEachFilter(colorType: UInt8, filter: UInt8) throws {
    let (rows, rgba, palette) = Self.image(colorType: colorType)
    let png = TestPNG.file(
      width: Self.width, height: Self.height, colorType: colorType, rows: rows, filters: [filter],
      extra: colorType == 3 ? [TestPNG.chunk("PLTE", palette)] : [])
    let image = try PNGDecoder.decode(png)
    #expect(image.width == Self.width && image.height == Self.height)
    #expect(image.pixels == rgba)
    #expect(image.hasAlpha == (colorType == 4 || colorType == 6))
  }

  @Test func decodesRowsWithMixedFiltersAndSplitIDAT() throws {
    let (rows, rgba, _) = Self.image(colorType: 6)
    let data = Zlib.compress(TestPNG.filtered(rows, bpp: 4, filters: [4, 3, 2, 1, 0]))
    let png =
      TestPNG.signature + TestPNG.header(width: Self.width, height: Self.height, colorType: 6)
      + TestPNG.chunk("tEXt", Array("Comment\u{0}hello".utf8))
      + TestPNG.chunk("IDAT", Array(data[..<10])) + TestPNG.chunk("IDAT", Array(data[10...]))
      + TestPNG.chunk("IEND", [])
    #expect(try PNGDecoder.decode(png).pixels == rgba)
  }

  @Test func appliesTransparencyChunks() throws {
    let palette: [UInt8] = [255, 0, 0, 0, 255, 0]
    let indexed = TestPNG.file(
      width: 2, height: 1, colorType: 3, rows: [[0, 1]],
      extra: [TestPNG.chunk("PLTE", palette), TestPNG.chunk("tRNS", [128])])
    let a = try PNGDecoder.decode(indexed)
    #expect(a.pixels == [255, 0, 0, 128, 0, 255, 0, 255])
    #expect(a.hasAlpha)
    let grey = TestPNG.file(
      width: 2, height: 1, colorType: 0, rows: [[7, 8]], extra: [TestPNG.chunk("tRNS", [0, 7])])
    #expect(try PNGDecoder.decode(grey).pixels == [7, 7, 7, 0, 8, 8, 8, 255])
  }

  @Test func decodesTheWritersOutput() throws {
    let rgba = Self.noise(9 * 4 * 4, seed: 5)
    let png = PNGWriter.encode(rgba: rgba, width: 9, height: 4)
    #expect(try PNGDecoder.decode(png).pixels == rgba)
  }

  static func error(_ bytes: [UInt8], maximumPixels: Int = PNGDecoder.defaultMaximumPixels)
    -> WillError?
  {
    do throws(WillError) {
      _ = try PNGDecoder.decode(bytes, maximumPixels: maximumPixels)
      return nil
    } catch {
      return error
    }
  }

  static let good = TestPNG.file(width: 2, height: 2, colorType: 0, rows: [[1, 2], [3, 4]])

  @Test func rejectsABadChunkCRC() throws {
    var png = Self.good
    // The IDAT chunk starts after the signature (8) and IHDR (25); its CRC is its last 4 bytes.
    let idatLength = png[33..<37].reduce(0) { $0 << 8 | Int($1) }
    png[33 + 8 + idatLength] ^= 0xFF
    let error = try #require(Self.error(png))
    guard case .malformedImage(let message) = error.kind else {
      Issue.record("expected malformedImage, got \(error)")
      return
    }
    #expect(message.hasPrefix("chunk IDAT CRC-32 is 0x"))
    #expect(error.offset == 33)
  }

  @Test func rejectsTruncatedFilesAtEveryLength() {
    for length in 0..<Self.good.count {
      let error = Self.error(Array(Self.good[..<length]))
      #expect(error != nil, "length \(length)")
      #expect(error?.category == .format, "length \(length)")
    }
    #expect(Self.error(Array(Self.good[..<20]))?.kind == .truncated(needed: 13, available: 12))
  }

  @Test func rejectsHugeDimensionsBeforeAllocating() {
    let png =
      TestPNG.signature + TestPNG.header(width: 1 << 30, height: 1 << 30, colorType: 6)
      + TestPNG.chunk("IDAT", Zlib.compress([0])) + TestPNG.chunk("IEND", [])
    let error = Self.error(png)
    #expect(
      error?.kind
        == .imageTooLarge(width: 1 << 30, height: 1 << 30, maximumPixels: 1 << 22))
    #expect(error?.category == .limitExceeded)
    #expect(error?.offset == 8)
    #expect(Self.error(Self.good, maximumPixels: 3)?.category == .limitExceeded)
  }

  @Test func stopsADecompressionBomb() throws {
    // A 4 × 4 greyscale image needs 20 bytes; this stream inflates to 16 MB.
    let bomb = Zlib.compress([UInt8](repeating: 0, count: 1 << 24), level: 9)
    #expect(bomb.count < 1 << 16)
    let png =
      TestPNG.signature + TestPNG.header(width: 4, height: 4, colorType: 0)
      + TestPNG.chunk("IDAT", bomb) + TestPNG.chunk("IEND", [])
    let error = try #require(Self.error(png))
    #expect(error.kind == .malformedImage("the image data holds more than the 20 bytes expected"))
  }

  @Test func rejectsWhatItDoesNotDecode() {
    let sixteen =
      TestPNG.signature + TestPNG.header(width: 1, height: 1, depth: 16, colorType: 0)
      + TestPNG.chunk("IEND", [])
    #expect(Self.error(sixteen)?.kind == .unsupported("PNG bit depth 16 (only 8 is decoded)"))
    let interlaced =
      TestPNG.signature + TestPNG.header(width: 1, height: 1, colorType: 0, interlace: 1)
      + TestPNG.chunk("IEND", [])
    #expect(Self.error(interlaced)?.kind == .unsupported("interlaced PNG"))
    #expect(Self.error(Array("GIF89a".utf8))?.kind == .malformedImage("no PNG signature"))
    let badColour =
      TestPNG.signature + TestPNG.header(width: 1, height: 1, colorType: 5)
      + TestPNG.chunk("IEND", [])
    #expect(Self.error(badColour)?.kind == .malformedImage("colour type 5"))
    var badFilter = TestPNG.signature + TestPNG.header(width: 1, height: 1, colorType: 0)
    badFilter += TestPNG.chunk("IDAT", Zlib.compress([5, 0])) + TestPNG.chunk("IEND", [])
    #expect(Self.error(badFilter)?.kind == .malformedImage("row 0 has filter type 5"))
    let short =
      TestPNG.signature + TestPNG.header(width: 2, height: 2, colorType: 0)
      + TestPNG.chunk("IDAT", Zlib.compress([0, 1, 2])) + TestPNG.chunk("IEND", [])
    #expect(Self.error(short)?.kind == .malformedImage("the image data holds 3 bytes, 6 expected"))
    let noPalette = TestPNG.file(width: 1, height: 1, colorType: 3, rows: [[0]])
    #expect(Self.error(noPalette)?.kind == .malformedImage("a palette image without PLTE"))
    let critical =
      TestPNG.signature + TestPNG.header(width: 1, height: 1, colorType: 0)
      + TestPNG.chunk("ABCD", []) + TestPNG.chunk("IEND", [])
    #expect(Self.error(critical)?.kind == .unsupported("PNG critical chunk ABCD"))
  }

  @Test func survivesEverySingleByteMutation() {
    // No input may trap: flip each byte of a valid file in turn.
    for i in 0..<Self.good.count {
      var png = Self.good
      png[i] ^= 0x5A
      _ = Self.error(png)
    }
  }
}
