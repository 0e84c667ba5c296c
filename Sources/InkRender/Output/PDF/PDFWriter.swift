import InkCodec

/// Writes PDF pages as one PDF 1.7 document: a catalog, a page tree and each page's objects,
/// with a cross-reference table of their byte offsets.
///
/// Nothing depends on the time or the machine: there is no `/Info` dictionary and no
/// document ID, so the same pages always give the same bytes. An object several pages hold
/// the same (a section image drawn on each, see ``ImageCache``) is written once.
public enum PDFWriter {
  /// The document holding `pages` in order.
  /// - Parameters:
  ///   - pages: The pages, from ``Renderer/renderPDFPage(_:options:report:images:)``.
  ///   - outline: The document outline (bookmarks) a viewer shows beside the pages, in order;
  ///     an entry whose page is not in `pages` is left out.
  /// - Returns: The PDF file.
  public static func document(_ pages: [PDFPage], outline: [PDFOutlineEntry] = []) -> [UInt8] {
    var out: [UInt8] = Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
    var offsets: [Int] = []
    // 1: the catalog, 2: the page tree, then each page's objects, in order; a shared object
    // that an earlier page wrote takes that one's number.
    var numbers: [[Int]] = []
    var written: [String: [(number: Int, object: PDFObject)]] = [:]
    var next = 3
    for page in pages {
      var local: [Int] = []
      for object in page.objects {
        if let name = object.shared,
          let first = written[name]?.first(where: { $0.object.hasSameContent(as: object) })
        {
          local.append(first.number)
          continue
        }
        if let name = object.shared { written[name, default: []].append((next, object)) }
        local.append(next)
        next += 1
      }
      numbers.append(local)
    }
    func begin(_ number: Int) {
      offsets.append(out.count)
      out += Array("\(number) 0 obj\n".utf8)
    }
    let entries = outline.filter { pages.indices.contains($0.page) }
    let outlineRoot = next
    begin(1)
    out += Array(
      (entries.isEmpty
        ? "<</Type/Catalog/Pages 2 0 R>>\nendobj\n"
        : "<</Type/Catalog/Pages 2 0 R/Outlines \(outlineRoot) 0 R/PageMode/UseOutlines>>\nendobj\n")
        .utf8)
    begin(2)
    let kids = numbers.map { "\($0[0]) 0 R" }.joined(separator: " ")
    out += Array("<</Type/Pages/Kids[\(kids)]/Count \(pages.count)>>\nendobj\n".utf8)
    for (page, local) in zip(pages, numbers) {
      for (object, number) in zip(page.objects, local) where number == offsets.count + 1 {
        begin(number)
        var text = ""
        for piece in object.pieces {
          switch piece {
          case .text(let t): text += t
          case .local(let i): text += "\(local[i]) 0 R"
          case .pages: text += "2 0 R"
          }
        }
        out += Array(text.utf8)
        if let stream = object.stream {
          out += Array("\nstream\n".utf8)
          out += stream
          out += Array("\nendstream".utf8)
        }
        out += Array("\nendobj\n".utf8)
      }
    }
    if !entries.isEmpty {
      // The outline's root, then its items, one level deep, each opening its page whole.
      begin(outlineRoot)
      out += Array(
        "<</Type/Outlines/First \(outlineRoot + 1) 0 R/Last \(outlineRoot + entries.count) 0 R/Count \(entries.count)>>\nendobj\n"
          .utf8)
      for (position, entry) in entries.enumerated() {
        let number = outlineRoot + 1 + position
        begin(number)
        var item = "<</Title \(textString(entry.title))/Parent \(outlineRoot) 0 R"
        if position > 0 { item += "/Prev \(number - 1) 0 R" }
        if position < entries.count - 1 { item += "/Next \(number + 1) 0 R" }
        item += "/Dest[\(numbers[entry.page][0]) 0 R/Fit]>>\nendobj\n"
        out += Array(item.utf8)
      }
    }
    let xref = out.count
    out += Array("xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n".utf8)
    for offset in offsets {
      let digits = String(offset)
      out += Array((String(repeating: "0", count: max(0, 10 - digits.count)) + digits).utf8)
      out += Array(" 00000 n \n".utf8)
    }
    out += Array(
      "trailer\n<</Size \(offsets.count + 1)/Root 1 0 R>>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    return out
  }

  /// `text` as a PDF text string: UTF-16BE with its byte-order mark, in hexadecimal, so that
  /// any name (brackets, backslashes, any script) is written as it is.
  static func textString(_ text: String) -> String {
    var hex = "<FEFF"
    let digits = Array("0123456789ABCDEF".utf8)
    for unit in text.utf16 {
      for shift in stride(from: 12, through: 0, by: -4) {
        hex.unicodeScalars.append(Unicode.Scalar(digits[Int(unit >> UInt16(shift)) & 0xF]))
      }
    }
    return hex + ">"
  }
}

/// An entry of a PDF's outline (its bookmarks): a title that opens a page.
public struct PDFOutlineEntry: Sendable, Hashable {
  /// The title a viewer shows.
  public var title: String
  /// The page it opens, 0-based, in the pages given to ``PDFWriter/document(_:outline:)``.
  public var page: Int

  /// An entry titled `title` that opens page `page` (0-based).
  public init(title: String, page: Int) {
    self.title = title
    self.page = page
  }
}
