/// The three containers that carry WILL ink, told apart by their first bytes.
public enum ContainerKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// An OPC zip package (the "WILL file format"), starting `PK\3\4`.
  case opc
  /// The RIFF "WILL data format": `RIFF`, a size, then `WILL`.
  case riff
  /// A bare paths stream, as the SDKs' ink encoders return it.
  case raw

  /// Sniffs the container of `bytes`: `PK\3\4` is OPC, `RIFF…WILL` is RIFF, anything else is
  /// tried as a raw paths stream.
  public init(sniffing bytes: some Collection<UInt8>) {
    let head = Array(bytes.prefix(12))
    if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
      self = .opc
    } else if head.count >= 12, head.starts(with: Array("RIFF".utf8)),
      Array(head[8..<12]) == Array("WILL".utf8)
    {
      self = .riff
    } else {
      self = .raw
    }
  }
}
