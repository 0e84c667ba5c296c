import InkCodec

/// Writes the JSON of `willdoc dump --format json`, as documented in `docs/json.md`, straight
/// into one reused byte buffer: each stroke is decoded into one reused `StrokeBuffer` and
/// its points written as digits, with no value tree, string or array per stroke or number.
///
/// The text is what a `JSONValue` tree of the same document writes: objects of at most six
/// scalar members on one line, other objects and arrays of containers one member or item
/// per line, two spaces deeper per level, arrays of scalars on one line, numbers as their
/// `description`.
enum DumpJSON {
  /// How deep each level sits: the document's members, a section, its members, a paths
  /// element, its members, a stroke, its members.
  private static let sectionIndent = 4
  private static let elementIndent = 8
  private static let strokeIndent = 12

  /// Writes the whole document and a newline to `output`.
  static func write(
    _ document: DumpSource, file: InputFile, selection: DumpSelection, raw: Bool,
    to output: inout ByteOutput
  ) throws(WillError) {
    let properties = document.properties
    output.append("{\n  \"file\": {\"name\": ")
    output.appendJSONString(file.name)
    output.append(", \"size\": ")
    output.append(Int64(file.bytes.count))
    output.append("},\n  \"container\": ")
    output.appendJSONString(document.container.rawValue)
    output.append(",\n  \"properties\": {\"application\": ")
    appendOptional(properties.application, to: &output)
    output.append(", \"appVersion\": ")
    appendOptional(properties.appVersion, to: &output)
    output.append(", \"template\": ")
    appendOptional(properties.template, to: &output)
    output.append(", \"title\": ")
    appendOptional(properties.title, to: &output)
    output.append(", \"created\": ")
    appendOptional(properties.created, to: &output)
    output.append(", \"modified\": ")
    appendOptional(properties.modified, to: &output)
    output.append("},\n  \"sections\": ")
    let chosen = document.sections.filter {
      selection.section == nil || selection.section == $0.index
    }
    var buffer = StrokeBuffer()
    var floats = FloatTexts()
    try lines(count: chosen.count, indent: 2, to: &output) { (position, output) throws(WillError) in
      let section = chosen[position]
      let members = String(repeating: " ", count: sectionIndent + 2)
      output.append("{\n")
      output.append(members + "\"index\": ")
      output.append(Int64(section.index))
      output.append(",\n" + members + "\"part\": ")
      appendOptional(section.part, to: &output)
      output.append(",\n" + members + "\"width\": ")
      appendOptional(section.pageSize?.width, to: &output)
      output.append(",\n" + members + "\"height\": ")
      appendOptional(section.pageSize?.height, to: &output)
      output.append(",\n" + members + "\"paths\": ")
      let elements = section.elements
      try lines(count: elements.count, indent: sectionIndent + 2, to: &output) {
        (elementIndex, output) throws(WillError) in
        let element = elements[elementIndex]
        let strokes = (0..<element.strokeCount).filter {
          selection.stroke == nil || selection.stroke == $0
        }
        let members = String(repeating: " ", count: elementIndent + 2)
        output.append("{\n" + members + "\"part\": ")
        appendOptional(element.part, to: &output)
        output.append(",\n" + members + "\"transform\": [")
        for (index, coefficient) in element.transform.coefficients.enumerated() {
          if index > 0 { output.append(", ") }
          output.appendJSONNumber(coefficient)
        }
        output.append("],\n" + members + "\"strokes\": ")
        try lines(count: strokes.count, indent: elementIndent + 2, to: &output) {
          (position, output) throws(WillError) in
          try element.decode(strokes[position], &buffer)
          try stroke(buffer, index: strokes[position], raw: raw, floats: &floats, to: &output)
        }
        output.append("\n")
        output.appendSpaces(elementIndent)
        output.append("}")
      }
      output.append("\n")
      output.appendSpaces(sectionIndent)
      output.append("}")
    }
    output.append("\n}\n")
  }

  /// `[`, then each item on a line of its own two spaces deeper than `indent`, then `]`;
  /// `[]` when there are none.
  private static func lines(
    count: Int, indent: Int, to output: inout ByteOutput,
    item: (Int, inout ByteOutput) throws(WillError) -> Void
  ) throws(WillError) {
    guard count > 0 else { return output.append("[]") }
    output.append("[\n")
    for index in 0..<count {
      output.appendSpaces(indent + 2)
      try item(index, &output)
      output.append(index == count - 1 ? "\n" : ",\n")
    }
    output.appendSpaces(indent)
    output.append("]")
  }

