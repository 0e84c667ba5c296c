import Foundation
import InkCodec
import Testing

/// UIM → WILL 2 reads geometry and style only from the fields UIM defines: willdoc's own
/// statements (`app://willdoc/will2/…`) count only in the form willdoc writes and where they
/// agree with those fields; every other one is listed as dropped and changes nothing.
@Suite("UIM → WILL 2: willdoc's statements")
struct UIMStatementTests {
  /// Five points with five distinct widths, one colour.
  static let stroke = Stroke(
    points: (0..<5).map { InkPoint(x: Double($0) * 10 + 100, y: 100) },
    widths: [1, 2, 3, 4, 5], colors: [InkColor(red: 10, green: 20, blue: 30)])

  /// The UIM willdoc writes for one page holding `strokes`.
  static func uim(_ strokes: [Stroke] = [stroke]) throws -> UIMDocument {
    try UIMDocument(converting: WillDocument(strokes: strokes, pageWidth: 592, pageHeight: 864))
  }

  /// The subject of the first stroke's statements.
  static func strokeSubject(_ uim: UIMDocument, _ index: Int = 0) throws -> String {
    "uim:stroke/\(try #require(uim.inkData.strokes[index].id))"
  }

  /// `uim` with `object` stated for `name` on `subject`, after its own statements.
  static func stating(
    _ uim: UIMDocument, _ subject: String, _ name: String, _ object: String
  ) -> UIMDocument {
    var copy = uim
    copy.knowledgeGraph.append(
      UIMTriple(subject: subject, predicate: UIMWillMapping.namespace + name, object: object))
    return copy
  }

  static func convert(_ uim: UIMDocument) throws -> (WillDocument, ConversionLosses) {
    var losses = ConversionLosses()
    let document = try WillDocument(converting: uim, losses: &losses)
    return (document, losses)
  }

  static func dropped(_ losses: ConversionLosses) -> Bool {
    losses.droppedMetadata.contains { $0.contains("not in willdoc's form") }
  }

  @Test("record bytes holding points or a precision change nothing; unknown fields are kept")
  func unknownFields() throws {
    let base = try Self.uim()
    let subject = try Self.strokeSubject(base)
    let (original, _) = try Self.convert(base)
    // data (field 4): three more points; decimalPrecision (field 3) = 4; both; ts (1); id (100).
    for hex in ["2206d00fd00f00000000", "1804", "22020000" + "1804", "0d0000803f", "a00601"] {
      let (document, losses) = try Self.convert(Self.stating(base, subject, "unknown", hex))
      #expect(document.strokes == original.strokes, "\(hex)")
      #expect(Self.dropped(losses), "\(hex)")
    }
    // Malformed: not hex, odd length, a field cut short, a group.
    for hex in ["zz", "5", "0a", "0a05", "0b", ""] {
      let (document, losses) = try Self.convert(Self.stating(base, subject, "unknown", hex))
      #expect(document.strokes == original.strokes, "\(hex)")
      #expect(Self.dropped(losses), "\(hex)")
    }
    // Field 11 (a varint) and field 4 with the wrong wire type are unknown to a WILL 2 reader.
    for (hex, bytes) in [("5801", [UInt8]([0x58, 0x01])), ("2501000000", [0x25, 1, 0, 0, 0])] {
      let (document, losses) = try Self.convert(Self.stating(base, subject, "unknown", hex))
      #expect(document.strokes.first?.wire.unknownFields == bytes, "\(hex)")
      #expect(document.strokes.first?.points == original.strokes.first?.points)
      #expect(losses.isLossless, "\(hex): \(losses)")
    }
  }

  @Test("a width count counts only from 2 to one less than the points, where the size repeats")
  func widthCounts() throws {
    let points = Self.stroke.pointCount
    // willdoc writes a count for every short list: the smallest (2) and largest (points − 1).
    for count in 2..<points {
      var short = Self.stroke
      short.widths = Array(short.widths.prefix(count))
      let (document, losses) = try Self.convert(try Self.uim([short]))
      #expect(document.strokes.first?.widths == short.widths, "\(count)")
      #expect(losses.isLossless, "\(count): \(losses)")
    }
    // Against a size channel that does not repeat, and in any other form: the channel stands.
    let base = try Self.uim()
    let subject = try Self.strokeSubject(base)
    for object in [
      "-5", "0", "1", "2", "4", "\(points)", "\(points + 1)", "02", "+2", " 2", "2 ", "nan", "none",
      "99999999999999999999", "18446744073709551616", "4294967295", "",
    ] {
      let (document, losses) = try Self.convert(Self.stating(base, subject, "widths", object))
      #expect(document.strokes.first?.widths == [1, 2, 3, 4, 5], "\(object)")
      #expect(Self.dropped(losses), "\(object)")
    }
    // `none` only where the stroke has no size at all.
    var unsized = Self.stroke
    unsized.widths = []
    let (none, noneLosses) = try Self.convert(try Self.uim([unsized]))
    #expect(none.strokes.first?.widths == [])
    #expect(noneLosses.isLossless)
    var constant = Self.stroke
    constant.widths = [3]
    let sized = try Self.uim([constant])
    let (document, losses) = try Self.convert(
      Self.stating(sized, try Self.strokeSubject(sized), "widths", "none"))
    #expect(document.strokes.first?.widths == [3])
    #expect(Self.dropped(losses))
  }

