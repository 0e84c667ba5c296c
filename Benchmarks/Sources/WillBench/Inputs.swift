import Foundation
import InkCodec
import InkRender

/// One input of the benchmarks: strokes, their paths stream, and the documents holding them.
struct BenchInput {
  var name: String
  var strokes: [Stroke]
  var stream: [UInt8]
  var opc: [UInt8]
  var riff: [UInt8]
  var pointCount: Int { strokes.reduce(0) { $0 + $1.pointCount } }
  /// Values a decoder produces: x and y per point, and every stored width.
  var valueCount: Int { strokes.reduce(0) { $0 + 2 * $1.pointCount + $1.widths.count } }

  init(name: String, strokes: [Stroke]) throws {
    self.name = name
    self.strokes = strokes
    stream = try PathsStream(strokes: strokes).serialized()
    var document = WillDocument(strokes: strokes, pageWidth: 2000, pageHeight: 2000)
    document.properties.application = "willdoc benchmarks"
    opc = try document.serialized(container: .opc)
    riff = try document.serialized(container: .riff)
  }

  /// The project's generated input: `points` control points from
  /// ``benchmarkStrokes(seed:pointCount:)``.
  /// Generating 10 M points takes a while, so `Tools/bench` generates once (`prepare`) and the
  /// later steps read the paths stream back from `$BENCH_INPUTS` when it is set.
  static func generated(points: Int) throws -> BenchInput {
    let name = "generated-\(points / 1_000_000)M"
    if let folder = ProcessInfo.processInfo.environment["BENCH_INPUTS"] {
      let url = URL(fileURLWithPath: folder).appendingPathComponent(name + ".paths")
      if let data = try? Data(contentsOf: url) {
        return try BenchInput(
          name: name, strokes: PathsStream(parsing: [UInt8](data), limits: .unlimited).strokes)
      }
    }
    return try BenchInput(
      name: name, strokes: benchmarkStrokes(seed: 2015, pointCount: points))
  }

  /// Every real sample that opens, by file name in order, from `$WILL_SAMPLES` or
  /// `../shared/will-samples` beside the repository; empty when the folder is absent.
  static func sampleDocuments(root: URL) -> [(name: String, document: WillDocument)] {
    let folder =
      ProcessInfo.processInfo.environment["WILL_SAMPLES"].map { URL(fileURLWithPath: $0) }
      ?? root.appendingPathComponent("../shared/will-samples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().compactMap { name in
      guard name.hasSuffix(".will") || name.hasSuffix(".bin"),
        let document = try? WillDocument(contentsOf: folder.appendingPathComponent(name))
      else { return nil }
      return (name, document)
    }
  }

  /// Every real sample's strokes, concatenated; `nil` without samples.
  static func realSamples(_ samples: [(name: String, document: WillDocument)]) throws
    -> BenchInput?
  {
    let strokes = samples.flatMap(\.document.strokes)
    return strokes.isEmpty ? nil : try BenchInput(name: "real-samples", strokes: strokes)
  }
}

/// One page to render: strokes with their page size, background and transforms.
struct RenderInput {
  var name: String
  var page: RenderPage
  var pointCount: Int

  /// `input`'s strokes on a white 2000 × 2000 page (the inputs have no page of their own).
  init(onSquarePage input: BenchInput) {
    name = input.name
    page = RenderPage(
      width: 2000, height: 2000, background: InkColor(red: 255, green: 255, blue: 255),
      layers: [RenderLayer(strokes: input.strokes)])
    pointCount = input.pointCount
  }

  /// The OPC sample with the most points, on its own first section's page: the document
  /// issue 5's target is set on (render it at scale 2 in well under 100 ms).
  static func largestSample(_ samples: [(name: String, document: WillDocument)]) -> RenderInput? {
    var largest: (points: Int, section: Section)?
    for (name, document) in samples where name.hasSuffix(".will") {
      guard let section = document.sections.first else { continue }
      let points = section.strokes.reduce(0) { $0 + $1.pointCount }
      if points > largest?.points ?? 0 { largest = (points, section) }
    }
    guard let largest else { return nil }
    return RenderInput(
      name: "largest-sample", page: RenderPage(section: largest.section),
      pointCount: largest.points)
  }

  init(name: String, page: RenderPage, pointCount: Int) {
    self.name = name
    self.page = page
    self.pointCount = pointCount
  }
}