  private static func appendOptional(_ text: String?, to output: inout ByteOutput) {
    if let text { output.appendJSONString(text) } else { output.append("null") }
  }

  private static func appendOptional(_ number: Double?, to output: inout ByteOutput) {
    if let number { output.appendJSONNumber(number) } else { output.append("null") }
  }

  private static func appendOptional(_ integer: UInt32?, to output: inout ByteOutput) {
    if let integer { output.append(Int64(integer)) } else { output.append("null") }
  }

  /// The member lines' start: a newline and the stroke's members' indent.
  private static let memberBreak: StaticString = ",\n              "
  /// `"channels": […]` for each layout, by `hasWidth` and `hasAlpha`.
  private static let channelTexts: [StaticString] = [
    "[\"x\", \"y\"]", "[\"x\", \"y\", \"alpha\"]", "[\"x\", \"y\", \"width\"]",
    "[\"x\", \"y\", \"width\", \"alpha\"]",
  ]

  /// One stroke object, at the strokes' indent.
  static func stroke(
    _ stroke: StrokeBuffer, index: Int, raw: Bool, floats: inout FloatTexts,
    to output: inout ByteOutput
  ) throws(WillError) {
    let hasWidth = stroke.widthCount > 1
    let hasAlpha = stroke.colorCount > 1
    let stride = 2 + (hasWidth ? 1 : 0) + (hasAlpha ? 1 : 0)
    let precision = stroke.decimalPrecision
    output.append("{\n              \"index\": ")
    output.append(Int64(index))
    output.append(memberBreak)
    output.append("\"decimalPrecision\": ")
    output.append(Int64(precision))
    output.append(memberBreak)
    output.append("\"stride\": ")
    output.append(Int64(stride))
    output.append(memberBreak)
    output.append("\"channels\": ")
    output.append(channelTexts[(hasWidth ? 2 : 0) + (hasAlpha ? 1 : 0)])
    output.append(memberBreak)
    output.append("\"points\": ")
    writePoints(stroke, hasWidth: hasWidth, hasAlpha: hasAlpha, to: &output)
    output.append(memberBreak)
    output.append("\"width\": ")
    if !hasWidth && stroke.widthCount == 1 {
      // The constant width is decoded at the stroke's precision like every point's.
      output.appendJSONNumber(stroke.widths[stroke.widths.startIndex], precision: precision)
    } else {
      output.append("null")
    }
    output.append(memberBreak)
    output.append("\"color\": ")
    if let color = stroke.colors.first {
      output.append("{\"r\": ")
      output.append(Int64(color.red))
      output.append(", \"g\": ")
      output.append(Int64(color.green))
      output.append(", \"b\": ")
      output.append(Int64(color.blue))
      output.append(", \"a\": ")
      output.append(Int64(color.alpha))
      output.append("}")
    } else {
      output.append("null")
    }
    output.append(memberBreak)
    output.append("\"ts\": ")
    floats.append(stroke.startParameter, slot: 0, to: &output)
    output.append(memberBreak)
    output.append("\"tf\": ")
    floats.append(stroke.endParameter, slot: 1, to: &output)
    output.append(memberBreak)
    output.append("\"blendMode\": ")
    output.appendJSONString(stroke.blendMode.effective.name)
    output.append(memberBreak)
    output.append("\"blendModeValue\": ")
    if stroke.storedFields.contains(.compositeOperation) {
      output.append(stroke.blendMode.rawValue)
    } else {
      output.append("null")
    }
    output.append(memberBreak)
    output.append("\"paintIndex\": ")
    appendOptional(stroke.paintIndex, to: &output)
    output.append(memberBreak)
    output.append("\"randomSeed\": ")
    appendOptional(stroke.particlesRandomSeed, to: &output)
    output.append(memberBreak)
    output.append("\"id\": ")
    appendOptional(stroke.id, to: &output)
    if raw {
      // The wire integers: rare, so written through the value tree.
      let record = try PathRecord(quantizing: stroke.stroke())
      let value = JSONValue.object([
        ("data", .array(record.data.map { .int(Int64($0)) })),
        ("strokeWidth", .array(record.strokeWidth.map { .int(Int64($0)) })),
        ("strokeColor", .array(record.strokeColor.map { .int(Int64($0)) })),
      ])
      var text = TextBuffer()
      try value.write(to: &text, indent: strokeIndent + 2) { _ in }
      output.append(memberBreak)
      output.append("\"raw\": ")
      text.bytes.withUnsafeBytes { output.append($0) }
    }
    output.append("\n            }")
  }