  @Test("a colour count and none follow the same rules as widths")
  func colorCounts() throws {
    var perPoint = Self.stroke
    perPoint.colors = (0..<5).map { InkColor(rgba: UInt32($0) &* 0x0102_0304) }
    for count in 2..<5 {
      var short = perPoint
      short.colors = Array(perPoint.colors.prefix(count))
      let (document, losses) = try Self.convert(try Self.uim([short]))
      #expect(document.strokes.first?.colors == short.colors, "\(count)")
      #expect(losses.isLossless, "\(count)")
    }
    let base = try Self.uim([perPoint])
    let subject = try Self.strokeSubject(base)
    for object in ["-1", "1", "2", "5", "none", "0x2"] {
      let (document, losses) = try Self.convert(Self.stating(base, subject, "colors", object))
      #expect(document.strokes.first?.colors == perPoint.colors, "\(object)")
      #expect(Self.dropped(losses), "\(object)")
    }
  }

  @Test("stored fields, ids and a zero seed count in their one form")
  func strokeScalars() throws {
    let base = try Self.uim()
    let subject = try Self.strokeSubject(base)
    let accepted: [(String, String, (Stroke) -> Bool)] = [
      ("storedFields", "0", { $0.wire.storedFields == [] }),
      ("storedFields", "14", { $0.wire.storedFields.rawValue == 14 }),
      ("id", "0", { $0.id == 0 }),
      ("id", "4294967295", { $0.id == .max }),
      ("particlesRandomSeed", "0", { $0.particlesRandomSeed == 0 }),
    ]
    for (name, object, check) in accepted {
      let (document, losses) = try Self.convert(Self.stating(base, subject, name, object))
      #expect(check(try #require(document.strokes.first)), "\(name) \(object)")
      #expect(losses.isLossless, "\(name) \(object): \(losses)")
    }
    for (name, object) in [
      ("storedFields", "15"), ("storedFields", "16"), ("storedFields", "255"),
      ("storedFields", "-1"), ("storedFields", "04"), ("id", "-1"), ("id", "4294967296"),
      ("id", "+5"), ("particlesRandomSeed", "1"), ("particlesRandomSeed", "00"),
      ("nonsense", "1"),
    ] {
      let (document, losses) = try Self.convert(Self.stating(base, subject, name, object))
      let stroke = try #require(document.strokes.first)
      #expect(stroke.wire.storedFields == .all && stroke.id == nil, "\(name) \(object)")
      #expect(stroke.particlesRandomSeed == nil, "\(name) \(object)")
      #expect(Self.dropped(losses), "\(name) \(object)")
    }
    // A zero seed stated on a stroke whose seed is not zero.
    var seeded = Self.stroke
    seeded.particlesRandomSeed = 9
    let withSeed = try Self.uim([seeded])
    let (document, losses) = try Self.convert(
      Self.stating(withSeed, try Self.strokeSubject(withSeed), "particlesRandomSeed", "0"))
    #expect(document.strokes.first?.particlesRandomSeed == 9)
    #expect(Self.dropped(losses))
  }

