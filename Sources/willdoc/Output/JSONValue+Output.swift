import InkCodec

extension JSONValue {
  /// Writes the value followed by a newline, handing `sink` the text in pieces of about
  /// 64 KiB: memory holds one item of a ``stream(_:)`` at a time, not the whole document.
  func write(flushingTo sink: (String) -> Void) throws(WillError) {
    var output = ""
    try write(to: &output, indent: 0) { OutputChunks.flushWhenFull(&$0, to: sink) }
    sink(output + "\n")
  }
}
