import InkTestSupport

/// Seeded random XML parts that are well-formed but use every construct the readers handle:
/// a declaration or none, a byte order mark, comments and processing instructions around
/// the root, prefixed and non-ASCII names, namespace declarations (the `xml` one that
/// libxml2 drops included), values with references, tabs and line ends, text with
/// references and `]]`, CDATA sections, CR LF line ends, nesting a few levels deep.
struct XMLDocumentGenerator {
  private var random: SeededRandom
  private var output: [UInt8] = []

  private static let names = [
    "a", "g", "svg", "trace", "x-y", "_u", "n.1", "p:g", "r:id", "dc:title", "é", "日本", "a·b",
    "ḱ", "\u{212A}",
  ]
  private static let attributeNames = ["id", "x", "y", "r:id", "p:x", "xml:lang", "é", "k", "K"]
  private static let text = [
    "x", "ink", " ", "\n", "\t", "\r\n", "&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#10;",
    "&#x41;", "&#13;", "&#x1F58B;", "]]", ">", "'\"", "Ünï", "🖋", "\u{7F}", "\u{85}",
  ]

  /// A generator whose parts depend only on `seed`.
  init(seed: UInt64) {
    random = SeededRandom(seed: seed)
  }

  /// The next part.
  mutating func next() -> [UInt8] {
    output = []
    if chance(8) { output += [0xEF, 0xBB, 0xBF] }
    if chance(2) {
      write(
        pick([
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version='1.1'?>",
          "<?xml version=\"1.0\" standalone=\"yes\" ?>",
        ]))
    }
    miscellany()
    element(depth: 0)
    miscellany()
    return output
  }

  private mutating func element(depth: Int) {
    let name = pick(Self.names)
    write("<" + name)
    var used: Set<String> = []
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let attribute = pick(Self.attributeNames)
      guard used.insert(attribute).inserted else { continue }
      write(pick([" ", "\n  ", "\t"]) + attribute + pick(["=", " = "]))
      let quote = pick(["\"", "'"])
      write(quote)
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        write(pick(Self.text.filter { !$0.contains(quote) }))
      }
      write(quote)
    }
    if depth == 0 || chance(4) {
      write(
        pick([
          " xmlns=\"http://www.w3.org/2000/svg\"", " xmlns:r=\"http://r\"", " xmlns:p=\"p\"",
          " xmlns:xml=\"http://www.w3.org/XML/1998/namespace\"", " xmlns=\"\"",
        ]))
    }
    if chance(3) {
      write(pick(["/>", " />"]))
      return
    }
    write(">")
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      switch Int.random(in: 0..<7, using: &random) {
      case 0 where depth < 6, 1 where depth < 6: element(depth: depth + 1)
      case 2: write("<![CDATA[" + pick(["", "<a>&amp;", "]]", "x\r\ny", "]"]) + "]]>")
      case 3: comment()
      case 4: processingInstruction()
      default: write(pick(Self.text))
      }
    }
    write("</" + name + pick([">", " >", "\n>"]))
  }

  private mutating func miscellany() {
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      write(pick(["", "\n", " \r\n\t"]))
      if chance(2) { comment() } else { processingInstruction() }
    }
    write(pick(["", "\n", "\r\n"]))
  }

  private mutating func comment() {
    write("<!--" + pick(["", " c ", "a-b", "\r\n", "é", ">"]) + "-->")
  }

  private mutating func processingInstruction() {
    write(pick(["<?pi", "<?xml-stylesheet", "<?t"]))
    write(pick(["?>", " ?>", " a b?>", " x?y ?>", "\r\n d?>"]))
  }

  private mutating func write(_ text: String) {
    output += Array(text.utf8)
  }

  private mutating func pick(_ choices: [String]) -> String {
    choices.randomElement(using: &random)!
  }

  private mutating func chance(_ oneIn: Int) -> Bool {
    Int.random(in: 0..<oneIn, using: &random) == 0
  }
}
