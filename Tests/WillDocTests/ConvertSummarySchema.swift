import Foundation

/// Checks `willdoc convert --format json` output against the contract of `docs/json.md`:
/// every key present, in the documented order, with the documented types.
enum ConvertSummarySchema {
  struct Violation: Error, CustomStringConvertible {
    var description: String
  }

  static let topKeys = ["schema", "to", "directory", "files", "total", "exitStatus"]
  static let fileKeys = [
    "input", "status", "output", "outputs", "inputFormat", "strokes", "bytes", "changed", "dropped",
    "error",
  ]
  static let totalKeys = ["inputs", "converted", "failed", "skipped"]
  /// What `--to` takes, documents and pictures.
  static let targets = ["will", "uim", "inkml", "png", "jpeg", "svg", "pdf"]

  /// The summary, once `text` is shown to follow the schema.
  static func check(_ text: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    else { throw Violation(description: "the output is not a JSON object") }
    try keys(object, topKeys, at: "$")
    guard object["schema"] as? Int == 1 else { throw Violation(description: "$.schema is not 1") }
    guard let to = object["to"] as? String, targets.contains(to) else {
      throw Violation(description: "$.to is not one of \(targets)")
    }
    guard object["directory"] is String || object["directory"] is NSNull else {
      throw Violation(description: "$.directory is not a string or null")
    }
    guard let files = object["files"] as? [[String: Any]] else {
      throw Violation(description: "$.files is not an array of objects")
    }
    for (index, file) in files.enumerated() {
      try checkFile(file, at: "$.files[\(index)]")
    }
    guard let total = object["total"] as? [String: Int] else {
      throw Violation(description: "$.total is not an object of integers")
    }
    try keys(total, totalKeys, at: "$.total")
    guard total["inputs"] == files.count,
      total["converted"]! + total["failed"]! + total["skipped"]! == files.count
    else { throw Violation(description: "$.total does not add up to $.files") }
    guard let status = object["exitStatus"] as? Int, [0, 1, 2].contains(status),
      (status == 0) == (total["failed"] == 0)
    else { throw Violation(description: "$.exitStatus does not match the failures") }
    try expectOrder(text, topKeys)
    if !files.isEmpty { try expectOrder(text, fileKeys) }
    return object
  }

  private static func checkFile(_ file: [String: Any], at: String) throws {
    try keys(file, fileKeys, at: at)
    guard file["input"] is String else { throw Violation(description: "\(at).input") }
    guard let status = file["status"] as? String,
      ["converted", "failed", "skipped"].contains(status)
    else { throw Violation(description: "\(at).status is not converted, failed or skipped") }
    let converted = status == "converted"
    for key in ["inputFormat", "strokes", "bytes"] where converted == (file[key] is NSNull) {
      throw Violation(description: "\(at).\(key) must be null exactly when not converted")
    }
    if let format = file["inputFormat"] as? String,
      !["opc", "riff", "raw", "uim", "inkml", "tuhi"].contains(format)
    {
      throw Violation(description: "\(at).inputFormat is \(format)")
    }
    // A skipped input has no output, unless --skip-existing found its outputs written.
    let existing = (file["error"] as? [String: String])?["code"] == "skipped-existing"
    guard (status == "skipped" && !existing) == (file["output"] is NSNull) else {
      throw Violation(description: "\(at).output must be null exactly when skipped")
    }
    guard let outputs = file["outputs"] as? [String],
      (converted || existing) == !outputs.isEmpty,
      outputs.isEmpty || outputs.count == 1 && outputs[0] == file["output"] as? String
        || outputs.count > 1
    else {
      throw Violation(description: "\(at).outputs must list the files written or found")
    }
    for key in ["changed", "dropped"] where !(file[key] is [String]) {
      throw Violation(description: "\(at).\(key) is not an array of strings")
    }
    if converted {
      guard file["error"] is NSNull else { throw Violation(description: "\(at).error not null") }
    } else {
      guard let error = file["error"] as? [String: String] else {
        throw Violation(description: "\(at).error is not an object of strings")
      }
      try keys(error, ["code", "message"], at: at + ".error")
    }
  }

  private static func keys(_ object: [String: Any], _ expected: [String], at: String) throws {
    if Set(object.keys) != Set(expected) {
      throw Violation(
        description: "\(at) has keys \(object.keys.sorted()), expected \(expected.sorted())")
    }
  }

  /// The keys' first appearances follow `keys` (JSONSerialization loses the order).
  private static func expectOrder(_ text: String, _ keys: [String]) throws {
    var position = text.startIndex
    for key in keys {
      guard let found = text.range(of: "\"\(key)\":", range: position..<text.endIndex) else {
        throw Violation(description: "\"\(key)\" is missing or out of order")
      }
      position = found.upperBound
    }
  }
}
