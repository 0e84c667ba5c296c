import InkCodec

/// Any bytes as InkML: a document or a typed error. Whatever reads writes back to InkML that
/// reads with the same traces, and converts to WILL 2 and back without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInkML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let document = try? InkMLDocument(parsing: bytes, limits: fuzzLimits) else { return 0 }
  if let saved = try? document.serialized() {
    let reread = try! InkMLDocument(parsing: saved, limits: .unlimited)
    precondition(reread.traces.map(\.pointCount) == document.traces.map(\.pointCount))
  }
  var losses = ConversionLosses()
  // And back: values the import kept write out as they came in, never as nan.
  if let will = try? WillDocument(converting: document, losses: &losses),
    let inkML = try? InkMLDocument(converting: will, losses: &losses)
  {
    _ = try? inkML.serialized()
  }
  return 0
}

// At most 1,000 pages: each is a WILL 2 section, and 10,000 of them take seconds under ASan.
let fuzzLimits = DecodingLimits(
  maxFileBytes: 1 << 20, maxPartBytes: 4 << 20, maxTotalBytes: 8 << 20, maxXMLDepth: 64,
  maxStrokes: 10_000, maxPointsPerStroke: 100_000, maxTotalPoints: 1_000_000,
  maxSections: 1_000)
