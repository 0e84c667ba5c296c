// Read bytes from an untrusted source with tight limits, and report a failure precisely.
import InkCodec

// snippet.show
var limits = DecodingLimits.default
limits.maxFileBytes = 8 << 20
limits.maxTotalPoints = 2_000_000

let untrusted: [UInt8] = Array("RIFF\u{4}\0\0\0WILL".utf8)
do {
  let document = try WillDocument(parsing: untrusted, limits: limits)
  print(document.strokes.count, "strokes")
} catch {
  // "category, part, byte offset, stroke" — enough to point at the broken byte.
  print(error.category, error.part ?? "-", error.offset ?? -1, error.description)
}

// A damaged file: every stroke shown to be intact, and what was lost.
var report = SalvageReport()
let recovered = try WillDocument(salvaging: untrusted, report: &report)
print(recovered.strokes.count, report.wasIntact)
