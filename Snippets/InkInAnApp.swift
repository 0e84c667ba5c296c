// What a drawing app does with willdoc: pointer events become strokes, the page is saved as a
// .will file, reopened, and a stroke is erased. Builds and runs in every build profile, with
// zlib the only C library (see "Use willdoc in an app" in the README).
import Foundation
import InkCodec
import InkInput
import InkRender

// snippet.hide
/// Pointer events for a horizontal line at height `y`, 60 samples over half a second.
func pointerEvents(y: Double) -> [(InputPoint, InputPhase)] {
  (0...60).map { index in
    let time = Double(index) / 120
    let point = InputPoint(x: 20 + 400 * time, y: y, timestamp: time)
    return (point, index == 0 ? .begin : index == 60 ? .end : .move)
  }
}
let url = FileManager.default.temporaryDirectory.appendingPathComponent("snippet-app.will")
defer { try? FileManager.default.removeItem(at: url) }
// snippet.show
// 1. Build a stroke from each pen-down to pen-up, as the events arrive.
var strokes: [Stroke] = []
for y in [40.0, 80, 120] {
  var builder = PathBuilder(configuration: .init(driver: .speed(0...1500)))
  for (point, phase) in pointerEvents(y: y) {
    _ = builder.add(point: point, phase: phase)
  }
  strokes.append(builder.stroke(precision: 2, color: InkColor(red: 20, green: 40, blue: 160)))
}

// 2. Save the page as a WILL 2 package.
try WillDocument(strokes: strokes, pageWidth: 300, pageHeight: 160).write(to: url)

// 3. Reopen it, erase the stroke a tap at (100, 80) touches, and save again.
var document = try WillDocument(contentsOf: url)
let result = document.erase(
  with: .circle(x: 100, y: 80, radius: 4), inSection: 0, mode: .wholeStrokes)
try document.write(to: url)

let reopened = try WillDocument(contentsOf: url)
print("erased \(result.removedStrokes) of 3 strokes; \(reopened.strokes.count) left")
// snippet.hide
precondition(result.removedStrokes == 1 && reopened.strokes.count == 2)
