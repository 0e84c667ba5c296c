import Benchmark
import Foundation
import InkCodec
import InkRender

/// The workloads, registered as swift-benchmark suites named `workload/input/peer`, and the
/// facts Tools/bench needs to turn times into rates: how many values, bytes, pixels and strokes
/// each benchmark processes, and whether the peers agreed.
enum Workloads {
  nonisolated(unsafe) static var facts: [String: [String: Double]] = [:]
  nonisolated(unsafe) static var checks: [String: String] = [:]

  struct Disagreement: Error, CustomStringConvertible {
    var description: String
  }

  static func suites(
    inputs: [BenchInput], opened1M: BenchInput, largestSample: RenderInput?
  ) throws -> [BenchmarkSuite] {
    var suites: [BenchmarkSuite] = []
    for input in inputs {
      suites.append(try codecSuite(input))
      suites.append(documentSuite(input))
    }
    suites.append(documentSuite(opened1M, only: ["open-opc"]))
    // Rendering draws the 1 M-point page, the real samples together on one page, and the
    // largest real sample on its own page: 10 M points on one page only saturate it with ink,
    // and each render would take seconds.
    var pages = [opened1M].map(RenderInput.init(onSquarePage:))
    pages += inputs.filter { !$0.name.hasPrefix("generated") }.map(RenderInput.init(onSquarePage:))
    if let largestSample { pages.append(largestSample) }
    for page in pages { suites.append(try renderSuite(page)) }
    return suites
  }

  // MARK: Decode and encode

  static func codecSuite(_ input: BenchInput) throws -> BenchmarkSuite {
    let stream = input.stream
    let strokes = input.strokes
    let units = ["values": Double(input.valueCount), "bytes": Double(stream.count)]

    // The peers must read the same numbers before any time is worth comparing.
    let ours = try Peers.willdocDecode(stream).checksum
    let buffered = try Peers.willdocBufferDecode(stream)
    let proto = try Peers.protobufDecode(stream).checksum
    let buffers = Peers.CBuffers(points: input.pointCount, widths: input.valueCount)
    let c = try Peers.cDecode(stream, into: buffers)
    guard ours == proto, ours == c, ours == buffered else {
      throw Disagreement(
        description: "\(input.name): decoders disagree: \(ours) \(buffered) \(proto) \(c)")
    }
    checks["decode/\(input.name)"] =
      "every decoder returns the same \(input.valueCount) values (sum \(ours))"
    let cStrokes = Peers.CStrokes(strokes)
    let encoded = (
      try PathsStream(strokes: strokes).serialized(), try Peers.protobufEncode(strokes),
      Peers.cEncode(cStrokes, capacity: stream.count + 64)
    )
    checks["encode/\(input.name)"] =
      "willdoc re-encodes the stream byte for byte: \(encoded.0 == stream); "
      + "swift-protobuf's bytes equal: \(encoded.1 == stream); C's bytes equal: \(encoded.2 == stream)"

    return BenchmarkSuite(name: "codec/\(input.name)") { suite in
      for peer in ["willdoc", "swift-protobuf", "c"] {
        facts["decode/\(input.name)/\(peer)"] = units
        facts["encode/\(input.name)/\(peer)"] = units
      }
      facts["decode/\(input.name)/willdoc-buffer"] = units
      suite.benchmark("decode/\(input.name)/willdoc") {
        blackHole(try Peers.willdocDecode(stream))
      }
      // Stroke by stroke into one reused buffer, as validation and the C loop decode.
      suite.benchmark("decode/\(input.name)/willdoc-buffer") {
        blackHole(try Peers.willdocBufferDecode(stream))
      }
      suite.benchmark("decode/\(input.name)/swift-protobuf") {
        blackHole(try Peers.protobufDecode(stream))
      }
      suite.benchmark("decode/\(input.name)/c") {
        blackHole(try Peers.cDecode(stream, into: buffers))
      }
      suite.benchmark("encode/\(input.name)/willdoc") {
        blackHole(try PathsStream(strokes: strokes).serialized())
      }
      suite.benchmark("encode/\(input.name)/swift-protobuf") {
        blackHole(try Peers.protobufEncode(strokes))
      }
      suite.benchmark("encode/\(input.name)/c") {
        blackHole(Peers.cEncode(cStrokes, capacity: stream.count + 64))
      }
    }
  }

