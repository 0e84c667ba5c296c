/// One indirect object of a PDF page under construction: its dictionary (or other value) as
/// pieces of text and references to other objects of the same page, and an optional stream.
struct PDFObject: Sendable, Hashable {
  /// A piece of an object's text.
  enum Piece: Sendable, Hashable {
    /// Literal PDF syntax.
    case text(String)
    /// A reference (`N 0 R`) to the page's object at this index.
    case local(Int)
    /// A reference to the document's page tree.
    case pages
  }

  var pieces: [Piece]
  /// The stream's bytes, already encoded as the dictionary's `/Filter` says.
  var stream: [UInt8]?
  /// A name for an object that several pages may hold the same (a section image): the
  /// writer writes the first and points the others at it, when their content is the same.
  var shared: String?

  init(_ pieces: [Piece], stream: [UInt8]? = nil, shared: String? = nil) {
    self.pieces = pieces
    self.stream = stream
    self.shared = shared
  }

  /// Whether `other` writes the same object: the same text and stream, wherever its local
  /// references point.
  func hasSameContent(as other: PDFObject) -> Bool {
    // Arrays sharing their storage compare at once: shared objects come from one cache.
    guard stream == other.stream, pieces.count == other.pieces.count else { return false }
    return zip(pieces, other.pieces).allSatisfy { a, b in
      switch (a, b) {
      case (.local, .local): true
      default: a == b
      }
    }
  }
}
