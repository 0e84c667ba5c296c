/// The characters that drive a terminal or reorder a line: JSON output escapes them, and the
/// CLI's text output does too.
package enum ControlCharacters {
  /// C0 controls, DEL and C1 controls.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// Embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069): they reorder the
  /// text that follows them on the line.
  package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }
}
