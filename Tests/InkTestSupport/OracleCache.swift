import Foundation
import InkCodec

/// The oracle's answers kept on disk, so that a file read in many tests, or by both build
/// profiles' test runs, starts Python once: each run costs half a second of CPU, most of it
/// the interpreter and Wacom's library loading.
///
/// An answer is found by the oracle's own code, the arguments, and each file argument's name
/// and bytes: a changed file or a changed oracle is a new key. The answers live in
/// `.build/oracle-cache/`, written whole by a rename, so test runs side by side share them.
enum OracleCache {
  static let directory = Fixtures.packageRoot.appendingPathComponent(".build/oracle-cache")

  /// What the oracle's answer depends on besides the arguments: its scripts and pinned library.
  private static let oracleVersion: [UInt8] = {
    let root = Fixtures.packageRoot
    let oracle =
      ProcessInfo.processInfo.environment["WILL_ORACLE"].map { URL(fileURLWithPath: $0) }
      ?? root.appendingPathComponent("../shared/tools/oracle")
    let sources = [
      root.appendingPathComponent("Tools/oracle"),
      root.appendingPathComponent("Tools/inkml-oracle.py"),
      oracle.appendingPathComponent("will_oracle.py"),
      oracle.appendingPathComponent("requirements.txt"),
    ]
    return sources.flatMap { (try? [UInt8](Data(contentsOf: $0))) ?? [] }
  }()

  /// The file name for `arguments`' answer: two independent checksums of everything the
  /// answer depends on, with file arguments standing for their name and contents.
  static func key(_ arguments: [String]) throws -> String {
    var input = oracleVersion
    for argument in arguments {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        let name = URL(fileURLWithPath: argument).lastPathComponent
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: argument)))
        input += Array("\u{0}file \(name) \(bytes.count)\u{0}".utf8) + bytes
      } else {
        input += Array("\u{0}argument \(argument)\u{0}".utf8)
      }
    }
    let fnv = input.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    return String(fnv, radix: 16) + "-" + String(CRC32.checksum(input), radix: 16) + "-"
      + String(input.count)
  }

  static func answer(for key: String) -> Data? {
    try? Data(contentsOf: directory.appendingPathComponent(key))
  }

  static func keep(_ answer: Data, for key: String) {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? answer.write(to: directory.appendingPathComponent(key), options: .atomic)
  }
}
