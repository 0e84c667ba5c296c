import InkCodec

/// Any bytes as a document (zip, XML parts and all): a document or a typed error; whatever
/// reads saves and reads back with the same strokes and pages.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOPC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let document = try? WillDocument(parsing: bytes, limits: fuzzLimits) else { return 0 }
  _ = document.validate()
  let saved = try! document.serialized()
  let reread = try! WillDocument(parsing: saved, limits: .unlimited)
  precondition(reread.strokes == document.strokes, "save changed strokes")
  precondition(reread.sections.count == document.sections.count, "save changed sections")
  return 0
}

let fuzzLimits = DecodingLimits(
  maxFileBytes: 1 << 20, maxPartBytes: 4 << 20, maxTotalBytes: 8 << 20, maxParts: 200,
  maxXMLDepth: 64)
