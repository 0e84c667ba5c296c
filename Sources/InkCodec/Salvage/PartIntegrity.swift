/// What salvage knows about the bytes of one part (a zip entry, a RIFF chunk or a raw
/// stream), which decides how far its records can be trusted.
enum PartIntegrity: Sendable, Equatable {
  /// A checksum confirmed the bytes (a zip entry whose CRC-32 matches): every record is the
  /// original's, including those after a record that does not decode.
  case verified
  /// Nothing can confirm the bytes (RIFF chunks and raw streams have no checksum): records
  /// after one that does not decode may come from garbage and must pass the
  /// ``StrokePlausibility`` checks.
  case unchecked
  /// The bytes are an exact prefix of the part, cut short (the file ends inside the entry or
  /// chunk, or the deflate data stops for want of input): every complete record is the
  /// original's.
  case cut
  /// The bytes are known wrong somewhere that cannot be located (CRC-32 mismatch, a deflate
  /// data error, a size that disagrees): no record can be shown to be the original's.
  case corrupt(String)
}
