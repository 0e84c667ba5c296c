import InkCodec

/// Writes PDF pages as one PDF 1.7 document: a catalog, a page tree and each page's objects,
/// with a cross-reference table of their byte offsets.
///
/// Nothing depends on the time or the machine: there is no `/Info` dictionary and no
/// document ID, so the same pages always give the same bytes. An object several pages hold
/// the same (a section image drawn on each, see ``ImageCache``) is written once.
public enum PDFWriter {
  /// The document holding `pages` in order.
  /// - Parameter pages: The pages, from ``Renderer/renderPDFPage(_:options:report:images:)``.
  /// - Returns: The PDF file.
  public static func document(_ pages: [PDFPage]) -> [UInt8] {
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
    begin(1)
    out += Array("<</Type/Catalog/Pages 2 0 R>>\nendobj\n".utf8)
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
}
