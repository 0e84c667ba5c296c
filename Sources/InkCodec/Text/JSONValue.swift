/// A JSON value whose objects keep their keys in the order they were built, so output is
/// deterministic and follows the documented schema.
package enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])
  /// An array of containers built one item at a time while it is written (see
  /// ``write(flushingTo:)``), so that a large document is never one tree in memory.
  case stream(JSONStream)
  /// An array of equal-length number arrays (a stroke's points), from interleaved values:
  /// written as one short array per line, like `.array` of `.array`s of doubles, without a
  /// value per number. Values decoded at a decimal `precision` print through the fast
  /// path, with the same text.
  case rows(values: [Double], stride: Int, precision: Int? = nil)
  /// The same, all on one line: `[[x, y], [x, y], …]`, for long lists of coordinates.
  case inlineRows(values: [Double], stride: Int)

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.double(let a), .double(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && Swift.zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    // A stream is built on demand: only written, never compared.
    default: false
    }
  }

  /// An integer, or `null`.
  package static func int<T: BinaryInteger>(_ value: T?) -> JSONValue {
    value.map { .int(Int64($0)) } ?? .null
  }

  /// A number, or `null`.
  package static func number(_ value: Double?) -> JSONValue { value.map { .double($0) } ?? .null }

  /// A string, or `null`.
  package static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

  /// The value as text: objects and arrays of containers are indented by two spaces per
  /// level; arrays of scalars stay on one line.
  package func rendered() throws(WillError) -> String {
    var output = TextBuffer()
    try write(to: &output, indent: 0) { _ in }
    return output.text
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object, .stream, .rows, .inlineRows: false
    default: true
    }
  }

  /// Writes the value at `indent`, offering the text so far to `flush` after each item of an
  /// array written one item per line (and every 1,024 rows), so that a caller can hand it
  /// on in pieces.
  package func write(to output: inout TextBuffer, indent: Int, flush: (inout TextBuffer) -> Void)
    throws(WillError)
  {
    switch self {
    case .inlineRows(let values, let stride):
      let count = stride > 0 ? values.count / stride : 0
      output.append("[")
      for row in 0..<count {
        output.append(row == 0 ? "[" : ", [")
        for column in 0..<stride {
          if column > 0 { output.append(", ") }
          Self.write(values[row * stride + column], to: &output)
        }
        output.append("]")
      }
      output.append("]")
    case .rows(let values, let stride, let precision):
      let count = stride > 0 ? values.count / stride : 0
      guard count > 0 else {
        output.append("[]")
        return
      }
      output.append("[\n")
      for row in 0..<count {
        output.appendSpaces(indent + 2)
        output.append("[")
        for column in 0..<stride {
          if column > 0 { output.append(", ") }
          let value = values[row * stride + column]
          if let precision, value.isFinite {
            NumberText.appendDecimalDescription(value, precision: precision, to: &output)
          } else {
            Self.write(value, to: &output)
          }
        }
        output.append(row == count - 1 ? "]\n" : "],\n")
        if row & 1023 == 1023 { flush(&output) }
      }
      output.appendSpaces(indent)
      output.append("]")
    case .stream(let stream):
      try Self.writeLines(
        count: stream.count, indent: indent, to: &output, flush: flush, item: stream.item)
    case .null: output.append("null")
    case .bool(let value): output.append(value ? "true" : "false")
    case .int(let value): output.append(value)
    case .double(let value): Self.write(value, to: &output)
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let items):
      if items.isEmpty {
        output.append("[]")
      } else if items.allSatisfy(\.isScalar) {
        output.append("[")
        for (index, item) in items.enumerated() {
          if index > 0 { output.append(", ") }
          try item.write(to: &output, indent: indent, flush: flush)
        }
        output.append("]")
      } else {
        // Containers (and arrays of short arrays, such as points): one item per line.
        try Self.writeLines(
          count: items.count, indent: indent, to: &output, flush: flush, item: { items[$0] })
      }
    case .object(let members):
      if members.isEmpty {
        output.append("{}")
        return
      }
      if members.allSatisfy({ $0.1.isScalar }) && members.count <= 6 {
        output.append("{")
        for (index, (key, value)) in members.enumerated() {
          if index > 0 { output.append(", ") }
          Self.writeString(key, to: &output)
          output.append(": ")
          try value.write(to: &output, indent: indent, flush: flush)
        }
        output.append("}")
        return
      }
      output.append("{\n")
      for (index, (key, value)) in members.enumerated() {
        output.appendSpaces(indent + 2)
        Self.writeString(key, to: &output)
        output.append(": ")
        try value.write(to: &output, indent: indent + 2, flush: flush)
        output.append(index == members.count - 1 ? "\n" : ",\n")
      }
      output.appendSpaces(indent)
      output.append("}")
    }
  }

  /// `[`, then each item on a line of its own one level deeper, then `]`; `[]` when there
  /// are none. Output is offered to `flush` after each item.
  private static func writeLines(
    count: Int, indent: Int, to output: inout TextBuffer, flush: (inout TextBuffer) -> Void,
    item: (Int) throws(WillError) -> JSONValue
  ) throws(WillError) {
    guard count > 0 else {
      output.append("[]")
      return
    }
    output.append("[\n")
    for index in 0..<count {
      output.appendSpaces(indent + 2)
      try item(index).write(to: &output, indent: indent + 2, flush: flush)
      output.append(index == count - 1 ? "\n" : ",\n")
      flush(&output)
    }
    output.appendSpaces(indent)
    output.append("]")
  }

  /// The shortest text that reads back as `value` (Swift's `description`), which keeps a
  /// `.0` on integral values (`592.0`); `null` for NaN and infinities, which JSON lacks.
  package static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    return value.description
  }

  private static func write(_ value: Double, to output: inout TextBuffer) {
    output.append(format(value))
  }

  private static func writeString(_ string: String, to output: inout TextBuffer) {
    output.append("\"")
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output.append("\\\"")
      case "\\": output.append("\\\\")
      case "\n": output.append("\\n")
      case "\r": output.append("\\r")
      case "\t": output.append("\\t")
      // Controls, DEL, C1 controls and bidirectional overrides as \u escapes: the string reads
      // back the same, and the JSON is safe to look at on a terminal.
      case _ where ControlCharacters.isControl(scalar) || ControlCharacters.isBidiControl(scalar):
        let hex = String(scalar.value, radix: 16)
        output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default:
        if scalar.isASCII {
          output.append(byte: UInt8(scalar.value))
        } else {
          output.append(String(scalar))
        }
      }
    }
    output.append("\"")
  }
}
