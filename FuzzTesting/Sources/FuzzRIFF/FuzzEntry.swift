import InkCodec

/// Any bytes after a RIFF WILL header: a document or a typed error; whatever reads writes
/// back to a file that reads the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRIFF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let document = try? WillDocument(parsing: bytes, limits: fuzzLimits),
    document.container == .riff
  else { return 0 }
  let saved = try! document.serialized()
  precondition(try! WillDocument(parsing: saved, limits: .unlimited).strokes == document.strokes)
  return 0
}

let fuzzLimits = DecodingLimits(
  maxFileBytes: 1 << 20, maxPartBytes: 4 << 20, maxTotalBytes: 8 << 20)
