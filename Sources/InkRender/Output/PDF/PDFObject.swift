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

  init(_ pieces: [Piece], stream: [UInt8]? = nil) {
    self.pieces = pieces
    self.stream = stream
  }
}
