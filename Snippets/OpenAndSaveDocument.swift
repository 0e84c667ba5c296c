// Open a document of any container, walk its sections and save it losslessly.
import Foundation
import InkCodec

// snippet.hide
let page = WillDocument(
  strokes: [Stroke(points: [0, 0, 10, 10, 20, 0, 30, 10], layout: .xy)],
  pageWidth: 600, pageHeight: 800)
let directory = FileManager.default.temporaryDirectory
let input = directory.appendingPathComponent("snippet-notes.will")
try page.write(to: input)
// snippet.show
let document = try WillDocument(contentsOf: input)
for section in document.sections {
  for placed in section.pathsElements {
    print(
      section.pageSize?.description ?? "no page", placed.transform, placed.element.strokes.count)
  }
}
try document.write(to: directory.appendingPathComponent("snippet-copy.will"))
let riff = try document.serialized(container: .riff)
print(riff.count, "bytes as a RIFF file")
