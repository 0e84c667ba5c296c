import InkCodec

/// The text form of `willdoc dump`.
enum DumpText {
  /// Where the text goes: gathered in a buffer handed on in pieces of about 64 KiB.
  struct Output {
    var text = TextBuffer()
    let sink: ([UInt8]) -> Void

    /// Ends the current line and hands the buffer on once it is full.
    mutating func endLine() {
      text.append(byte: UInt8(ascii: "\n"))
      OutputChunks.flushWhenFull(&text, to: sink)
    }

    /// Writes `line` and a newline.
    mutating func line(_ line: String) {
      text.append(line)
      endLine()
    }

    /// Hands on what is left.
    mutating func finish() { text.flush(to: sink) }
  }

  static func write(
    _ document: DumpSource, file: InputFile, selection: DumpSelection, raw: Bool,
    to output: inout Output
  ) throws(WillError) {
    output.line(
      "file \(file.name.terminalSafe)  \(Format.count(file.bytes.count)) bytes  \(document.container.rawValue)"
    )
    for section in document.sections
    where selection.section == nil || selection.section == section.index {
      var header = "section \(section.index)"
      if let part = section.part { header += "  \(part.terminalSafe)" }
      if let size = section.pageSize {
        header += "  \(Format.number(size.width)) × \(Format.number(size.height))"
      }
      output.line(header)
      for element in section.elements {
        let transform = element.transform
        output.line(
          "  paths \(element.part?.terminalSafe ?? "-")  transform "
            + "[\(transform.coefficients.map { Format.number($0, digits: 6) }.joined(separator: " "))]"
            + "  \(element.strokeCount) strokes")
        for strokeIndex in 0..<element.strokeCount
        where selection.stroke == nil || selection.stroke == strokeIndex {
          try writeStroke(
            try element.stroke(strokeIndex), index: strokeIndex, raw: raw, to: &output)
        }
      }
    }
  }

  static func writeStroke(
    _ stroke: Stroke, index: Int, raw: Bool, to output: inout Output
  ) throws(WillError) {
    let layout = stroke.layout
    var fields = [
      "stroke \(index)", "\(stroke.pointCount) points", "precision \(stroke.decimalPrecision)",
    ]
    if !layout.hasWidth {
      fields.append("width " + (stroke.constantWidth.map { Format.number($0, digits: 8) } ?? "-"))
    }
    fields.append("color " + (stroke.color.map(\.description) ?? "-"))
    fields.append("ts \(stroke.startParameter) tf \(stroke.endParameter)")
    let stored = stroke.wire.storedFields.contains(.compositeOperation)
    fields.append(
      "blend " + (stored ? stroke.blendMode.reportText : "\(stroke.blendMode.name) (absent)"))
    if let paint = stroke.paintIndex { fields.append("paint \(paint)") }
    if let seed = stroke.particlesRandomSeed { fields.append("seed \(seed)") }
    if let id = stroke.id { fields.append("id \(id)") }
    output.line("    " + fields.joined(separator: "  "))
    let values = stroke.interleavedValues()
    let header = ["#"] + layout.channels
    let columns = header.count
    // Every cell's digits go into one buffer (`ends` marks where each stops), then every
    // column is right-aligned to its widest cell: no string per cell or row (millions of
    // points in a dump).
    var cells = TextBuffer()
    var ends: [Int] = []
    ends.reserveCapacity(columns * (stroke.pointCount + 1))
    for name in header {
      cells.append(name)
      ends.append(cells.count)
    }
    let precision = max(0, stroke.decimalPrecision)
    for point in 0..<stroke.pointCount {
      let base = point * layout.stride
      cells.append(Int64(point))
      ends.append(cells.count)
      for channel in 0..<(layout.hasWidth ? 3 : 2) {
        NumberText.appendFixed(values[base + channel], decimals: precision, to: &cells)
        ends.append(cells.count)
      }
      if layout.hasAlpha {
        NumberText.appendFixed(values[base + layout.stride - 1], decimals: 3, to: &cells)
        ends.append(cells.count)
      }
    }
    var widths = [Int](repeating: 0, count: columns)
    for index in ends.indices {
      let width = ends[index] - (index == 0 ? 0 : ends[index - 1])
      widths[index % columns] = max(widths[index % columns], width)
    }
    cells.bytes.withUnsafeBufferPointer { digits in
      for row in 0...stroke.pointCount {
        output.text.appendSpaces(6)
        for column in 0..<columns {
          let index = row * columns + column
          let start = index == 0 ? 0 : ends[index - 1]
          if column > 0 { output.text.appendSpaces(2) }
          output.text.appendSpaces(widths[column] - (ends[index] - start))
          output.text.append(UnsafeBufferPointer(rebasing: digits[start..<ends[index]]))
        }
        output.endLine()
      }
    }
    if raw {
      let record = try PathRecord(quantizing: stroke)
      output.line("      raw data        " + record.data.map(String.init).joined(separator: " "))
      output.line(
        "      raw strokeWidth " + record.strokeWidth.map(String.init).joined(separator: " "))
      output.line(
        "      raw strokeColor " + record.strokeColor.map(String.init).joined(separator: " "))
    }
  }
}
