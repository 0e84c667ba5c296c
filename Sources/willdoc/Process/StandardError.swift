#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Diagnostics on standard error: the same unbuffered writes, with failures ignored, since
/// there is nowhere left to report them.
enum StandardError {
  /// Writes `text` as it is.
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { _ = StandardStream.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
  }

  /// Writes `text` and a newline.
  static func line(_ text: String) {
    write(text + "\n")
  }
}
