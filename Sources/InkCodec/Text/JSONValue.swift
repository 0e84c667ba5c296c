import InkCodec

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
    var output = ""
    try write(to: &output, indent: 0) { _ in }
    return output
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
  package func write(to output: inout String, indent: Int, flush: (inout String) -> Void)
    throws(WillError)
  {
    switch self {
    case .inlineRows(let values, let stride):
      let count = stride > 0 ? values.count / stride : 0
      output += "["
      for row in 0..<count {
        output += row == 0 ? "[" : ", ["
        for column in 0..<stride {
          if column > 0 { output += ", " }
          output += JSONValue.format(values[row * stride + column])
        }
        output += "]"
      }
      output += "]"
    case .rows(let values, let stride, let precision):
      let count = stride > 0 ? values.count / stride : 0
      guard count > 0 else {
        output += "[]"
        return
      }
      output += "[\n"
      let padding = String(repeating: " ", count: indent + 2)
      for row in 0..<count {
        output += padding
        output += "["
        for column in 0..<stride {
          if column > 0 { output += ", " }
          let value = values[row * stride + column]
          if let precision, value.isFinite {
            NumberText.appendDecimalDescription(value, precision: precision, to: &output)
          } else {
            output += JSONValue.format(value)
          }
        }
        output += row == count - 1 ? "]\n" : "],\n"
        if row & 1023 == 1023 { flush(&output) }
      }
      output += String(repeating: " ", count: indent) + "]"
    case .stream(let stream):
      try Self.writeLines(
        count: stream.count, indent: indent, to: &output, flush: flush, item: stream.item)
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .double(let value): output += JSONValue.format(value)
    case .string(let value): JSONValue.writeString(value, to: &output)
    case .array(let items):
      if items.isEmpty {
        output += "[]"
      } else if items.allSatisfy(\.isScalar) {
        output += "["
        for (index, item) in items.enumerated() {
          if index > 0 { output += ", " }
          try item.write(to: &output, indent: indent, flush: flush)
        }
        output += "]"
      } else {
        // Containers (and arrays of short arrays, such as points): one item per line.
        try Self.writeLines(
          count: items.count, indent: indent, to: &output, flush: flush, item: { items[$0] })
      }
    case .object(let members):
      if members.isEmpty {
        output += "{}"
        return
      }
      if members.allSatisfy({ $0.1.isScalar }) && members.count <= 6 {
        output += "{"
        for (index, (key, value)) in members.enumerated() {
          if index > 0 { output += ", " }
          JSONValue.writeString(key, to: &output)
          output += ": "
          try value.write(to: &output, indent: indent, flush: flush)
        }
        output += "}"
        return
      }
      output += "{\n"
      for (index, (key, value)) in members.enumerated() {
        output += String(repeating: " ", count: indent + 2)
        JSONValue.writeString(key, to: &output)
        output += ": "
        try value.write(to: &output, indent: indent + 2, flush: flush)
        output += index == members.count - 1 ? "\n" : ",\n"
      }
      output += String(repeating: " ", count: indent) + "}"
    }
  }

  /// `[`, then each item on a line of its own one level deeper, then `]`; `[]` when there
  /// are none. Output is offered to `flush` after each item.
  private static func writeLines(
    count: Int, indent: Int, to output: inout String, flush: (inout String) -> Void,
    item: (Int) throws(WillError) -> JSONValue
  ) throws(WillError) {
    guard count > 0 else {
      output += "[]"
      return
    }
    output += "[\n"
    for index in 0..<count {
      output += String(repeating: " ", count: indent + 2)
      try item(index).write(to: &output, indent: indent + 2, flush: flush)
      output += index == count - 1 ? "\n" : ",\n"
      flush(&output)
    }
    output += String(repeating: " ", count: indent) + "]"
  }

  /// The shortest text that reads back as `value` (Swift's `description`), which keeps a
  /// `.0` on integral values (`592.0`); `null` for NaN and infinities, which JSON lacks.
  package static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    return value.description
  }

  private static func writeString(_ string: String, to output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      // Controls, DEL, C1 controls and bidirectional overrides as \u escapes: the string reads
      // back the same, and the JSON is safe to look at on a terminal.
      case _ where ControlCharacters.isControl(scalar) || ControlCharacters.isBidiControl(scalar):
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
