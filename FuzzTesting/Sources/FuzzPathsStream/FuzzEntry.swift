import InkCodec

/// Any bytes as a paths stream: decoding gives strokes or a typed error; whatever decodes
/// re-encodes and decodes to the same strokes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathsStream(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let strokes = try? PathsStream(parsing: bytes, limits: fuzzLimits).strokes else { return 0 }
  let encoded = try! PathsStream(strokes: strokes).serialized()
  precondition(
    try! PathsStream(parsing: encoded, limits: .unlimited).strokes == strokes,
    "round trip changed strokes")
  return 0
}

let fuzzLimits = DecodingLimits(
  maxFileBytes: 1 << 20, maxPartBytes: 4 << 20, maxTotalBytes: 8 << 20)
