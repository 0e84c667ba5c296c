import InkCodec

/// The text form of `willdoc dump`.
enum DumpText {
  static func write(
    _ document: DumpSource, file: InputFile, selection: DumpSelection, raw: Bool,
    line: (String) -> Void
  ) throws(WillError) {
    line(
      "file \(file.name.terminalSafe)  \(Format.count(file.bytes.count)) bytes  \(document.container.rawValue)"
    )
    for section in document.sections
    where selection.section == nil || selection.section == section.index {
      var header = "section \(section.index)"
      if let part = section.part { header += "  \(part.terminalSafe)" }
      if let size = section.pageSize {
        header += "  \(Format.number(size.width)) × \(Format.number(size.height))"
      }
      line(header)
      for element in section.elements {
        let transform = element.transform
        line(
          "  paths \(element.part?.terminalSafe ?? "-")  transform "
            + "[\(transform.coefficients.map { Format.number($0, digits: 6) }.joined(separator: " "))]"
            + "  \(element.strokeCount) strokes")
        for strokeIndex in 0..<element.strokeCount
        where selection.stroke == nil || selection.stroke == strokeIndex {
          try writeStroke(try element.stroke(strokeIndex), index: strokeIndex, raw: raw, line: line)
        }
      }
    }
  }

  static func writeStroke(
    _ stroke: Stroke, index: Int, raw: Bool, line: (String) -> Void
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
    line("    " + fields.joined(separator: "  "))
    let values = stroke.interleavedValues()
    let header = ["#"] + layout.channels
    let columns = header.count
    // One flat array of cells (short ones are stored inline, without allocating), then every
    // column right-aligned to its widest cell.
    var cells = header
    cells.reserveCapacity(columns * (stroke.pointCount + 1))
    for point in 0..<stroke.pointCount {
      let base = point * layout.stride
      cells.append(String(point))
      cells.append(Format.fixed(values[base], precision: stroke.decimalPrecision))
      cells.append(Format.fixed(values[base + 1], precision: stroke.decimalPrecision))
      if layout.hasWidth {
        cells.append(Format.fixed(values[base + 2], precision: stroke.decimalPrecision))
      }
      if layout.hasAlpha {
        cells.append(Format.fixed(values[base + layout.stride - 1], precision: 3))
      }
    }
    var widths = [Int](repeating: 0, count: columns)
    for (index, cell) in cells.enumerated() {
      widths[index % columns] = max(widths[index % columns], cell.utf8.count)
    }
    let indent = String(repeating: " ", count: 6)
    for row in 0...stroke.pointCount {
      var text = indent
      for column in 0..<columns {
        let cell = cells[row * columns + column]
        if column > 0 { text += "  " }
        text += String(repeating: " ", count: widths[column] - cell.utf8.count)
        text += cell
      }
      line(text)
    }
    if raw {
      let record = try PathRecord(quantizing: stroke)
      line("      raw data        " + record.data.map(String.init).joined(separator: " "))
      line("      raw strokeWidth " + record.strokeWidth.map(String.init).joined(separator: " "))
      line("      raw strokeColor " + record.strokeColor.map(String.init).joined(separator: " "))
    }
  }
}
