/// The one error type of InkCodec: what went wrong, where, and the evidence.
///
/// Every failure to read or write WILL data is a `WillError`. It names the part of the
/// document (`/sections/media/paths.protobuf`, `INK `, or `nil` for a raw stream), the byte
/// offset within that part, and the zero-based stroke (path record) index where those apply.
///
/// ```swift
/// do {
///     let document = try WillDocument(parsing: bytes)
/// } catch {
///     print(error)   // /sections/media/paths.protobuf@0x1A3 (stroke 17): truncated: …
/// }
/// ```
public struct WillError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The broad class of an error, for callers that react differently to each.
  public enum Category: String, Sendable, Hashable, Codable {
    /// The bytes are not valid WILL data: corrupt, truncated or inconsistent.
    case format
    /// The input is valid as far as it was read, but exceeds a ``DecodingLimits`` bound.
    case limitExceeded
    /// Valid WILL data that this library does not implement, or a value it cannot represent.
    case unsupported
    /// Reading or writing a file failed.
    case io
    /// A value handed to an encoder cannot be written (for example NaN).
    case invalidInput
  }

  /// What went wrong, with the evidence.
  public var kind: WillErrorKind
  /// The part of the document where the error was found: an OPC part name such as
  /// `/sections/media/paths.protobuf`, `INK ` for the RIFF ink chunk, or `nil` for a bare stream.
  public var part: String?
  /// The byte offset within ``part`` of the first byte that caused the error.
  public var offset: Int?
  /// The zero-based index of the path record (stroke) within its paths stream.
  public var strokeIndex: Int?

  /// Creates an error.
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - part: The part name, if known.
  ///   - offset: The byte offset within the part, if known.
  ///   - strokeIndex: The stroke index, if the error belongs to one stroke.
  public init(
    _ kind: WillErrorKind, part: String? = nil, offset: Int? = nil, strokeIndex: Int? = nil
  ) {
    self.kind = kind
    self.part = part
    self.offset = offset
    self.strokeIndex = strokeIndex
  }

  /// The broad class of this error.
  public var category: Category { kind.category }

  /// A sentence describing the error, without its location.
  public var message: String { kind.message }

  /// The error with its location: `part@0xOFFSET (stroke N): message`.
  public var description: String {
    var location = part ?? ""
    if let offset { location += "@0x" + String(offset, radix: 16, uppercase: true) }
    if let strokeIndex { location += (location.isEmpty ? "" : " ") + "(stroke \(strokeIndex))" }
    return location.isEmpty ? message : location + ": " + message
  }

  /// Returns this error with its part and stroke filled in where they were unknown, and its
  /// offset shifted by `base` (used when a stream sits inside a larger part).
  func located(part: String?, base: Int = 0, strokeIndex: Int? = nil) -> WillError {
    var copy = self
    if copy.part == nil { copy.part = part }
    if let offset = copy.offset { copy.offset = offset + base }
    if copy.strokeIndex == nil { copy.strokeIndex = strokeIndex }
    return copy
  }
}
