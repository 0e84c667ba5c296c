extension MessageReader {
  /// Reads an identifier: 16 bytes in UIM 3.1.0, UUID text when ``legacyText`` is set (UIM
  /// 3.0.0). Empty reads as `nil`.
  mutating func identifier(_ name: String, legacyText: Bool) throws(WillError) -> UIMIdentifier? {
    if legacyText {
      let offset = reader.position
      let text = try string(name)
      if text.isEmpty { return nil }
      guard let id = UIMIdentifier(uuidString: text) else {
        throw WillError(
          .malformedUIM("\(name) \"\(text.prefix(64))\" is not a UUID"), offset: offset)
      }
      return id
    }
    let bytes = try bytes(name)
    return bytes.isEmpty ? nil : UIMIdentifier(wireBytes: bytes)
  }
}

extension WireBuffer {
  /// Writes an identifier's bytes when there is one.
  mutating func identifier(_ field: UInt32, _ id: UIMIdentifier?) {
    if let id { bytes(field, id.wireBytes) }
  }
}
