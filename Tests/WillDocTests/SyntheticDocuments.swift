import Foundation
import InkCodec

/// Small documents built in the test, so the CLI is exercised without any external file.
enum SyntheticDocuments {
  /// Two strokes on a 200×100 page: one with per-point widths, one with a constant width.
  static var twoStrokes: WillDocument {
    let first = Stroke(
      points: [10, 10, 2.5, 20, 15, 2.5, 30, 30, 3.0, 40, 30, 3.0], layout: .xyWidth,
      color: InkColor(red: 0, green: 0, blue: 200))
    var second = Stroke(
      points: [50, 50, 60, 55, 70, 52, 80, 60, 90, 70], layout: .xy, width: 1.5,
      color: InkColor(red: 255, green: 0, blue: 0, alpha: 128))
    second.startParameter = 0.25
    second.endParameter = 0.75
    var document = WillDocument(strokes: [first, second], pageWidth: 200, pageHeight: 100)
    document.properties.application = "willdoc tests"
    document.properties.appVersion = "1.0"
    document.properties.title = "Two strokes"
    return document
  }

  /// Writes `document` in `container` to `name` inside `directory`.
  static func write(
    _ document: WillDocument, container: ContainerKind = .opc, to directory: TemporaryDirectory,
    name: String
  ) throws -> URL {
    let url = directory.file(name)
    try Data(document.serialized(container: container)).write(to: url)
    return url
  }
}
