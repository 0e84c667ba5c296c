import InkCodec

/// Any bytes through salvage, under small limits: it never traps, and whatever it recovers
/// saves (in the container `willdoc salvage` would write) and reads back with the same strokes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSalvage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let (document, report) = WillDocument.salvage(bytes: bytes, limits: fuzzLimits)
  precondition(report.recoveredStrokes == document.strokes.count, "the report miscounts")
  let container = document.strokes.isEmpty ? .opc : document.container
  let saved = try! document.serialized(container: container)
  let reread = try! WillDocument(bytes: saved, limits: .unlimited)
  precondition(reread.strokes == document.strokes, "save changed the salvaged strokes")
  return 0
}

let fuzzLimits = DecodingLimits(
  maxFileBytes: 1 << 20, maxPartBytes: 4 << 20, maxTotalBytes: 8 << 20, maxParts: 200,
  maxXMLDepth: 64, maxStrokes: 10_000, maxPointsPerStroke: 100_000, maxTotalPoints: 1_000_000)
