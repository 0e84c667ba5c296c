import Foundation
import InkCodec
import InkTestSupport
import Testing

/// docs/scale-out.md's commands, run as written over the generated samples and a tuhi
/// drawing: GNU parallel (one machine, and the many-machine form with `:` as the only host),
/// and the Dask example on a local cluster of two workers. Every output must exist and pass
/// `willdoc validate`. Locally a missing `parallel` or dask skips these; `.ci/run` installs
/// both and sets `WILLDOC_REQUIRE_CHECKERS`, which makes a missing one fail.
@Suite(.serialized) struct ScaleOutTests {
  /// The inputs: the valid samples willdoc converts, one in a subfolder, and a tuhi drawing.
  static func inputs() throws -> (TemporaryDirectory, URL, [String]) {
    let directory = try TemporaryDirectory()
    let input = directory.file("in")
    let samples = Fixtures.sampleDocuments.appendingPathComponent("valid")
    let manager = FileManager.default
    try manager.createDirectory(
      at: input.appendingPathComponent("sub"), withIntermediateDirectories: true)
    var relative: [String] = []
    for name in try manager.contentsOfDirectory(atPath: samples.path).sorted()
    where name.hasSuffix(".will") {
      let path = name == "precisions.will" ? "sub/\(name)" : name
      try manager.copyItem(
        at: samples.appendingPathComponent(name), to: input.appendingPathComponent(path))
      relative.append(path)
    }
    try Data(TuhiCommandTests.slate.utf8).write(to: input.appendingPathComponent("sub/slate.json"))
    relative.append("sub/slate.json")
    return (directory, input, relative)
  }

  /// The ```bash block after `<!-- scale-out: NAME -->` in docs/scale-out.md.
  static func guideBlock(_ name: String) throws -> String {
    let guide = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/scale-out.md"),
      encoding: .utf8)
    let marker = try #require(guide.range(of: "<!-- scale-out: \(name) -->"))
    let fence = try #require(
      guide.range(of: "```bash\n", range: marker.upperBound..<guide.endIndex))
    let end = try #require(guide.range(of: "\n```", range: fence.upperBound..<guide.endIndex))
    return String(guide[fence.upperBound..<end.lowerBound])
  }

  /// Runs `script` with bash, `willdoc` on the `PATH`, and `environment`.
  static func bash(_ script: String, environment: [String: String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-euo", "pipefail", "-c", script]
    var env = ProcessInfo.processInfo.environment
    let binaries = WillDocRunner.binary.deletingLastPathComponent().path
    env["PATH"] = binaries + ":" + (env["PATH"] ?? "/usr/bin:/bin")
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let output = try CapturedOutput()
    defer { output.close() }
    process.standardOutput = output.out
    process.standardError = output.err
    process.standardInput = FileHandle.nullDevice
    let exited = try process.runWatchingExit()
    exited.wait()
    let stdout = String(decoding: try Data(contentsOf: output.stdoutURL), as: UTF8.self)
    return (process.terminationStatus, stdout + output.stderr)
  }

  /// Every output exists and passes `willdoc validate`.
  static func expectValid(_ outputs: [URL], sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    for output in outputs {
      #expect(
        FileManager.default.fileExists(atPath: output.path), "\(output.path)",
        sourceLocation: sourceLocation)
      let result = try WillDocRunner.run(["validate", output.path])
      #expect(
        result.status == 0, "\(output.path): \(result.stdout)", sourceLocation: sourceLocation)
    }
  }

  static func uimName(_ path: String) -> String {
    (path as NSString).deletingPathExtension + ".uim"
  }

  /// The joblog's rows (without the header) and their exit values.
  static func jobs(_ log: URL) throws -> [String] {
    try String(contentsOf: log, encoding: .utf8).split(separator: "\n").dropFirst().map {
      String($0.split(separator: "\t")[6])
    }
  }

  @Test(.enabled(if: ExternalTool.isUsable("parallel"), "GNU parallel is not installed"))
  func parallelOnOneMachineConvertsEveryFileAndResumes() throws {
    let (directory, input, relative) = try Self.inputs()
    let out = directory.file("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let script = try Self.guideBlock("one machine")
    let environment = ["IN": input.path, "OUT": out.path]
    let (status, output) = try Self.bash(script, environment: environment)
    #expect(status == 0, "\(output)")
    try Self.expectValid(relative.map { out.appendingPathComponent(Self.uimName($0)) })
    let log = out.appendingPathComponent("convert.log")
    #expect(try Self.jobs(log) == Array(repeating: "0", count: relative.count))
    // The same command again: every job is in the log, so nothing runs (no output is refused).
    let (again, againOutput) = try Self.bash(script, environment: environment)
    #expect(again == 0, "\(againOutput)")
    #expect(try Self.jobs(log).count == relative.count)
  }

  @Test(.enabled(if: ExternalTool.isUsable("parallel"), "GNU parallel is not installed"))
  func parallelAcrossMachinesWithThisOneAsTheHost() throws {
    let (directory, input, relative) = try Self.inputs()
    let out = directory.file("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let (status, output) = try Self.bash(
      try Self.guideBlock("machines"),
      environment: ["IN": input.path, "OUT": out.path, "HOSTS": ":"])
    #expect(status == 0, "\(output)")
    // The outputs come back beside their inputs; the inputs stay (`:` is not cleaned up).
    try Self.expectValid(relative.map { input.appendingPathComponent(Self.uimName($0)) })
    for path in relative {
      #expect(FileManager.default.fileExists(atPath: input.appendingPathComponent(path).path))
    }
    #expect(
      try Self.jobs(out.appendingPathComponent("remote.log"))
        == Array(repeating: "0", count: relative.count))
  }

  /// Whether `Tools/dask-convert` has its environment, or is required to make one.
  static var daskIsUsable: Bool {
    let python = Fixtures.packageRoot.appendingPathComponent(".venv-dask/bin/python").path
    return FileManager.default.isExecutableFile(atPath: python) || ExternalTool.isRequired
  }

  @Test(
    .enabled(
      if: daskIsUsable,
      "dask is not installed: Tools/dask-convert --help creates .venv-dask (.ci/run does)"),
    .timeLimit(.minutes(5)))
  func daskBagConvertsEachPartitionOnALocalCluster() throws {
    let (directory, input, relative) = try Self.inputs()
    let out = directory.file("out")
    let tool = Fixtures.packageRoot.appendingPathComponent("Tools/dask-convert").path
    let (status, output) = try Self.bash(
      "\"$TOOL\" \"$IN\" \"$OUT\" --to uim --workers 2 --partition-size 4 --willdoc \"$WILLDOC\" 2>/dev/null",
      environment: [
        "TOOL": tool, "IN": input.path, "OUT": out.path, "WILLDOC": WillDocRunner.binary.path,
      ])
    #expect(status == 0, "\(output)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    let total = try #require(report["total"] as? [String: Int])
    #expect(
      total == ["inputs": relative.count, "converted": relative.count, "failed": 0, "skipped": 0])
    // 4 files a partition: ceil(count / 4) tasks.
    #expect(report["partitions"] as? Int == (relative.count + 3) / 4)
    let expected = relative.map { out.appendingPathComponent(Self.uimName($0)).path }.sorted()
    #expect(report["outputs"] as? [String] == expected)
    try Self.expectValid(expected.map { URL(fileURLWithPath: $0) })
  }
}
