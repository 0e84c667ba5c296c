// Take pages out of a notebook, turn one that was scanned sideways, and join notebooks.
import Foundation
import InkCodec

// snippet.hide
func page(_ x: Double) -> WillDocument {
  WillDocument(
    strokes: [Stroke(points: [x, 10, x + 10, 20, x + 20, 10, x + 30, 20], layout: .xy, width: 2)],
    pageWidth: 600, pageHeight: 800)
}
let notebook = try WillDocument(merging: [page(10), page(20), page(30)])
let directory = FileManager.default.temporaryDirectory
// snippet.show
var excerpt = notebook.keepingSections([2, 0])  // the third page, then the first
try excerpt.sections[0].rotate(.clockwise90)  // a <g transform>: stroke bytes unchanged
excerpt.sections[1].background = InkColor(red: 255, green: 250, blue: 220)
excerpt.reorderSections([1, 0])
let joined = try WillDocument(merging: [excerpt, notebook])  // clashing part names renamed
let url = directory.appendingPathComponent("snippet-pages.will")
try joined.write(to: url)
for section in try WillDocument(contentsOf: url).sections {
  print(section.partName ?? "-", section.pageSize?.description ?? "no page", section.strokes.count)
}
