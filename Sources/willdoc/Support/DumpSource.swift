import InkCodec

/// What `willdoc dump` writes: the sections and paths elements, each element's strokes
/// handed out by index as they are written — from a document, or, for a RIFF or raw file,
/// decoded from its streams one at a time, so memory holds the file and one stroke.
struct DumpSource {
  /// A paths element: where it is and how to get its strokes.
  struct Element {
    var part: String?
    var transform: AffineTransform
    var strokeCount: Int
    /// The stroke at an index; indices are asked for in increasing order.
    var stroke: (Int) throws(WillError) -> Stroke
  }

  /// A section with its elements.
  struct Section {
    var index: Int
    var part: String?
    var pageSize: PageSize?
    var elements: [Element]
  }

  var container: ContainerKind
  var properties: DocumentProperties
  var sections: [Section]

  /// A document's sections, every stroke at hand.
  init(_ document: WillDocument) {
    container = document.container
    properties = document.properties
    sections = document.sections.enumerated().map { index, section in
      Section(
        index: index, part: section.partName, pageSize: section.pageSize,
        elements: section.pathsElements.map { placed in
          let strokes = placed.element.strokes
          return Element(
            part: placed.element.partName, transform: placed.transform,
            strokeCount: strokes.count, stroke: { strokes[$0] })
        })
    }
  }

  /// A RIFF or raw file's one section, as a document shows it, with one element per stream
  /// whose strokes are decoded as they are asked for.
  init(_ file: StrokeStreams) {
    container = file.container
    properties = DocumentProperties()
    let elements = file.streams.indices.map { index in
      let strokes = SequentialStrokes(file, stream: index)
      return Element(
        part: file.streams[index].part, transform: .identity,
        strokeCount: file.streams[index].strokeCount,
        stroke: { (position) throws(WillError) in try strokes.stroke(at: position) })
    }
    sections = [Section(index: 0, part: nil, pageSize: nil, elements: elements)]
  }

  /// Reads `name`: a RIFF or raw file as streams, a package as a document.
  static func read(_ name: String, limits: DecodingLimits) throws(WillError) -> (
    InputFile, DumpSource
  ) {
    try read(try InputFile.read(name, limits: limits), limits: limits)
  }

  /// Decodes an input already read.
  static func read(_ input: InputFile, limits: DecodingLimits) throws(WillError) -> (
    InputFile, DumpSource
  ) {
    if let streams = try StrokeStreams(parsing: input.bytes, limits: limits) {
      return (input, DumpSource(streams))
    }
    return (input, DumpSource(try WillDocument(parsing: input.bytes, limits: limits)))
  }
}

/// One stream's strokes decoded in order: asking for an index past the last one decodes
/// forward (skipping what is not wanted); asking for an earlier one starts over.
final class SequentialStrokes {
  private let file: StrokeStreams
  private let stream: Int
  private var decoder: InkDecoder
  private var position = 0

  init(_ file: StrokeStreams, stream: Int) {
    self.file = file
    self.stream = stream
    decoder = file.decoder(for: stream)
  }

  func stroke(at index: Int) throws(WillError) -> Stroke {
    if index < position {
      decoder = file.decoder(for: stream)
      position = 0
    }
    while position < index {
      _ = try decoder.next()
      position += 1
    }
    guard let stroke = try decoder.next() else {
      throw WillError(.unsupported("stroke \(index) is past the stream's end"), part: decoder.part)
    }
    position += 1
    return stroke
  }
}
