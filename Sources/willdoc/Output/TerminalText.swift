import InkCodec

/// Strings from a file, made safe to print on a terminal, as `ls` and `git` print file names.
///
/// A document is untrusted input: a title, a part name or a RIFF chunk id could otherwise
/// clear the screen, set the window title, forge a line of output or reverse the text after
/// it. Every string that comes from a file (or from the command line, such as a file name)
/// passes through ``escaped(_:)`` before it reaches standard output or standard error.
///
/// The escapes:
/// - `\t`, `\n` and `\r` for tab, line feed and carriage return;
/// - `\xHH` (two lowercase hex digits) for the other C0 controls, DEL and the C1 controls
///   U+0080–U+009F, and for a byte of a file name that is not UTF-8 (``SystemPath``);
/// - `\u{HHHH}` for the bidirectional embeddings, overrides and isolates U+202A–U+202E and
///   U+2066–U+2069;
/// - `\\` for a backslash, always, so that an escape in the output is never ambiguous with
///   the same characters in the text.
///
/// JSON output is not escaped this way: JSON's own escaping keeps the exact string.
enum TerminalText {
  /// `text` with every control and bidirectional override escaped.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case _ where scalar.value <= 0x9F && isControl(scalar):
        result += "\\x" + hex(scalar.value, digits: 2)
      case _ where EscapedByte.contains(scalar):
        result += "\\x" + hex(scalar.value - EscapedByte.base, digits: 2)
      case _ where isBidiControl(scalar):
        result += "\\u{" + hex(scalar.value, digits: 4) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalar` is printed as an escape.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\\" || isControl(scalar) || isBidiControl(scalar) || EscapedByte.contains(scalar)
  }

  /// C0 controls, DEL and C1 controls.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool { ControlCharacters.isControl(scalar) }

  /// Characters that reorder the text after them on the line.
  static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    ControlCharacters.isBidiControl(scalar)
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}

extension String {
  /// This text made safe for a terminal: ``TerminalText/escaped(_:)``.
  var terminalSafe: String { TerminalText.escaped(self) }
}
