import InkCodec

/// What `willdoc dump` writes: the sections and paths elements, each element's strokes
/// handed out by index as they are written, decoded from the file's streams one at a time:
/// memory holds the file, its structure and one stroke.
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

  /// A document's sections as its structure shows them, each element's strokes decoded from
  /// its stream as they are asked for.
  init(_ file: StrokeStreams) {
    container = file.container
    properties = file.structure.properties
    var elements = [[Element]](repeating: [], count: file.structure.sections.count)
    for element in file.elements {
      let stream = file.streams[element.stream]
      let strokes = SequentialStrokes(file, stream: element.stream)
      elements[element.section].append(
        Element(
          part: stream.part, transform: element.transform, strokeCount: stream.strokeCount,
          stroke: { (position) throws(WillError) in try strokes.stroke(at: position) }))
    }
    sections = file.structure.sections.enumerated().map { index, section in
      Section(
        index: index, part: section.partName, pageSize: section.pageSize,
        elements: elements[index])
    }
  }

  /// Reads `name` and checks it whole; strokes are decoded again as they are written.
  static func read(_ name: String, limits: DecodingLimits) throws(WillError) -> (
    InputFile, DumpSource
  ) {
    let input = try InputFile.read(name, limits: limits)
    return (input, DumpSource(try StrokeStreams(parsing: input.bytes, limits: limits)))
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
