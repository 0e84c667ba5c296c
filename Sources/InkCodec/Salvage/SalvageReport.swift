/// What ``WillDocument/salvage(bytes:limits:)`` recovered and what it lost.
public struct SalvageReport: Sendable, Hashable, Codable {
  /// A stretch of bytes that could not be used.
  public struct Loss: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The part, or `nil` for the file itself.
    public var part: String?
    /// The lost byte range within the part.
    public var range: Range<Int>
    /// Why it was lost.
    public var reason: String
    /// `part@0xSTART..<0xEND: reason`.
    public var description: String {
      let hex = { (value: Int) in "0x" + String(value, radix: 16, uppercase: true) }
      return "\(part ?? "file")@\(hex(range.lowerBound))..<\(hex(range.upperBound)): \(reason)"
    }
  }

  /// Whether the file read normally, with nothing to salvage.
  public var wasIntact: Bool
  /// Strokes recovered.
  public var recoveredStrokes: Int
  /// Records skipped because they were damaged (a cut record at the end is a loss, not a count).
  public var skippedRecords: Int
  /// Byte ranges that could not be used.
  public var losses: [Loss]
  /// Parts that could not be recovered at all.
  public var lostParts: [String]
  /// Other things the salvage did (a section rebuilt from a paths part, …).
  public var notes: [String]
  /// The ``DecodingLimits`` that stopped the salvage somewhere, in the order they were
  /// reached. Each one also has a loss (reason "over the decoding limits: …") for what it
  /// cut off; salvage reports limits this way instead of throwing.
  public var exceededLimits: [DecodingLimits.Limit]

  init() {
    wasIntact = false
    recoveredStrokes = 0
    skippedRecords = 0
    losses = []
    lostParts = []
    notes = []
    exceededLimits = []
  }
}
