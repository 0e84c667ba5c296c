import InkCodec

/// Any bytes as a document (zip, XML parts and all): a document or a typed error; whatever
/// reads saves and reads back with the same strokes and pages. Reading stroke by stroke (a
/// package's paths parts decompressed on demand) agrees with the document: the same error,
/// or the same diagnostics.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOPC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let streamed: Result<[Diagnostic], WillError>
  do throws(WillError) {
    streamed = .success(try StrokeStreams.validate(parsing: bytes, limits: fuzzLimits).diagnostics)
  } catch {
    streamed = .failure(error)
  }
  let document: WillDocument
  do throws(WillError) {
    document = try WillDocument(parsing: bytes, limits: fuzzLimits)
  } catch {
    precondition(streamed == .failure(error), "streaming read disagrees on the error")
    return 0
  }
  precondition(streamed == .success(document.validate()), "streaming read disagrees")
  let saved = try! document.serialized()
  let reread = try! WillDocument(parsing: saved, limits: .unlimited)
  precondition(reread.strokes == document.strokes, "save changed strokes")
  precondition(reread.sections.count == document.sections.count, "save changed sections")
  return 0
}

let fuzzLimits = DecodingLimits(
  maxFileBytes: 1 << 20, maxPartBytes: 4 << 20, maxTotalBytes: 8 << 20, maxParts: 200,
  maxXMLDepth: 64)
