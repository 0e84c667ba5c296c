import InkCodec

/// Any bytes through salvage, under small limits: it never traps, it throws only
/// `not-a-will-file`, no salvaged stroke is empty, and whatever it recovers saves in the
/// input's container and reads back with the same strokes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSalvage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let document: WillDocument
  var report = SalvageReport()
  do throws(WillError) {
    document = try WillDocument(salvaging: bytes, limits: fuzzLimits, report: &report)
  } catch {
    precondition(error.kind == .notAWillFile, "salvage threw \(error)")
    return 0
  }
  precondition(report.recoveredStrokes == document.strokes.count, "the report miscounts")
  precondition(document.container == report.container, "the container changed")
  if !report.wasIntact {
    precondition(document.strokes.allSatisfy { $0.pointCount > 0 }, "an empty stroke")
  }
  let saved = try! document.serialized()
  let reread = try! WillDocument(parsing: saved, limits: .unlimited)
  precondition(reread.strokes == document.strokes, "save changed the salvaged strokes")
  return 0
}

let fuzzLimits = DecodingLimits(
  maxFileBytes: 1 << 20, maxPartBytes: 4 << 20, maxTotalBytes: 8 << 20, maxParts: 200,
  maxXMLDepth: 64, maxStrokes: 10_000, maxPointsPerStroke: 100_000, maxTotalPoints: 1_000_000)
