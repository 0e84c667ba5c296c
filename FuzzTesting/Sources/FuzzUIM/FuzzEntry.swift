import InkCodec

/// Any bytes after a RIFF UINK header: a UIM document or a typed error. Whatever reads writes
/// back to a file that reads as the same document, and converts to WILL 2 and back to UIM
/// without trapping; salvage keeps what writes and reads back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUIM(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // Salvage never traps, and what it keeps writes and reads back.
  var report = UIMSalvageReport()
  if let salvaged = try? UIMDocument(salvaging: bytes, limits: fuzzLimits, report: &report),
    let saved = try? salvaged.serialized()
  {
    precondition(
      try! UIMDocument(parsing: saved, limits: .unlimited).inkData.strokes.count
        == salvaged.inkData.strokes.count)
  }
  guard let document = try? UIMDocument(parsing: bytes, limits: fuzzLimits) else { return 0 }
  _ = document.validate()
  // A value that does not fit the fixed point it claims is refused, not trapped on.
  guard let saved = try? document.serialized() else { return 0 }
  let reread = try! UIMDocument(parsing: saved, limits: .unlimited)
  precondition(reread.inkData.strokes.count == document.inkData.strokes.count)
  precondition(reread.structure == document.upgradedFromVersion300().structure)
  var losses = ConversionLosses()
  if let will = try? WillDocument(converting: document, losses: &losses) {
    _ = try? UIMDocument(converting: will).serialized()
  }
  return 0
}

let fuzzLimits = DecodingLimits(
  maxFileBytes: 1 << 20, maxPartBytes: 4 << 20, maxTotalBytes: 8 << 20, maxStrokes: 10_000,
  maxPointsPerStroke: 100_000, maxTotalPoints: 1_000_000)
