/// willdoc's own knowledge-graph statements in a UIM file (predicates under
/// ``UIMWillMapping/namespace``), for the way back to WILL 2.
///
/// These statements say what UIM has no field for (page sizes, transforms, field presence);
/// geometry and style come from the fields the format defines, never from here. A statement
/// counts only when the way back accepts it: in exactly the form willdoc writes and consistent
/// with the fields it qualifies (``accept(_:_:)``). Everything else — a value in another form,
/// a name given twice, a subject the document does not have, a statement that contradicts the
/// ink — is ignored and counted by ``ignored``, so that the losses report lists it as dropped.
struct UIMWillStatements {
  /// A subject and a predicate name (the predicate without the namespace).
  struct Key: Hashable {
    var subject: String
    var name: String
  }

  /// The object of every key stated once.
  private var objects: [Key: String] = [:]
  /// Keys stated more than once: none is used, since willdoc never writes one twice.
  private var repeated: Set<Key> = []
  /// The keys in statement order, for naming an ignored one.
  private var order: [Key] = []
  /// The keys the way back used.
  private var accepted: Set<Key> = []
  /// How many statements are willdoc's.
  private(set) var count = 0
  /// How many statements are not willdoc's.
  private(set) var foreign = 0

  /// Sorts the statements of `graph` into willdoc's and the others.
  init(_ graph: [UIMTriple]) {
    let namespace = UIMWillMapping.namespace
    for triple in graph {
      guard triple.predicate.hasPrefix(namespace) else {
        foreign += 1
        continue
      }
      count += 1
      let key = Key(
        subject: triple.subject, name: String(triple.predicate.dropFirst(namespace.count)))
      order.append(key)
      if objects.updateValue(triple.object, forKey: key) != nil { repeated.insert(key) }
    }
  }

  /// The object stated for `name` on `subject`, or `nil` when there is none or more than one
  /// (or no subject). Reading it does not use it: call ``accept(_:_:)`` once it has been
  /// checked.
  func object(_ subject: String?, _ name: String) -> String? {
    guard let subject else { return nil }
    let key = Key(subject: subject, name: name)
    return repeated.contains(key) ? nil : objects[key]
  }

  /// Marks the statement of `name` on `subject` as used.
  mutating func accept(_ subject: String, _ name: String) {
    accepted.insert(Key(subject: subject, name: name))
  }

  /// `object(subject, name)` when `parse` accepts it, which marks it used; `nil` otherwise.
  mutating func take<T>(_ subject: String?, _ name: String, _ parse: (String) -> T?) -> T? {
    guard let subject, let text = object(subject, name), let value = parse(text) else {
      return nil
    }
    accept(subject, name)
    return value
  }

  /// How many of willdoc's statements the way back did not use.
  var ignored: Int { order.lazy.filter { !accepted.contains($0) }.count }

  /// The first statement the way back did not use, as `subject name`.
  var firstIgnored: String? {
    order.first { !accepted.contains($0) }.map { "\($0.subject) \($0.name)" }
  }
}

extension UIMWillStatements {
  /// A non-negative integer in the form `String(value)` gives (no sign, no leading zeros).
  static func canonicalUnsigned<T: FixedWidthInteger & UnsignedInteger>(_ text: String) -> T? {
    guard let value = T(text), String(value) == text else { return nil }
    return value
  }

  /// An integer in the form `String(value)` gives.
  static func canonicalInt64(_ text: String) -> Int64? {
    guard let value = Int64(text), String(value) == text else { return nil }
    return value
  }

  /// A finite number in the form `NumberText.shortest` gives.
  static func canonicalNumber(_ text: String) -> Double? {
    guard let value = Double(text), value.isFinite, NumberText.shortest(value) == text else {
      return nil
    }
    return value
  }

  /// Six finite numbers `a b c d e f`, each as `NumberText.shortest` gives it.
  static func transform(_ text: String) -> AffineTransform? {
    let parts = text.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 6 else { return nil }
    let values = parts.compactMap { canonicalNumber(String($0)) }
    guard values.count == 6 else { return nil }
    return AffineTransform(
      a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
  }

  /// A colour as `String(rgba, radix: 16)` gives it.
  static func color(_ text: String) -> InkColor? {
    guard let value = UInt32(text, radix: 16), String(value, radix: 16) == text else { return nil }
    return InkColor(rgba: value)
  }

  /// A part name as a WILL 2 reader spells one: an OPC part name, or the ink chunk of a RIFF
  /// file (`INK `, `INK #2`, …).
  static func partName(_ text: String) -> String? {
    if let name = try? PartName(text), name.description == text { return text }
    if text == "INK " { return text }
    if text.hasPrefix("INK #"), let number: UInt = canonicalUnsigned(String(text.dropFirst(5))),
      number >= 2
    {
      return text
    }
    return nil
  }

  /// Unknown fields of a `Path` record, in lowercase hex: complete fields, none of which a
  /// WILL 2 reader would take for a field it knows (which would change the stroke's geometry
  /// or style on reading).
  static func unknownFields(_ text: String) -> [UInt8]? {
    guard let bytes = UIMWillMapping.bytes(hex: text), !bytes.isEmpty else { return nil }
    let onlyUnknown = bytes.withUnsafeBytes { raw in
      var reader = WireReader(raw)
      guard let scan = try? PathFieldScan(parsing: &reader) else { return false }
      return scan.startParameter == nil && scan.endParameter == nil
        && scan.decimalPrecision == nil && scan.data.isEmpty && scan.strokeWidth.isEmpty
        && scan.strokeColor.isEmpty && scan.strokePaint == nil
        && scan.particlesRandomSeed == nil && scan.compositeOperation == nil && scan.id == nil
    }
    return onlyUnknown ? bytes : nil
  }

  /// Unknown fields of a `ParticlesPaint` record, in lowercase hex: complete fields, none of
  /// which a WILL 2 reader would take for a paint field it knows.
  static func paintUnknownFields(_ text: String) -> [UInt8]? {
    guard let bytes = UIMWillMapping.bytes(hex: text), !bytes.isEmpty else { return nil }
    let paint = bytes.withUnsafeBytes { raw -> ParticlesPaint? in
      var reader = MessageReader(WireReader(raw))
      reader.keepsGroups = true
      return try? ParticlesPaint(parsing: &reader)
    }
    return paint?.unknownFields == bytes ? bytes : nil
  }
}
