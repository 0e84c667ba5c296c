import InkCodec

/// Whether bytes are InkML: XML whose start names the InkML namespace.
enum InkMLSniffer {
  static func sniff(_ bytes: [UInt8]) -> Bool {
    let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
    let trimmed = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
    return trimmed.hasPrefix("<") && head.contains(InkMLDocument.namespace)
  }
}