  /// The points, one row of `[x, y, width, alpha]` per line (short width and colour lists
  /// padded with their last value), each value decoded at the stroke's precision written
  /// from its digits.
  private static func writePoints(
    _ stroke: StrokeBuffer, hasWidth: Bool, hasAlpha: Bool, to output: inout ByteOutput
  ) {
    let count = stroke.pointCount
    guard count > 0 else { return output.append("[]") }
    output.append("[\n")
    let precision = stroke.decimalPrecision
    // 0 for a precision whose values all take `description`.
    let scale = ByteOutput.decimalScale(precision) ?? 0
    let rowIndent = strokeIndent + 4
    let lastWidth = stroke.widthCount - 1
    let lastColor = stroke.colorCount - 1
    // A row: its indent, four values of at most 24 bytes with their separators, `],\n`.
    let rowRoom = rowIndent + 4 * 26 + 4
    stroke.x.withUnsafeBufferPointer { x in
      stroke.y.withUnsafeBufferPointer { y in
        stroke.widths.withUnsafeBufferPointer { widths in
          stroke.colors.withUnsafeBufferPointer { colors in
            for row in 0..<count {
              let start = output.reserve(rowRoom)
              var place = start
              place.initialize(repeating: UInt8(ascii: " "), count: rowIndent)
              place += rowIndent
              place[0] = UInt8(ascii: "[")
              place += 1
              place += value(x[row], precision: precision, scale: scale, at: place)
              place[0] = UInt8(ascii: ",")
              place[1] = UInt8(ascii: " ")
              place += 2
              place += value(y[row], precision: precision, scale: scale, at: place)
              if hasWidth {
                place[0] = UInt8(ascii: ",")
                place[1] = UInt8(ascii: " ")
                place += 2
                place += value(
                  widths[Swift.min(row, lastWidth)], precision: precision, scale: scale, at: place)
              }
              if hasAlpha {
                place[0] = UInt8(ascii: ",")
                place[1] = UInt8(ascii: " ")
                place += 2
                let alpha = Double(colors[Swift.min(row, lastColor)].alpha) / 255
                place += value(alpha, precision: precision, scale: scale, at: place)
              }
              place[0] = UInt8(ascii: "]")
              if row == count - 1 {
                place[1] = UInt8(ascii: "\n")
                place += 2
              } else {
                place[1] = UInt8(ascii: ",")
                place[2] = UInt8(ascii: "\n")
                place += 3
              }
              output.advance(place - start)
            }
          }
        }
      }
    }
    output.appendSpaces(rowIndent - 2)
    output.append("]")
  }

  /// Writes one value at `place` and returns its length: its digits when it was decoded at
  /// `precision`, else its `description` (`null` when not finite).
  @inline(__always)
  private static func value(
    _ value: Double, precision: Int, scale: Double, at place: UnsafeMutablePointer<UInt8>
  ) -> Int {
    if scale > 0 {
      let written = ByteOutput.writeDecimal(value, precision: precision, scale: scale, at: place)
      if written > 0 { return written }
    }
    guard value.isFinite else {
      for (index, byte) in "null".utf8.enumerated() { place[index] = byte }
      return 4
    }
    var text = value.description
    return text.withUTF8 { bytes in
      // `description` is at most 24 bytes: the row's room holds it.
      UnsafeMutableRawPointer(place).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
      return bytes.count
    }
  }
}

/// The text of ts and tf, the `Float`s' shortest text read back as a `Double` and written as
/// that `Double`'s `description`, as the value tree writes them; the last text of each is
/// kept, since nearly every stroke has the same ts and tf.
struct FloatTexts {
  private var values: [UInt32] = [UInt32.max, UInt32.max]
  private var texts: [[UInt8]] = [[], []]

  /// Appends `value`'s text, remembered in `slot`.
  mutating func append(_ value: Float, slot: Int, to output: inout ByteOutput) {
    if values[slot] != value.bitPattern || texts[slot].isEmpty {
      let number = JSONValue.shortest(value)
      texts[slot] = Array((number.isFinite ? number.description : "null").utf8)
      values[slot] = value.bitPattern
    }
    texts[slot].withUnsafeBytes { output.append($0) }
  }
}
