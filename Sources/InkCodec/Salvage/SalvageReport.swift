/// What ``WillDocument/init(salvaging:limits:report:)`` recovered and what it lost.
///
/// Every statement is about what the salvage saw: a part is named as damaged only when its
/// bytes or records were, the central directory is called unusable only when it could not be
/// read, and every part left out is listed with the reason.
public struct SalvageReport: Sendable, Hashable, Codable {
  /// A stretch of bytes that could not be used.
  public struct Loss: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The part, or `nil` for the file itself.
    public var part: String?
    /// The lost byte range within the part; never empty.
    public var range: Range<Int>
    /// Why it was lost.
    public var reason: String
    /// `part@0xSTART..<0xEND: reason`.
    public var description: String {
      let hex = { (value: Int) in "0x" + String(value, radix: 16, uppercase: true) }
      return "\(part ?? "file")@\(hex(range.lowerBound))..<\(hex(range.upperBound)): \(reason)"
    }
  }

  /// A paths part (zip entry, `INK ` chunk or raw stream) that was damaged, and what came of
  /// its records.
  public struct DamagedPart: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The part name, the chunk id, or `(stream)` for a raw file.
    public var part: String
    /// What was wrong with it.
    public var damage: String
    /// Strokes kept from it.
    public var keptStrokes: Int
    /// Records found in it (by their length prefixes) and not kept.
    public var droppedRecords: Int
    /// `part: damage (N strokes kept, M records dropped)`.
    public var description: String {
      "\(part): \(damage) (\(keptStrokes) strokes kept, \(droppedRecords) records dropped)"
    }
  }

  /// A part of the input that is not in the salvaged document.
  public struct LostPart: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The part name or chunk id.
    public var part: String
    /// Why it was left out.
    public var reason: String
    /// `part: reason`.
    public var description: String { "\(part): \(reason)" }
  }

  /// Whether the file read normally, with nothing to salvage.
  public var wasIntact: Bool
  /// The container the input was found to be, which the salvaged document keeps.
  public var container: ContainerKind
  /// Strokes recovered: the strokes of the salvaged document.
  public var recoveredStrokes: Int
  /// Records found and not kept, in every part (a cut record at the end is a loss, not a
  /// count).
  public var skippedRecords: Int
  /// Byte ranges that could not be used.
  public var losses: [Loss]
  /// The damaged paths parts, with the strokes kept and the records dropped from each.
  public var damagedParts: [DamagedPart]
  /// Parts of the input left out of the document, each with the reason.
  public var lostParts: [LostPart]
  /// Other things the salvage did (a section rebuilt from a paths part, …).
  public var notes: [String]
  /// The ``DecodingLimits`` that stopped the salvage somewhere, in the order they were
  /// reached. Each one also has a loss (reason "over the decoding limits: …") for what it
  /// cut off; salvage reports limits this way instead of throwing.
  public var exceededLimits: [DecodingLimits.Limit]

  /// An empty report, for ``WillDocument/init(salvaging:limits:report:)`` to fill.
  public init(container: ContainerKind = .opc) {
    wasIntact = false
    self.container = container
    recoveredStrokes = 0
    skippedRecords = 0
    losses = []
    damagedParts = []
    lostParts = []
    notes = []
    exceededLimits = []
  }

  /// Records a loss, unless `range` is empty (nothing was lost there); a loss that continues
  /// the previous one for the same reason extends it.
  mutating func add(loss part: String?, _ range: Range<Int>, _ reason: String) {
    guard !range.isEmpty else { return }
    // A run of records lost for one reason is one loss, however many records it holds.
    if let last = losses.last, last.part == part, last.reason == reason,
      last.range.upperBound == range.lowerBound
    {
      losses[losses.count - 1].range = last.range.lowerBound..<range.upperBound
      return
    }
    losses.append(Loss(part: part, range: range, reason: reason))
  }

  /// Records a part left out of the document.
  mutating func lose(_ part: String, _ reason: String) {
    lostParts.append(LostPart(part: part, reason: reason))
  }
}
