import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// `convert --container`: WILL 2 output in the container asked for, and a RIFF file that
/// went through UIM comes back as RIFF.
struct ConvertContainerTests {
  static let riffSample = Fixtures.sampleDocuments.appendingPathComponent(
    "valid/handwriting-riff.will")

  /// WILL → UIM → WILL with the default container and with `--container riff`: the
  /// strokes as they were, and the bytes too (one `HEAD` 1.0.0 and `INK ` chunks).
  static func roundTrip(_ original: URL, in directory: TemporaryDirectory) throws {
    let uim = directory.file("through.uim").path
    let there = try WillDocRunner.run(["convert", original.path, "-o", uim, "--force"])
    #expect(there.status == 0, "\(there.stderr)")
    #expect(!there.stdout.contains("container"), "\(there.stdout)")
    let expected = try Fixtures.bytes(of: original)
    let strokes = try WillDocument(parsing: expected).strokes
    for arguments in [[], ["--container", "riff"]] {
      let back = directory.file("back.will").path
      let result = try WillDocRunner.run(["convert", uim, "-o", back, "--force"] + arguments)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("output   \(back) will riff "), "\(result.stdout)")
      let bytes = try Fixtures.bytes(of: URL(fileURLWithPath: back))
      #expect(ContainerKind(sniffing: bytes) == .riff)
      #expect(try WillDocument(parsing: bytes).strokes == strokes, "\(original.lastPathComponent)")
      #expect(bytes == expected, "\(original.lastPathComponent) \(arguments)")
    }
  }

  @Test func aRIFFSampleComesBackFromUIMAsTheSameBytes() throws {
    try Self.roundTrip(Self.riffSample, in: TemporaryDirectory())
  }

  @Test(.enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"))
  func everyRealRIFFFileComesBackFromUIMAsTheSameBytes() throws {
    ExternalSamples.expectEverySample()
    let directory = try TemporaryDirectory()
    let riff = ExternalSamples.streamNames.filter { $0.hasSuffix(".will") }
    for name in riff {
      try Self.roundTrip(
        try #require(ExternalSamples.directory).appendingPathComponent(name), in: directory)
    }
  }

  @Test func severalInkChunksComeBackOneEach() throws {
    let directory = try TemporaryDirectory()
    let strokes = SyntheticDocuments.twoStrokes.strokes
    let file = WillDataFile(chunks: [
      RIFFChunk(id: "HEAD", data: WillDataFile.currentVersion),
      RIFFChunk(id: "INK ", data: try PathsStream(strokes: [strokes[0]]).serialized()),
      RIFFChunk(id: "INK ", data: try PathsStream(strokes: [strokes[1]]).serialized()),
    ])
    let original = directory.file("two-chunks.will")
    try Data(file.serialized()).write(to: original)
    try Self.roundTrip(original, in: directory)
  }

  @Test func anotherHeadVersionIsListedAsDropped() throws {
    let directory = try TemporaryDirectory()
    let file = WillDataFile(chunks: [
      RIFFChunk(id: "HEAD", data: [2, 1, 0]),
      RIFFChunk(
        id: "INK ",
        data: try PathsStream(strokes: SyntheticDocuments.twoStrokes.strokes)
          .serialized()),
    ])
    let original = directory.file("head.will")
    try Data(file.serialized()).write(to: original)
    let result = try WillDocRunner.run([
      "convert", original.path, "-o", directory.file("head.uim").path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "dropped  the RIFF HEAD chunk (version 2.1.0, 3 bytes; RIFF back from UIM gets 1.0.0)\n"),
      "\(result.stdout)")
  }

  @Test(arguments: [
    ("package", ContainerKind.opc), ("opc", .opc), ("riff", .riff), ("raw", .raw),
  ])
  func eachContainerIsWritten(value: String, kind: ContainerKind) throws {
    let directory = try TemporaryDirectory()
    let strokes = try WillDocument(contentsOf: Self.riffSample).strokes
    let uim = directory.file("a.uim").path
    #expect(try WillDocRunner.run(["convert", Self.riffSample.path, "-o", uim]).status == 0)
    // From UIM, and from WILL 2 (a RIFF file rewritten in another container).
    for input in [uim, Self.riffSample.path] {
      let out = directory.file("out.will").path
      let result = try WillDocRunner.run([
        "convert", input, "-o", out, "--container", value, "--force",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stdout.contains("output   \(out) will \(kind.rawValue) "), "\(result.stdout)")
      let bytes = try Fixtures.bytes(of: URL(fileURLWithPath: out))
      #expect(ContainerKind(sniffing: bytes) == kind)
      #expect(try WillDocument(parsing: bytes).strokes == strokes)
    }
    // In a batch too.
    let folder = directory.file("batch").path
    let batch = try WillDocRunner.run([
      "convert", uim, "-d", folder, "--to", "will", "--container", value,
    ])
    #expect(batch.status == 0, "\(batch.stderr)")
    let written = try Fixtures.bytes(of: directory.file("batch/a.will"))
    #expect(ContainerKind(sniffing: written) == kind)
  }

  @Test func aUIMFromAPackageComesBackAsAPackage() throws {
    let directory = try TemporaryDirectory()
    let input = Fixtures.sampleDocuments.appendingPathComponent("valid/handwriting-opc.will")
    let uim = directory.file("a.uim").path
    #expect(try WillDocRunner.run(["convert", input.path, "-o", uim]).status == 0)
    let back = directory.file("b.will").path
    let result = try WillDocRunner.run(["convert", uim, "-o", back])
    #expect(result.stdout.contains("will opc "), "\(result.stdout)")
    #expect(ContainerKind(sniffing: try Fixtures.bytes(of: URL(fileURLWithPath: back))) == .opc)
  }

  @Test(arguments: [
    ["--container", "zip"], ["--container", "riff", "--to", "uim"],
    ["--container", "raw", "--to", "inkml"],
  ])
  func aBadContainerIsAUsageError(arguments: [String]) throws {
    let directory = try TemporaryDirectory()
    let out = directory.file(arguments.contains("--to") ? "out.x" : "out.will").path
    let result = try WillDocRunner.run(["convert", Self.riffSample.path, "-o", out] + arguments)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("--container"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }
}
