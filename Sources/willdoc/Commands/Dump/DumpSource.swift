import InkCodec

/// What `willdoc dump` writes: the sections and paths elements, each element's strokes
/// handed out by index as they are written, decoded from the file's streams one at a time:
/// memory holds the file, its structure, one paths part and one stroke.
struct DumpSource {
  /// A paths element: where it is and how to get its strokes.
  struct Element {
    var part: String?
    var transform: AffineTransform
    var strokeCount: Int
    /// The stroke at an index; indices are asked for in increasing order.
    var stroke: (Int) throws(WillError) -> Stroke
    /// Decodes the stroke at an index into a reused buffer, in the same order.
    var decode: (Int, inout StrokeBuffer) throws(WillError) -> Void
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
    // One cursor for every element: the dump asks for them in order, and only the element
    // being written holds its stream.
    let strokes = SequentialStrokes(file)
    for (index, element) in file.elements.enumerated() {
      let stream = file.streams[element.stream]
      elements[element.section].append(
        Element(
          part: stream.part, transform: element.transform, strokeCount: stream.strokeCount,
          stroke: { (position) throws(WillError) in
            try strokes.stroke(at: position, element: index)
          },
          decode: { (position, buffer) throws(WillError) in
            try strokes.decode(at: position, element: index, into: &buffer)
          }))
    }
    sections = file.structure.sections.enumerated().map { index, section in
      Section(
        index: index, part: section.partName, pageSize: section.pageSize,
        elements: elements[index])
    }
  }

  /// Reads `name`, checks it whole, and hands `body` what to dump while the file is open: a
  /// package's paths parts are decompressed again, one at a time, as their strokes are
  /// written.
  static func reading<Result>(
    _ input: InputFile, limits: DecodingLimits,
    _ body: (DumpSource) throws(WillError) -> Result
  ) throws(WillError) -> Result {
    try StrokeStreams.withStreams(parsing: input.bytes, limits: limits) {
      (file) throws(WillError) -> Result in try body(DumpSource(file))
    }
  }
}

/// The elements' strokes decoded in order, one element at a time: asking for an index past
/// the last one decodes forward (skipping what is not wanted); asking for an earlier one, or
/// for another element, starts over on that element's stream and lets go of the one before.
final class SequentialStrokes {
  private let file: StrokeStreams
  /// The element being read and its decoder: a package's part is read only when its first
  /// stroke is asked for.
  private var current: (element: Int, decoder: InkDecoder)?
  private var position = 0

  /// Strokes skipped on the way to the one asked for are decoded here.
  private var skipped = StrokeBuffer()

  init(_ file: StrokeStreams) { self.file = file }

  func stroke(at index: Int, element: Int) throws(WillError) -> Stroke {
    try seek(index, element: element)
    guard let stroke = try current!.decoder.next() else { throw pastEnd(index, element: element) }
    position += 1
    return stroke
  }

  /// Decodes the stroke at `index` into `buffer`, as ``stroke(at:element:)`` returns it.
  func decode(at index: Int, element: Int, into buffer: inout StrokeBuffer) throws(WillError) {
    try seek(index, element: element)
    guard try current!.decoder.next(into: &buffer) else {
      throw pastEnd(index, element: element)
    }
    position += 1
  }

  /// Moves the cursor to the stroke at `index` of `element`.
  private func seek(_ index: Int, element: Int) throws(WillError) {
    if current?.element != element || index < position {
      current = nil  // the stream before is let go first
      current = (element, try file.decoder(for: file.elements[element].stream))
      position = 0
    }
    while position < index {
      _ = try current!.decoder.next(into: &skipped)
      position += 1
    }
  }

  private func pastEnd(_ index: Int, element: Int) -> WillError {
    WillError(
      .unsupported("stroke \(index) is past the stream's end"),
      part: file.streams[file.elements[element].stream].part)
  }
}
