import Benchmark
import Foundation
import InkCodec
import InkRender

// WillBench: the project's codec, documents and renderer against a plain C loop,
// swift-protobuf and cairo, on the same inputs in one run. Tools/bench runs it and writes
// BENCHMARKS.md.
//
//   WillBench [swift-benchmark options]     run every benchmark (e.g. --format json)
//   WillBench facts FILE.json               write the inputs' sizes and the peers' checks
//   WillBench write-inputs DIR              generate the inputs once: paths streams (read back
//                                           through $BENCH_INPUTS) and OPC documents
//   WillBench peak-memory FILE              open FILE and print its memory figures as JSON
//   WillBench profile decode|encode|fill|open   loop one workload, for perf or callgrind

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "peak-memory" {
  try PeakMemory.report(path: arguments[2])
  exit(0)
}

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../../..").standardized

if arguments.count == 3, arguments[1] == "profile", arguments[2] == "fill" {
  guard let input = RenderInput.largestSample(BenchInput.sampleDocuments(root: root)) else {
    exit(1)
  }
  // $FILL_SCALE picks the scale (2 by default).
  let scale = Double(ProcessInfo.processInfo.environment["FILL_SCALE"] ?? "") ?? 2
  let options = Workloads.renderOptions(scale: scale)
  let frame = Renderer.frame(of: input.page, options: options)
  let polygons = try Renderer.polygons(of: input.page, frame: frame, options: options)
  let size = try Renderer.renderCanvas(input.page, options: options)
  for _ in 0..<100 {
    var canvas = Canvas(width: size.width, height: size.height, background: input.page.background)
    Renderer.fill(polygons, on: &canvas)
    blackHole(canvas)
  }
  exit(0)
}

if arguments.count == 3, arguments[1] == "profile", arguments[2] == "open" {
  // 100 opens of the 1 M-point OPC document.
  let input = try BenchInput.generated(points: 1_000_000)
  for _ in 0..<100 { blackHole(try WillDocument(parsing: input.opc, limits: .unlimited)) }
  exit(0)
}

if arguments.count == 3, arguments[1] == "profile" {
  // $BENCH_POINTS picks the input (1 M by default); the loop does 200 M points' worth.
  let points = Int(ProcessInfo.processInfo.environment["BENCH_POINTS"] ?? "") ?? 1_000_000
  let input = try BenchInput.generated(points: points)
  for _ in 0..<max(1, 200_000_000 / points) {
    if arguments[2] == "encode" {
      blackHole(try PathsStream(strokes: input.strokes).serialized())
    } else {
      blackHole(try PathsStream(parsing: input.stream, limits: .unlimited).strokes)
    }
  }
  exit(0)
}

let generatedPoints = Int(ProcessInfo.processInfo.environment["BENCH_POINTS"] ?? "") ?? 10_000_000
nonisolated(unsafe) var inputs: [BenchInput] = [try BenchInput.generated(points: generatedPoints)]
let samples = BenchInput.sampleDocuments(root: root)
if let real = try BenchInput.realSamples(samples) { inputs.append(real) }
let opened1M = try BenchInput.generated(points: 1_000_000)

if arguments.count == 3, arguments[1] == "write-inputs" {
  let folder = URL(fileURLWithPath: arguments[2])
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  for input in inputs + [opened1M] {
    try Data(input.opc).write(to: folder.appendingPathComponent(input.name + ".will"))
    try Data(input.stream).write(to: folder.appendingPathComponent(input.name + ".paths"))
  }
  exit(0)
}

let suites = try Workloads.suites(
  inputs: inputs, opened1M: opened1M, largestSample: RenderInput.largestSample(samples))
if arguments.count == 3, arguments[1] == "facts" {
  try Workloads.writeFacts(to: URL(fileURLWithPath: arguments[2]))
  exit(0)
}
Benchmark.main(suites)
