/// How willdoc lays a WILL 2 document out in UIM, so that the way back is exact.
///
/// UIM has no pages, no per-stroke blend numbers outside its seven modes, and no place for a
/// path's id or a record's unknown fields. willdoc's layout, documented in `docs/uim.md`:
///
/// - The main tree's root group has one depth-1 group per section, in section order, with
///   `bounds` = the page (0, 0, width, height) when the page has a size; below each, one depth-2
///   group per paths element (in the section's drawing order), with the element's strokes as
///   depth-3 stroke nodes in paths order.
/// - Knowledge-graph triples under the predicate namespace ``namespace`` say what UIM cannot:
///   on `uim:node/main/<section group>`: `type` = `section`, `width`, `height`, `part` (the
///   section part name), `background` (the page colour, RGBA in hex); on `uim:node/main/<element group>`: `type` = `paths`, `transform`
///   (`a b c d e f`, the element's transform composed with its groups'), `part`; on
///   `uim:stroke/<uuid>` only where the stroke differs from what its UIM fields say:
///   `widths`/`colors` (`none`, or the count of a short list), `blend` (a stored number UIM has
///   no URI for), `storedFields` (which optional fields the record stored, when not all),
///   `particlesRandomSeed` (`0` when a zero seed was stored), `id` (field 100), `unknown`
///   (unknown record fields in hex); on a paint's raster brush: `paintId`, `rotation`, `blend`,
///   `fills` (fills after the first, in hex, `;`-separated).
/// - Strokes are fixed point at their decimal precision (position and size), so the stored
///   integers carry over unchanged; widths become `size` (per point) or the properties' size
///   (one width); colours become the properties' colour (one) or the red/green/blue/alpha
///   channels (per point). No sensor data is invented.
public enum UIMWillMapping {
  /// The predicate namespace of willdoc's triples.
  public static let namespace = "app://willdoc/will2/"

  /// The names willdoc states, each with its predicate made once: a document of many strokes
  /// states the same few predicates millions of times, and they share one string each.
  static let predicates: [String: String] = Dictionary(
    uniqueKeysWithValues: [
      "type", "width", "height", "part", "background", "transform", "widths", "colors",
      "storedFields", "particlesRandomSeed", "id", "unknown", "rotation", "blend", "fills",
      "paintId",
    ].map { ($0, namespace + $0) })

  /// The predicate of a name willdoc states.
  static func predicate(_ name: String) -> String { predicates[name] ?? namespace + name }
  /// The vector brush strokes without a particle paint use: a circle of diameter = size.
  public static let circleBrushURI = "app://willdoc/will2/vector-brush/Circle"
  /// The raster brush of the WILL 2 paint with index `index`.
  public static func paintBrushURI(_ index: Int) -> String { namespace + "paint/\(index)" }
  /// The render mode URI of an app-specific blend number.
  static let blendPrefix = namespace + "blend-mode/"

  /// UIM's render mode URIs, by WILL 2 blend number (none for SourceOver). UIM's `Min` and
  /// `Max` are WILL 2's DIRECT_DARKEN and DIRECT_LIGHTEN: each the per-channel minimum or
  /// maximum of the ink and what is under it.
  static let renderModes: [Int64: String] = [
    1: "will://rasterization/3.0/blend-mode/Copy",
    3: "will://rasterization/3.0/blend-mode/DestinationOver",
    7: "will://rasterization/3.0/blend-mode/DestinationOut",
    11: "will://rasterization/3.0/blend-mode/Lighter",
    14: "will://rasterization/3.0/blend-mode/Min",
    15: "will://rasterization/3.0/blend-mode/Max",
  ]

  /// UIM's `BlendMode` enum numbers (raster brushes), by WILL 2 blend number.
  static let brushBlendModes: [Int64: UInt32] = [2: 0, 3: 1, 7: 2, 11: 3, 1: 4, 14: 5, 15: 6]

  /// The render mode of a WILL 2 blend number: `nil` for SourceOver (UIM's default).
  static func renderMode(_ blend: BlendMode) -> String? {
    if blend == .sourceOver { return nil }
    return renderModes[blend.rawValue] ?? blendPrefix + String(blend.rawValue)
  }

  /// The WILL 2 blend number of a render mode URI, or `nil` for one WILL 2 cannot draw (an
  /// unknown URI).
  static func blendMode(_ uri: String) -> BlendMode? {
    if uri == UIMInkData.sourceOverURI { return .sourceOver }
    if let entry = renderModes.first(where: { $0.value == uri }) {
      return BlendMode(rawValue: entry.key)
    }
    if uri.hasPrefix(blendPrefix),
      let raw = UIMWillStatements.canonicalInt64(String(uri.dropFirst(blendPrefix.count)))
    {
      return BlendMode(rawValue: raw)
    }
    return nil
  }

  /// A deterministic identifier for willdoc's objects: `kind`, then two numbers, as a version-4
  /// style UUID (random-looking nowhere, so the same document always converts to the same bytes).
  static func identifier(_ kind: UInt8, _ first: Int, _ second: Int) -> UIMIdentifier {
    var bytes: [UInt8] = [0x77, 0x69, 0x6c, 0x6c, kind, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0]
    bytes[5] = UInt8(truncatingIfNeeded: first >> 8)
    bytes[7] = UInt8(truncatingIfNeeded: first)
    for shift in 0..<6 { bytes[15 - shift] = UInt8(truncatingIfNeeded: second >> (8 * shift)) }
    bytes[9] = UInt8(truncatingIfNeeded: second >> 48)
    return UIMIdentifier(uuidBytes: bytes)
  }

  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 15)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  static func bytes(hex: String) -> [UInt8]? {
    let utf8 = Array(hex.utf8)
    guard utf8.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count / 2)
    var index = 0
    while index < utf8.count {
      guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }

  private static func nibble(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}
