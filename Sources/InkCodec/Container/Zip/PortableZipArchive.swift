/// InkCodec's own zip reader and writer (placeholder until the implementation lands).
enum PortableZipArchive {
  static func withEntries<Result>(
    _ bytes: [UInt8], limits: DecodingLimits, keeping: (PartName) -> Bool,
    _ body: ([ZipEntry], ZipArchive.EntryReader) throws(WillError) -> Result
  ) throws(WillError) -> Result {
    throw WillError(.unsupported("the portable zip backend is not written yet"))
  }

  static func write(_ entries: [ZipEntry.Input]) throws(WillError) -> [UInt8] {
    throw WillError(.unsupported("the portable zip backend is not written yet"))
  }
}
