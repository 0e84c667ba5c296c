import InkCodec

@testable import InkRender

/// How deep a PDF page's content nests: the page's content stream, each form XObject it
/// draws (`/Name Do`) and each soft mask of a graphics state it sets (`/Name gs`) one level
/// below the stream that names it, read from the objects ``PDFPageBuilder`` made and the
/// resources each stream names them in.
struct PDFFormDepth {
  enum Failure: Error {
    case unreadable(Int)
    case unknownName(String)
  }

  let page: PDFPage

  init(_ page: PDFPage) { self.page = page }

  /// The names an object's resource dictionary gives (the page's content uses object 1's).
  private func names(_ object: Int) -> [String: Int] {
    var names: [String: Int] = [:]
    var pending: String?
    for piece in page.objects[object == 2 ? 1 : object].pieces {
      switch piece {
      case .text(let text):
        pending = text.split(separator: "/").last.map { String($0.filter { $0 != " " }) }
      case .local(let target):
        if let name = pending { names[name] = target }
        pending = nil
      case .pages: pending = nil
      }
    }
    return names
  }

  /// The lines of a stream object's content.
  private func lines(_ object: Int) throws -> [Substring] {
    guard let stream = page.objects[object].stream,
      case .complete(let bytes) = Zlib.decompress(stream, limit: 1 << 30)
    else { throw Failure.unreadable(object) }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
  }

  /// The soft mask's form of a graphics state, if it has one.
  private func softMask(_ state: Int) -> Int? {
    for piece in page.objects[state].pieces { if case .local(let form) = piece { return form } }
    return nil
  }

  /// The deepest nesting, the page's content counting 1.
  var depth: Int {
    get throws {
      var memo: [Int: Int] = [:]
      func depth(_ object: Int) throws -> Int {
        if let known = memo[object] { return known }
        var below = 0
        let names = names(object)
        for line in try lines(object) {
          let words = line.split(separator: " ")
          guard words.count == 2, words[0].hasPrefix("/") else { continue }
          let name = String(words[0].dropFirst())
          guard let target = names[name] else { throw Failure.unknownName(name) }
          if words[1] == "Do" {
            below = max(below, try depth(target))
          } else if words[1] == "gs", let form = softMask(target) {
            below = max(below, try depth(form))
          }
        }
        memo[object] = below + 1
        return below + 1
      }
      return try depth(2)
    }
  }
}