  @Test("page sizes count only with the page group's bounds; transforms only in shortest form")
  func pagesAndTransforms() throws {
    let base = try Self.uim()
    let tree = try #require(base.structure.mainTree)
    guard case .group(let page) = tree.nodes[1].content,
      case .group(let element) = tree.nodes[2].content
    else {
      Issue.record("not willdoc's layout")
      return
    }
    let pageSubject = "uim:node/main/\(page)"
    let elementSubject = "uim:node/main/\(element)"
    // Other bounds: the sizes drop, the page has none.
    var moved = base
    moved.structure.mainTree?.nodes[1].bounds = UIMRectangle(x: 0, y: 0, width: 593, height: 864)
    let (unsized, losses) = try Self.convert(moved)
    #expect(unsized.sections.first?.width == nil && unsized.sections.first?.height == nil)
    #expect(Self.dropped(losses))
    // A size stated twice is stated by neither.
    let (twice, twiceLosses) = try Self.convert(Self.stating(base, pageSubject, "width", "592"))
    #expect(twice.sections.first?.width == nil)
    #expect(Self.dropped(twiceLosses))
    // Transforms.
    var original = base
    original.knowledgeGraph.removeAll { $0.predicate.hasSuffix("/transform") }
    let shifted = "2 0 0 2 -5 0.5"
    let (document, accepted) = try Self.convert(
      Self.stating(original, elementSubject, "transform", shifted))
    #expect(
      document.sections.first?.pathsElements.first?.transform
        == AffineTransform(a: 2, b: 0, c: 0, d: 2, e: -5, f: 0.5))
    #expect(accepted.isLossless, "\(accepted)")
    for object in [
      "nan 0 0 1 0 0", "inf 0 0 1 0 0", "1 0 0 1 0", "1 0 0 1 0 0 0", "1  0 0 1 0 0",
      "1.0 0 0 1 0 0", "1e308 0 0 1 0 0", " 1 0 0 1 0 0", "",
    ] {
      let (document, losses) = try Self.convert(
        Self.stating(original, elementSubject, "transform", object))
      #expect(document.sections.first?.pathsElements.first?.transform == .identity, "\(object)")
      #expect(Self.dropped(losses), "\(object)")
    }
    // Backgrounds and part names.
    for (name, object) in [
      ("background", "FFFFFFFF"), ("background", "+ff"), ("background", "1ffffffff"),
      ("part", "../../etc/passwd"), ("part", "/a/../b.svg"), ("part", "relative.svg"),
      ("part", "INK #1"), ("part", "INK #02"),
    ] {
      var stripped = base
      stripped.knowledgeGraph.removeAll { $0.predicate.hasSuffix("/" + name) }
      let (document, losses) = try Self.convert(Self.stating(stripped, pageSubject, name, object))
      let section = try #require(document.sections.first)
      #expect(
        name == "part" ? section.partName == nil : section.background == nil, "\(name) \(object)")
      #expect(Self.dropped(losses), "\(name) \(object)")
    }
  }

  @Test("raster brush statements count only where the brush's own fields cannot hold the value")
  func paintStatements() throws {
    var paint = ParticlesPaint()
    paint.shape = [[1, 2]]
    // An empty first fill and two more: all three come back.
    paint.fill = [[], [3], [4, 5]]
    paint.rotation = .unknown(-3)
    paint.blendMode = BlendMode(rawValue: 12)
    paint.id = 7
    paint.unknownFields = [0xB8, 0x06, 0x2A]  // field 103: stated in hex, read back
    var painted = Self.stroke
    painted.paintIndex = 0
    var will = WillDocument(strokes: [painted], pageWidth: 100, pageHeight: 100)
    will.paints = [paint]
    let uim = try UIMDocument(converting: will)
    let (document, losses) = try Self.convert(uim)
    #expect(document.paints == [paint])
    #expect(losses.isLossless, "\(losses)")
    let name = UIMWillMapping.paintBrushURI(0)
    var plain = uim
    plain.knowledgeGraph.removeAll { $0.subject == name }
    for (predicate, object) in [
      ("rotation", "2"), ("rotation", "0"), ("rotation", "9223372036854775808"),
      ("blend", "2"), ("blend", "1e3"), ("fills", "zz"), ("paintId", "-1"),
      ("unknown", "b806"), ("unknown", "1d0000803f"), ("unknown", "B8062A"),
    ] {
      let (document, losses) = try Self.convert(Self.stating(plain, name, predicate, object))
      let read = try #require(document.paints.first)
      #expect(read.rotation == .none && read.id == nil, "\(predicate) \(object)")
      #expect(read.blendMode == .sourceOver && read.fill == [], "\(predicate) \(object)")
      #expect(read.unknownFields.isEmpty, "\(predicate) \(object)")
      #expect(Self.dropped(losses), "\(predicate) \(object)")
    }
  }

  @Test("statements on subjects the document lacks, or given twice, are dropped")
  func strayStatements() throws {
    let base = try Self.uim()
    let (original, _) = try Self.convert(base)
    var stray = base
    stray.knowledgeGraph += [
      UIMTriple(subject: "", predicate: UIMWillMapping.namespace + "widths", object: "2"),
      UIMTriple(subject: "uim:stroke/", predicate: UIMWillMapping.namespace + "id", object: "1"),
    ]
    stray.knowledgeGraph += base.knowledgeGraph
    let (document, losses) = try Self.convert(stray)
    #expect(document.strokes == original.strokes)
    #expect(document.sections.first?.width == nil)
    #expect(Self.dropped(losses))
  }
}
