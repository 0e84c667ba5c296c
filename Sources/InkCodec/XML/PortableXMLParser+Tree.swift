extension PortableXMLParser {
  /// An element whose end tag has not been read yet.
  struct OpenElement {
    /// The element, its children so far.
    var element: XMLElement
    /// Its name's bytes in the part, to match the end tag against.
    let name: Range<Int>
    /// Whether libxml2 read a prefix in the name, which decides how it reads the end tag's.
    let hasPrefix: Bool
    /// The offset where the start tag's attributes end: the line the libxml2 backend gives
    /// for the element.
    let tagEnd: Int
  }

  /// An attribute of the start tag being read.
  struct TagAttribute {
    /// The name's bytes in the part.
    let name: Range<Int>
    /// The value, unescaped and normalised.
    let value: String
  }

  /// The bytes of a name, hashed and compared byte for byte: a `String` would take
  /// canonically equivalent names for the same name, which XML does not.
  struct NameBytes: Hashable {
    /// The part.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The name within it.
    let range: Range<Int>

    static func == (lhs: NameBytes, rhs: NameBytes) -> Bool {
      lhs.range.count == rhs.range.count
        && lhs.bytes[lhs.range].elementsEqual(rhs.bytes[rhs.range])
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
    }
  }

  // MARK: Elements

  /// Opens the element whose start tag was just read, with its attributes sorted by name.
  ///
  /// The libxml2 backend gets the attributes in a dictionary keyed by name, so two names
  /// that Swift compares equal (canonically equivalent, such as `K` and U+212A KELVIN SIGN)
  /// become one attribute there, keyed by the first with the last one's value; so they do
  /// here. Only names beyond ASCII can meet.
  /// - Throws: ``DecodingLimits/Limit/xmlDepth``, then ``DecodingLimits/Limit/xmlAttributes``.
  mutating func openElement(name: Range<Int>, hasPrefix: Bool) throws(WillError) {
    flushText()
    if open.count + 1 > maxDepth {
      throw WillError(
        .limitExceeded(.xmlDepth, value: open.count + 1, limit: maxDepth), part: part)
    }
    var list: [XMLAttribute] = []
    list.reserveCapacity(declarations.count + attributes.count)
    var beyondASCII = false
    // Declarations first, as FoundationXML hands them over.
    for attribute in declarations {
      beyondASCII = beyondASCII || bytes[attribute.name].contains { $0 >= 0x80 }
      list.append(XMLAttribute(string(attribute.name), attribute.value))
    }
    for attribute in attributes {
      beyondASCII = beyondASCII || bytes[attribute.name].contains { $0 >= 0x80 }
      list.append(XMLAttribute(string(attribute.name), attribute.value))
    }
    if beyondASCII { list = Self.mergingEquivalentNames(list) }
    if list.count > maxAttributes {
      throw WillError(
        .limitExceeded(.xmlAttributes, value: list.count, limit: maxAttributes), part: part)
    }
    if list.count > 1 { list.sort { $0.name < $1.name } }
    open.append(
      OpenElement(
        element: XMLElement(string(name), attributes: list), name: name, hasPrefix: hasPrefix,
        tagEnd: position))
  }

  /// `attributes` as a Swift dictionary keeps them: one per name up to canonical
  /// equivalence, the first name with the last value.
  private static func mergingEquivalentNames(_ attributes: [XMLAttribute]) -> [XMLAttribute] {
    var merged: [XMLAttribute] = []
    var indices: [String: Int] = [:]
    for attribute in attributes {
      if let index = indices[attribute.name] {
        merged[index].value = attribute.value
      } else {
        indices[attribute.name] = merged.count
        merged.append(attribute)
      }
    }
    return merged
  }

  /// Closes the innermost element: it becomes its parent's last child, or the root.
  mutating func closeElement() {
    flushText()
    guard let closed = open.popLast() else { return }
    if open.isEmpty {
      root = closed.element
    } else {
      open[open.count - 1].element.children.append(.element(closed.element))
    }
  }

  /// Adds a comment or processing instruction where the parser is.
  mutating func add(_ node: XMLNode) {
    flushText()
    if !open.isEmpty {
      open[open.count - 1].element.children.append(node)
    } else if root == nil {
      prolog.append(node)
    } else {
      epilog.append(node)
    }
  }

  /// Adds the text read since the last node, if any, to the innermost element.
  private mutating func flushText() {
    guard let string = text.take(), !open.isEmpty else { return }
    open[open.count - 1].element.children.append(.text(string))
  }
}

/// Text read since the last node: a run of the part while it is one (the common case, read
/// without copying), bytes gathered in a buffer once references, line ends or CDATA make
/// it more.
struct PendingText {
  /// The part.
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The run of the part, while the text is one.
  private var run: Range<Int>?
  /// The text, once it is not a single run.
  private var buffer: [UInt8] = []

  /// Empty text over `bytes`, the part.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Appends the part's bytes in `range`.
  /// - Parameters:
  ///   - range: Bytes the parser has checked.
  ///   - strict: Whether the bytes are strict UTF-8; if not (CDATA), they are appended as
  ///     the libxml2 backend's decoding repairs them.
  mutating func append(_ range: Range<Int>, strict: Bool = true) {
    guard !range.isEmpty else { return }
    if buffer.isEmpty && strict {
      guard let current = run else {
        run = range
        return
      }
      if current.upperBound == range.lowerBound {
        run = current.lowerBound..<range.upperBound
        return
      }
    }
    spill()
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    if strict {
      buffer.append(contentsOf: slice)
    } else {
      buffer.append(contentsOf: String(decoding: slice, as: UTF8.self).utf8)
    }
  }

  /// Appends one ASCII byte.
  mutating func append(_ byte: UInt8) {
    spill()
    buffer.append(byte)
  }

  /// Appends a character from a reference.
  mutating func append(scalar value: UInt32) {
    spill()
    buffer.appendUTF8(value)
  }

  /// The text as a string, or `nil` when there is none; the text is then empty.
  mutating func take() -> String? {
    if let current = run {
      run = nil
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[current]), as: UTF8.self)
    }
    guard !buffer.isEmpty else { return nil }
    defer { buffer.removeAll(keepingCapacity: true) }
    return String(decoding: buffer, as: UTF8.self)
  }

  /// Moves the run, if any, into the buffer.
  private mutating func spill() {
    guard let current = run else { return }
    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[current]))
    run = nil
  }
}

extension [UInt8] {
  /// Appends the UTF-8 form of `value`, a Unicode scalar value.
  mutating func appendUTF8(_ value: UInt32) {
    switch value {
    case ..<0x80:
      append(UInt8(value))
    case ..<0x800:
      append(0xC0 | UInt8(value >> 6))
      append(0x80 | UInt8(value & 0x3F))
    case ..<0x10000:
      append(0xE0 | UInt8(value >> 12))
      append(0x80 | UInt8(value >> 6 & 0x3F))
      append(0x80 | UInt8(value & 0x3F))
    default:
      append(0xF0 | UInt8(value >> 18 & 0x07))
      append(0x80 | UInt8(value >> 12 & 0x3F))
      append(0x80 | UInt8(value >> 6 & 0x3F))
      append(0x80 | UInt8(value & 0x3F))
    }
  }
}
