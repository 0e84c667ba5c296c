import InkCodec

extension JSONValue {
  /// Writes the value followed by a newline, handing `sink` the bytes in pieces of about
  /// 64 KiB: memory holds one item of a ``stream(_:)`` at a time, not the whole document.
  func write(flushingTo sink: ([UInt8]) -> Void) throws(WillError) {
    var output = TextBuffer()
    try write(to: &output, indent: 0) { OutputChunks.flushWhenFull(&$0, to: sink) }
    output.append("\n")
    output.flush(to: sink)
  }

  /// A `Float` as the `Double` whose shortest text is the float's shortest text, so `0.1f`
  /// prints as `0.1` rather than `0.10000000149011612`.
  static func shortest(_ value: Float) -> Double {
    Double(value.description) ?? Double(value)
  }
}
