import Foundation
import InkCodec
import Testing

/// Strings from a file never reach the terminal as control sequences; JSON keeps them exact.
@Suite struct TerminalSafetyTests {
  /// A title that would forge a line, clear the screen (8-bit CSI) and reverse what follows.
  static let title = "Forged\r\nwilldoc: error: fake\u{9B}2J \u{202E}gnp.exe\\end"
  /// An application name that would set the window title with 8-bit OSC … ST.
  static let application = "App\u{9D}0;pwned\u{9C}\u{85}\u{2066}"
  /// A file name that would set the window title with ESC ] … BEL.
  static let fileName = "evil\u{1B}]0;pwned\u{07}.will"

  /// What no output may contain raw: ESC, BEL, CR, C1 controls, bidirectional overrides.
  static func unsafeBytes(in bytes: [UInt8]) -> [String] {
    var found: [String] = []
    for (index, byte) in bytes.enumerated() {
      if byte == 0x1B || byte == 0x07 || byte == 0x0D || byte == 0x7F {
        found.append("0x" + String(byte, radix: 16) + " at \(index)")
      }
      guard index + 1 < bytes.count else { continue }
      let next = bytes[index + 1]
      if byte == 0xC2 && (0x80...0x9F).contains(next) {
        found.append("C1 U+00" + String(next, radix: 16) + " at \(index)")
      }
      if byte == 0xE2, index + 2 < bytes.count {
        let third = bytes[index + 2]
        if (next == 0x80 && (0xAA...0xAE).contains(third))
          || (next == 0x81 && (0xA6...0xA9).contains(third))
        {
          found.append("bidi at \(index)")
        }
      }
    }
    return found
  }

  private func craftedOPC(in directory: TemporaryDirectory) throws -> URL {
    var document = SyntheticDocuments.twoStrokes
    document.properties.title = Self.title
    document.properties.application = Self.application
    return try SyntheticDocuments.write(document, to: directory, name: Self.fileName)
  }

  private func craftedRIFF(in directory: TemporaryDirectory) throws -> URL {
    var document = SyntheticDocuments.twoStrokes
    document.riffChunks = [
      RIFFChunk(id: "\u{1B}[2J", data: [1, 2]), RIFFChunk(id: "\u{07}\r\u{1B}c", data: [3]),
    ]
    return try SyntheticDocuments.write(
      document, container: .riff, to: directory, name: "chunks.will")
  }

  private func expectSafe(_ result: WillDocRunner.Result, _ what: String) {
    #expect(Self.unsafeBytes(in: result.stdoutBytes).isEmpty, "\(what) stdout: \(result.stdout)")
    #expect(
      Self.unsafeBytes(in: Array(result.stderr.utf8)).isEmpty, "\(what) stderr: \(result.stderr)")
    #expect(!result.stdout.split(separator: "\n").contains { $0.hasPrefix("willdoc: error: fake") })
  }

  @Test(arguments: [
    ["inspect"], ["inspect", "-q"], ["dump"], ["dump", "--raw"], ["validate"],
    ["validate", "--all", "--strict"],
  ])
  func textOutputEscapesFileStrings(_ command: [String]) throws {
    let directory = try TemporaryDirectory()
    let opc = try craftedOPC(in: directory)
    let riff = try craftedRIFF(in: directory)
    for file in [opc, riff] {
      let result = try WillDocRunner.run(command + [file.path])
      #expect(result.status == 0, "\(command): \(result.stderr)")
      expectSafe(result, "\(command)")
      if file == opc {
        #expect(result.stdout.contains("evil\\x1b]0;pwned\\x07.will"), "\(result.stdout)")
      }
    }
  }

  @Test func inspectShowsTheEscapes() throws {
    let directory = try TemporaryDirectory()
    let opc = try craftedOPC(in: directory)
    let riff = try craftedRIFF(in: directory)
    let result = try WillDocRunner.run(["inspect", opc.path, riff.path])
    #expect(
      result.stdout.contains(
        "Forged\\r\\nwilldoc: error: fake\\x9b2J \\u{202e}gnp.exe\\\\end"), "\(result.stdout)")
    #expect(result.stdout.contains("App\\x9d0;pwned\\x9c\\x85\\u{2066}"))
    #expect(result.stdout.contains("\\x1b[2J"))
    #expect(result.stdout.contains("\\x07\\r\\x1bc"))
  }

  @Test func errorLinesEscapeFileStrings() throws {
    let directory = try TemporaryDirectory()
    let missing = directory.file("gone\u{1B}[2J\r.will")
    for command in ["inspect", "dump", "validate"] {
      let result = try WillDocRunner.run([command, missing.path])
      #expect(result.status == 2)
      expectSafe(result, command)
      #expect(result.stderr.contains("gone\\x1b[2J\\r.will"), "\(result.stderr)")
    }
    let bad = directory.file("bad\u{9B}31m.will")
    try Data("not a document".utf8).write(to: bad)
    let result = try WillDocRunner.run(["validate", bad.path])
    expectSafe(result, "validate")
    #expect(result.stderr.contains("bad\\x9b31m.will"))
  }

  @Test func reportsOfWritingCommandsEscapeNames() throws {
    let directory = try TemporaryDirectory()
    let opc = try craftedOPC(in: directory)
    let output = directory.file("out\u{1B}[2J.will").path
    for arguments in [
      ["reencode", opc.path, "-o", output],
      ["salvage", opc.path, "-o", output, "--force"],
      ["render", opc.path, "-o", output + ".svg"],
      ["synth", "--strokes", "2", "-o", output, "--force"],
    ] {
      let result = try WillDocRunner.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      expectSafe(result, "\(arguments)")
    }
  }

  /// JSON carries the exact strings, escaped the JSON way, and is itself safe to display.
  @Test func jsonKeepsTheExactStrings() throws {
    let directory = try TemporaryDirectory()
    let opc = try craftedOPC(in: directory)
    let dump = try WillDocRunner.run(["dump", "--format", "json", opc.path])
    #expect(dump.status == 0)
    #expect(Self.unsafeBytes(in: dump.stdoutBytes).isEmpty)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(dump.stdoutBytes)) as? [String: Any])
    let properties = try #require(json["properties"] as? [String: Any])
    #expect(properties["title"] as? String == Self.title)
    #expect(properties["application"] as? String == Self.application)
    #expect((json["file"] as? [String: Any])?["name"] as? String == opc.path)

    let validate = try WillDocRunner.run(["validate", "--format", "json", opc.path])
    #expect(Self.unsafeBytes(in: validate.stdoutBytes).isEmpty)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(validate.stdoutBytes)) as? [String: Any])
    let files = try #require(report["files"] as? [[String: Any]])
    #expect(files.first?["name"] as? String == opc.path)
  }
}
