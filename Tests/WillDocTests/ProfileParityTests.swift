import Foundation
import InkTestSupport
import Testing

/// The other build profile's `willdoc` (`--disable-default-traits --traits Libzip,LibXML2`:
/// zip through libzip, XML through FoundationXML, no libjpeg-turbo), named by
/// `WILLDOC_OTHER_PROFILE_BINARY`, beside the default one (InkCodec's own zip and XML code):
/// it prints the same dump of every real and generated file, writes the same bytes, and
/// refuses every hostile file the same way.
@Suite(
  .enabled(
    if: BudgetedRun.otherProfileBinary != nil,
    "set WILLDOC_OTHER_PROFILE_BINARY to a willdoc built with --disable-default-traits --traits Libzip,LibXML2, as .ci/run does"
  ))
struct ProfileParityTests {
  static let other = BudgetedRun.otherProfileBinary

  /// The default profile's binary: the optimised one when the test command built it.
  static let standard = BudgetedRun.binary

  /// The libraries the default profile must not link, by the start of their file names: what
  /// only the opt-in traits need, whose loading would double a process's start-up.
  static let notInTheDefault = ["libzip", "libcrypto", "libbz2", "libxml2", "libicu"]

  /// Every real WILL and UIM sample and every generated valid document, by path.
  static let documents: [String] = {
    let will = ExternalSamples.names.compactMap {
      ExternalSamples.directory?.appendingPathComponent($0).path
    }
    let uim = UIMSamples.names.map { UIMSamples.url($0).path }
    let valid = SampleDocumentsTests.files("valid").map {
      Fixtures.sampleDocuments.appendingPathComponent("valid/\($0)").path
    }
    return will + uim + valid
  }()

  /// The shared libraries `ldd` lists for a binary.
  static func linkedLibraries(_ binary: URL) throws -> [String] {
    let ldd = String(decoding: try ExternalTool.run("ldd", [binary.path]), as: UTF8.self)
    return ldd.split(separator: "\n").compactMap {
      $0.split(whereSeparator: \.isWhitespace).first.map(String.init)
    }
  }

  @Test func theDefaultBinaryLinksNeitherLibzipNorLibxml2() throws {
    let linked = try Self.linkedLibraries(Self.standard)
    for name in Self.notInTheDefault {
      #expect(!linked.contains { $0.hasPrefix(name) }, "\(Self.standard.path) links \(linked)")
    }
    // The check sees what it looks for: the other binary links libzip and libxml2, and no
    // libjpeg.
    let otherLinked = try Self.linkedLibraries(try #require(Self.other))
    #expect(otherLinked.contains { $0.hasPrefix("libzip") }, "\(otherLinked)")
    #expect(otherLinked.contains { $0.hasPrefix("libxml2") }, "\(otherLinked)")
    #expect(!otherLinked.contains { $0.hasPrefix("libjpeg") }, "\(otherLinked)")
  }

  @Test func everyDocumentIsThere() {
    ExternalSamples.expectEverySample()
    #expect(UIMSamples.names.count == UIMSamples.expectedCount)
    #expect(Self.documents.count >= ExternalSamples.expectedCount + UIMSamples.expectedCount)
  }

  @Test(arguments: documents)
  func theSameDump(_ path: String) throws {
    let otherBinary = try #require(Self.other)
    let name = URL(fileURLWithPath: path).lastPathComponent
    for arguments in [["dump", "--format", "json", path], ["validate", path]] {
      let standard = try WillDocRunner.run(arguments, binary: Self.standard)
      let other = try WillDocRunner.run(arguments, binary: otherBinary)
      #expect(other.status == standard.status, "\(arguments[0]) \(name): \(other.stderr)")
      #expect(other.stdoutBytes == standard.stdoutBytes, "\(arguments[0]) \(name)")
    }
  }

  /// Packages, UIM and InkML written by the other binary are the default binary's bytes,
  /// and the oracle reads the packages.
  @Test(arguments: documents)
  func theSameWrittenBytes(_ path: String) throws {
    let otherBinary = try #require(Self.other)
    let name = URL(fileURLWithPath: path).lastPathComponent
    let scratch = try TemporaryDirectory()
    for format in ["will", "uim", "inkml"] {
      let standardOutput = scratch.file("standard.\(format)")
      let otherOutput = scratch.file("other.\(format)")
      let standard = try WillDocRunner.run(
        ["convert", path, "-o", standardOutput.path], binary: Self.standard)
      let other = try WillDocRunner.run(
        ["convert", path, "-o", otherOutput.path], binary: otherBinary)
      #expect(other.status == standard.status, "\(name) → \(format): \(other.stderr)")
      guard standard.status == 0 else { continue }
      #expect(
        try Fixtures.bytes(of: otherOutput) == Fixtures.bytes(of: standardOutput),
        "\(name) → \(format)")
      if format == "will" && Oracle.isAvailable {
        _ = try Oracle.read(otherOutput)  // fails the test unless the oracle reads it
      }
    }
  }

  /// Every hostile file: the same exit status and the same kind of error.
  @Test(arguments: SampleDocumentsTests.files("invalid"))
  func theSameRefusals(_ name: String) throws {
    let otherBinary = try #require(Self.other)
    let directory = Fixtures.sampleDocuments.appendingPathComponent("invalid")
    for command in [["validate"], ["inspect", "-q"]] {
      let standard = try WillDocRunner.run(command + [name], in: directory, binary: Self.standard)
      let other = try WillDocRunner.run(command + [name], in: directory, binary: otherBinary)
      #expect(other.status == standard.status, "\(command[0]) \(name): \(other.stderr)")
      #expect(
        Self.errorKind(other.stderr) == Self.errorKind(standard.stderr),
        "\(command[0]) \(name):\n\(standard.stderr)\n\(other.stderr)")
    }
  }

  /// The words of a `willdoc: error:` line before its first number or quotation: the kind of
  /// fault, without the details a backend words its own way.
  static func errorKind(_ stderr: String) -> String? {
    guard let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix("willdoc: error:") })
    else { return nil }
    return String(line.prefix { !$0.isNumber && $0 != "\"" && $0 != "(" })
  }
}
