// Convert a WILL 2 document to the Universal Ink Model and back, and export InkML.
import InkCodec

// snippet.hide
let note = WillDocument(
  strokes: [Stroke(points: [0, 0, 2, 10, 10, 2.5, 20, 0, 3, 30, 10, 2], layout: .xyWidth)],
  pageWidth: 600, pageHeight: 800)
// snippet.show
let uim = try UIMDocument(converting: note)  // lossless: integers, pages, blend modes kept
let bytes = try uim.serialized()  // UIM 3.1.0, readable by Wacom's SDKs
let read = try UIMDocument(parsing: bytes)
for stroke in read.inkData.strokes {
  print(stroke.id ?? "-", stroke.pointCount, stroke.storedChannels.map(\.name))
}
var losses = ConversionLosses()
let back = try WillDocument(converting: read, losses: &losses)
precondition(back.strokes == note.strokes && losses.isLossless)
let inkML = try InkMLDocument(converting: note).serialized()
print(bytes.count, "bytes of UIM,", inkML.count, "bytes of InkML")