  // MARK: Documents

  static func documentSuite(_ input: BenchInput, only: Set<String>? = nil) -> BenchmarkSuite {
    let opc = input.opc
    let riff = input.riff
    let points = Double(input.pointCount)
    return BenchmarkSuite(name: "documents/\(input.name)") { suite in
      func add(_ workload: String, bytes: Int, _ body: @escaping () throws -> Void) {
        guard only?.contains(workload) ?? true else { return }
        facts["\(workload)/\(input.name)/willdoc"] = ["points": points, "bytes": Double(bytes)]
        suite.benchmark("\(workload)/\(input.name)/willdoc", function: body)
      }
      // The default limits stop at 5 M points; the benchmarks measure speed beyond them.
      add("open-opc", bytes: opc.count) {
        blackHole(try WillDocument(parsing: opc, limits: .unlimited))
      }
      add("open-riff", bytes: riff.count) {
        blackHole(try WillDocument(parsing: riff, limits: .unlimited))
      }
      // What `willdoc validate` does: one pass, stroke by stroke.
      add("validate", bytes: opc.count) {
        blackHole(try StrokeStreams.validate(parsing: opc, limits: .unlimited))
      }
    }
  }

  // MARK: Rendering

  /// Rendering at `scale` with the work budget out of the way: the benchmark measures speed,
  /// and the 1 M-point page at scale 2 costs more than the default budget allows.
  static func renderOptions(scale: Double) -> RenderOptions {
    RenderOptions(scale: scale, limits: RenderLimits(maxWork: 1 << 40, maxCanvasPixels: 1 << 28))
  }

  static func renderSuite(_ input: RenderInput) throws -> BenchmarkSuite {
    let page = input.page
    var prepared: [(scale: Int, polygons: [Renderer.StrokePolygons], width: Int, height: Int)] = []
    for scale in [1, 2] {
      let options = renderOptions(scale: Double(scale))
      let frame = Renderer.frame(of: page, options: options)
      let polygons = try Renderer.polygons(of: page, frame: frame, options: options)
      let canvas = try Renderer.renderCanvas(page, options: options)
      prepared.append((scale, polygons, canvas.width, canvas.height))
      var filled = Canvas(width: canvas.width, height: canvas.height, background: page.background)
      Renderer.fill(polygons, on: &filled)
      let cairo = CairoPeer.fill(
        polygons, width: canvas.width, height: canvas.height, background: page.background)
      let difference = CairoPeer.difference(filled, cairo)
      checks["fill-\(scale)x/\(input.name)"] =
        "InkRender and cairo fill the same \(polygons.count) outlines on \(canvas.width)×\(canvas.height) px; "
        + "pixels differ by at most \(difference.max)/255 (mean \(String(format: "%.3f", difference.mean)))"
    }
    return BenchmarkSuite(name: "render/\(input.name)") { suite in
      for (scale, polygons, width, height) in prepared {
        let units = [
          "pixels": Double(width * height), "strokes": Double(polygons.count),
          "points": Double(input.pointCount),
        ]
        for peer in ["willdoc", "cairo"] { facts["fill-\(scale)x/\(input.name)/\(peer)"] = units }
        facts["render-\(scale)x/\(input.name)/willdoc"] = units
        suite.benchmark("fill-\(scale)x/\(input.name)/willdoc") {
          var canvas = Canvas(width: width, height: height, background: page.background)
          Renderer.fill(polygons, on: &canvas)
          blackHole(canvas)
        }
        suite.benchmark("fill-\(scale)x/\(input.name)/cairo") {
          blackHole(
            CairoPeer.fill(
              polygons, width: width, height: height, background: page.background,
              copyingPixels: false))
        }
        suite.benchmark("render-\(scale)x/\(input.name)/willdoc") {
          blackHole(try! Renderer.renderCanvas(page, options: renderOptions(scale: Double(scale))))
        }
      }
    }
  }

  static func writeFacts(to url: URL) throws {
    let object: [String: Any] = ["units": facts, "checks": checks]
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
    try data.write(to: url)
  }
}
