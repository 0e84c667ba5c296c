/// The elements of an SVG document written by ``SVGWriter``, for measuring how deep they
/// nest: by their tags, and through the masks and `<use>`s they refer to.
///
/// A small scanner, not an XML parser: it reads tags between `<` and `>`, which is enough for
/// the writer's output (no comments, CDATA or `>` in attribute values).
struct SVGElementTree {
  struct Element {
    var id: String?
    /// The ids it refers to: `mask="url(#…)"` and `xlink:href="#…"`.
    var references: [String] = []
    var children: [Int] = []
  }

  enum Failure: Error {
    case unbalanced(String)
    case unknownReference(String)
  }

  private(set) var elements: [Element] = []
  private var ids: [String: Int] = [:]

  init(_ text: String) throws {
    let bytes = Array(text.utf8)
    var open: [Int] = []
    var index = 0
    while let start = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
      guard let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else {
        throw Failure.unbalanced("a tag does not end")
      }
      index = end + 1
      let tag = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
      if tag.hasPrefix("?") { continue }
      if tag.hasPrefix("/") {
        guard open.popLast() != nil else { throw Failure.unbalanced(tag) }
        continue
      }
      var element = Element()
      element.id = Self.value(of: " id=\"", in: tag)
      for prefix in ["url(#", "href=\"#"] {
        var rest = Substring(tag)
        while let range = rest.range(of: prefix) {
          let tail = rest[range.upperBound...]
          let id = tail.prefix { $0 != ")" && $0 != "\"" }
          element.references.append(String(id))
          rest = tail.dropFirst(id.count)
        }
      }
      let number = elements.count
      elements.append(element)
      if let id = element.id { ids[id] = number }
      if let parent = open.last { elements[parent].children.append(number) }
      if !tag.hasSuffix("/") { open.append(number) }
    }
    guard open.isEmpty else { throw Failure.unbalanced("\(open.count) elements left open") }
    for element in elements {
      for id in element.references where ids[id] == nil && !id.isEmpty {
        throw Failure.unknownReference(id)
      }
    }
  }

  private static func value(of prefix: String, in tag: String) -> String? {
    guard let range = tag.range(of: prefix) else { return nil }
    return String(tag[range.upperBound...].prefix { $0 != "\"" })
  }

  /// The deepest nesting of tags, the root counting 1.
  var depth: Int {
    var best = 0
    var stack = [(0, 1)]
    while let (element, level) = stack.popLast() {
      best = max(best, level)
      for child in elements[element].children { stack.append((child, level + 1)) }
    }
    return best
  }

  /// The deepest nesting when a renderer draws the document: each element's children and
  /// the elements it refers to (a mask, a `<use>`d group) count one level below it.
  var referenceDepth: Int {
    var memo = [Int?](repeating: nil, count: elements.count)
    func depth(_ element: Int) -> Int {
      if let known = memo[element] { return known }
      var below = 0
      for child in elements[element].children { below = max(below, depth(child)) }
      for id in elements[element].references {
        if let target = ids[id] { below = max(below, depth(target)) }
      }
      memo[element] = below + 1
      return below + 1
    }
    return elements.isEmpty ? 0 : depth(0)
  }
}
