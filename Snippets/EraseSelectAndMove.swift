// Erase part of a stroke, lasso-select and move strokes, and save, as the WILL SDK's erasing
// and selecting tutorials do.
import Foundation
import InkCodec
import InkRender

// snippet.hide
let strokes = [20.0, 50, 80].map { y in
  Stroke(points: [10, y, 10, y, 90, y, 90, y], layout: .xy, width: 2)
}
let directory = FileManager.default.temporaryDirectory
let url = directory.appendingPathComponent("snippet-edit.will")
try WillDocument(strokes: strokes, pageWidth: 100, pageHeight: 100).write(to: url)
let pointerPath = [InkPoint(x: 50, y: 0), InkPoint(x: 50, y: 100)]
let lassoPoints = [
  InkPoint(x: 0, y: 0), InkPoint(x: 40, y: 0), InkPoint(x: 40, y: 60),
  InkPoint(x: 0, y: 60),
]
// snippet.show
var document = try WillDocument(contentsOf: url)

// Erase the ink under a 6-unit round eraser dragged along the pointer's path: each stroke it
// crosses becomes the pieces outside it, with ts/tf trimmed.
let erased = document.erase(with: .sweep(along: pointerPath, width: 6), inSection: 0)
print("split \(erased.splitStrokes) strokes into \(erased.pieces) pieces")

// Select what a lasso encloses, splitting strokes at its edge, and move it 10 units right.
let selected = document.sections[0].select(.polygon(lassoPoints), partial: .split)
document.sections[0].transformStrokes(at: selected, by: .translation(x: 10, y: 0))

// A tap hit-tests the ink; delete what it hits.
let hit = document.sections[0].strokes(touching: .circle(x: 75, y: 80, radius: 2))
document.sections[0].removeStrokes(at: hit)

try document.write(to: url)
