/// The name of a part in an OPC package, such as `/sections/section0.svg`, checked to be safe.
///
/// A part name is absolute: it starts with `/` and is made of non-empty segments separated by
/// `/`. The initialisers reject every name that could escape the package or alias another part:
///
/// - empty names, empty segments (`a//b`) and a trailing `/`;
/// - the segments `.` and `..`, and any segment that ends in `.`;
/// - NUL and other ASCII control characters, and backslashes;
/// - characters no IRI (and so no relationship target) may hold: the C1 controls
///   U+0080–U+009F and the noncharacters (U+FDD0–U+FDEF, U+FFFE, U+FFFF and their
///   equivalents in every plane), which XML cannot carry either;
/// - the percent-encoded slash and backslash (`%2F`, `%5C`), which OPC forbids.
///
/// Other percent-encoded characters are kept as they are, not decoded: a part name is compared
/// byte for byte (up to ASCII case), so `/a%41.xml` and `/aA.xml` are different parts. No WILL
/// producer writes percent escapes, and decoding them would only create new ways for two zip
/// entries to name the same part.
///
/// OPC compares part names without regard to ASCII case, and so does this type: `==`, hashing
/// and ordering use ``normalizedKey``, while ``description`` keeps the spelling that was read.
package struct PartName: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The normalised absolute form, with a leading `/`, as it was spelled:
  /// `/sections/section0.svg`.
  package let description: String

  /// ``description`` with ASCII letters lowercased: the key under which OPC considers two part
  /// names equal. Use it to detect duplicates and to look parts up.
  package let normalizedKey: String

  /// Checks and normalises a part name written with or without its leading `/`.
  ///
  /// `sections/section0.svg` and `/sections/section0.svg` give the same part name.
  /// - Parameter raw: The name, as found in a relationship target or a zip entry.
  /// - Throws: ``WillErrorKind/invalidPartName(_:)`` when the name is empty or unsafe.
  package init(_ raw: String) throws(WillError) {
    let relative = raw.hasPrefix("/") ? String(raw.dropFirst()) : raw
    guard Self.isValid(relative: relative) else {
      throw WillError(.invalidPartName(raw))
    }
    self.init(unchecked: "/" + relative)
  }

  /// Checks the name of a zip entry, which must be relative: a leading `/` would make it an
  /// absolute path.
  /// - Parameter zipEntryName: The entry name as stored in the archive (`_rels/.rels`).
  /// - Throws: ``WillErrorKind/invalidPartName(_:)`` when the name is absolute, empty or
  ///   unsafe.
  package init(zipEntryName: String) throws(WillError) {
    guard !zipEntryName.hasPrefix("/") else {
      throw WillError(.invalidPartName(zipEntryName))
    }
    try self.init(zipEntryName)
  }

  /// Wraps a name already known to be valid and absolute.
  private init(unchecked absolute: String) {
    description = absolute
    normalizedKey = Self.asciiLowercased(absolute)
  }

  /// The relationships part of the package itself: `/_rels/.rels`.
  package static let packageRelationships = PartName(unchecked: "/_rels/.rels")

  /// The content types item, `/[Content_Types].xml`. OPC does not count it as a part, but it is
  /// a zip entry like the parts and follows the same naming rules.
  package static let contentTypes = PartName(unchecked: "/[Content_Types].xml")

  /// The name as a zip entry name: ``description`` without its leading `/`.
  package var zipName: String { String(description.dropFirst()) }

  /// The last segment: `section0.svg` for `/sections/section0.svg`.
  package var fileName: String {
    String(description[description.index(after: lastSlash)...])
  }

  /// The folder holding the part, with leading and trailing `/`: `/sections/` for
  /// `/sections/section0.svg`, `/` for `/a.xml`.
  package var directory: String { String(description[...lastSlash]) }

  /// The lowercased text after the last `.` of ``fileName``, or `""` when it has none: the key
  /// for a `Default` in `[Content_Types].xml` (`svg` for `/sections/section0.svg`, `rels` for
  /// `/_rels/.rels`).
  package var fileExtension: String {
    let name = fileName
    guard let dot = name.lastIndex(of: ".") else { return "" }
    return Self.asciiLowercased(String(name[name.index(after: dot)...]))
  }

  /// The part that holds this part's relationships: `/sections/_rels/section0.svg.rels` for
  /// `/sections/section0.svg`. For the package itself use ``packageRelationships``.
  package var relationshipsPart: PartName {
    PartName(unchecked: directory + "_rels/" + fileName + ".rels")
  }

  /// Resolves a relationship `Target` written in this part's relationships part.
  ///
  /// An absolute target (`/sections/media/paths.protobuf`) names a part directly. A relative
  /// target (`media/paths.protobuf`, `../style/paints.protobuf`, `./a.xml`) is resolved against
  /// ``directory``, as a relative URI reference is; `..` may not climb above the package root.
  /// - Parameter target: The `Target` attribute of an internal relationship.
  /// - Returns: The part the target names.
  /// - Throws: ``WillErrorKind/invalidPartName(_:)`` naming `target`, located at
  ///   ``relationshipsPart``, when the target is empty, escapes the root, ends in `/`, `.` or
  ///   `..`, or resolves to an unsafe name.
  package func resolving(_ target: String) throws(WillError) -> PartName {
    try Self.resolve(
      target, against: directory.split(separator: "/"), source: relationshipsPart.description)
  }

  /// Resolves a relationship `Target` written in the package's relationships part
  /// (``packageRelationships``): relative targets resolve against the root, `/`.
  /// - Parameter target: The `Target` attribute of an internal package relationship.
  /// - Returns: The part the target names.
  /// - Throws: ``WillErrorKind/invalidPartName(_:)`` naming `target`, located at
  ///   ``packageRelationships``, as ``resolving(_:)`` does.
  package static func resolving(packageTarget target: String) throws(WillError) -> PartName {
    try resolve(target, against: [], source: packageRelationships.description)
  }

  /// Resolves `target` against the folder made of `base` segments, as RFC 3986 section 5.2
  /// does for a path without query or fragment.
  private static func resolve(_ target: String, against base: [Substring], source: String)
    throws(WillError) -> PartName
  {
    let invalid = WillError(.invalidPartName(target), part: source)
    if target.hasPrefix("/") {
      do { return try PartName(target) } catch { throw invalid }
    }
    var segments = base
    let targetSegments = target.split(separator: "/", omittingEmptySubsequences: false)
    // A final "." or ".." names a folder, never a part.
    if let last = targetSegments.last, last == "." || last == ".." { throw invalid }
    for segment in targetSegments {
      switch segment {
      case ".": continue
      case "..":
        guard !segments.isEmpty else { throw invalid }
        segments.removeLast()
      default: segments.append(segment)
      }
    }
    do { return try PartName(segments.joined(separator: "/")) } catch { throw invalid }
  }

  /// Whether two names denote the same part: ASCII-case-insensitive equality.
  package static func == (lhs: PartName, rhs: PartName) -> Bool {
    lhs.normalizedKey == rhs.normalizedKey
  }

  /// Hashes ``normalizedKey``, so that hashing agrees with `==`.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(normalizedKey)
  }

  /// Orders by ``normalizedKey``.
  package static func < (lhs: PartName, rhs: PartName) -> Bool {
    lhs.normalizedKey < rhs.normalizedKey
  }

  /// The index of the last `/`; there is always one, at the start at least.
  private var lastSlash: String.Index { description.lastIndex(of: "/")! }

  /// Whether `relative` (a part name without its leading `/`) follows the rules in the type's
  /// documentation.
  private static func isValid(relative: String) -> Bool {
    guard !relative.isEmpty else { return false }
    for byte in relative.utf8 where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") {
      return false
    }
    for scalar in relative.unicodeScalars where scalar.value >= 0x80 {
      let value = scalar.value
      if value <= 0x9F || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE {
        return false
      }
    }
    // No escaped `/` or `\` (`%2F`, `%5c`, any case), found byte by byte: String's
    // `contains` goes through Foundation, and every part name of every page is checked.
    let bytes = Array(relative.utf8)
    for index in bytes.indices.dropLast(2) where bytes[index] == UInt8(ascii: "%") {
      let escaped = (bytes[index + 1], bytes[index + 2] | 0x20)
      if escaped == (UInt8(ascii: "2"), UInt8(ascii: "f"))
        || escaped == (UInt8(ascii: "5"), UInt8(ascii: "c"))
      {
        return false
      }
    }
    for segment in relative.utf8.split(
      separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    {
      guard let last = segment.last, last != UInt8(ascii: ".") else { return false }
    }
    return true
  }

  /// `text` with `A`–`Z` replaced by `a`–`z` and every other character unchanged.
  private static func asciiLowercased(_ text: String) -> String {
    guard text.utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return text }
    return String(
      decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
  }
}
