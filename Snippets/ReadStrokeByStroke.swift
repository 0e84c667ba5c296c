// Go through a large document one stroke at a time, without holding its strokes.
import InkCodec

// snippet.hide
let strokes = (0..<1_000).map { index in
  Stroke(
    points: (0..<50).map {
      InkPoint(x: Double(index % 40) * 20 + Double($0), y: Double(index / 40) * 30)
    },
    widths: [1.5])
}
let bytes = try WillDocument(strokes: strokes, pageWidth: 900, pageHeight: 800).serialized()
// snippet.show
// One pass: each stroke decoded into one reused buffer, with where it is; the document's
// structure (sections, pages, properties, parts) and its validation warnings at the end.
var points = 0
var longest = 0
let (structure, warnings) = try StrokeStreams.forEachStroke(parsing: bytes) { stroke, location in
  points += stroke.pointCount
  longest = max(longest, stroke.pointCount)
  _ = location.section  // …and location.part, location.index, location.transform
}
print(structure.sections.count, "sections,", points, "points, longest", longest)
print(warnings.count, "warnings")

// Or open the streams and decode any of them as often as needed.
let file = try StrokeStreams(parsing: bytes)
var buffer = StrokeBuffer()
for element in file.elements {
  var decoder = try file.decoder(for: element.stream)
  while try decoder.next(into: &buffer) {
    // buffer.x, buffer.y, buffer.widths, buffer.colors; buffer.stroke() for a Stroke value.
  }
}
