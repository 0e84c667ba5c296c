import Foundation
import Testing

/// Checks `willdoc dump --format json` output against the contract of `docs/json.md`.
enum DumpSchema {
  struct Violation: Error, CustomStringConvertible {
    var description: String
  }

  static func parse(_ bytes: [UInt8]) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
      throw Violation(description: "the output is not a JSON object")
    }
    return object
  }

  /// Every stroke object in document order.
  static func strokes(_ document: [String: Any]) throws -> [[String: Any]] {
    let sections = document["sections"] as? [[String: Any]] ?? []
    return sections.flatMap { ($0["paths"] as? [[String: Any]] ?? []) }
      .flatMap { $0["strokes"] as? [[String: Any]] ?? [] }
  }

  /// Throws the first place where `document` breaks the schema.
  static func check(_ document: [String: Any], raw: Bool = false) throws {
    try keys(document, ["file", "container", "properties", "sections"], at: "$")
    let file = try object(document["file"], at: "$.file")
    try keys(file, ["name", "size"], at: "$.file")
    try expectString(file["name"], at: "$.file.name")
    try expectInt(file["size"], at: "$.file.size")
    guard let container = document["container"] as? String,
      ["opc", "riff", "raw"].contains(container)
    else { throw Violation(description: "$.container is not opc, riff or raw") }
    let properties = try object(document["properties"], at: "$.properties")
    let propertyKeys = ["application", "appVersion", "template", "title", "created", "modified"]
    try keys(properties, propertyKeys, at: "$.properties")
    for key in propertyKeys {
      try expectString(properties[key], nullable: true, at: "$.properties.\(key)")
    }
    let sections = try array(document["sections"], at: "$.sections")
    for (s, sectionValue) in sections.enumerated() {
      let at = "$.sections[\(s)]"
      let section = try object(sectionValue, at: at)
      try keys(section, ["index", "part", "width", "height", "paths"], at: at)
      try expectInt(section["index"], at: at + ".index")
      try expectString(section["part"], nullable: true, at: at + ".part")
      try expectNumber(section["width"], nullable: true, at: at + ".width")
      try expectNumber(section["height"], nullable: true, at: at + ".height")
      for (p, pathsValue) in try array(section["paths"], at: at + ".paths").enumerated() {
        let at = at + ".paths[\(p)]"
        let paths = try object(pathsValue, at: at)
        try keys(paths, ["part", "transform", "strokes"], at: at)
        try expectString(paths["part"], nullable: true, at: at + ".part")
        let transform = try array(paths["transform"], at: at + ".transform")
        guard transform.count == 6 else {
          throw Violation(description: "\(at).transform has \(transform.count) values")
        }
        for value in transform { try expectNumber(value, at: at + ".transform") }
        for (k, strokeValue) in try array(paths["strokes"], at: at + ".strokes").enumerated() {
          try checkStroke(
            try object(strokeValue, at: at + ".strokes[\(k)]"), raw: raw, at: at + ".strokes[\(k)]")
        }
      }
    }
  }

  static func checkStroke(_ stroke: [String: Any], raw: Bool, at: String) throws {
    var expected = [
      "index", "decimalPrecision", "stride", "channels", "points", "width", "color", "ts", "tf",
      "blendMode", "blendModeValue", "paintIndex", "randomSeed", "id",
    ]
    if raw { expected.append("raw") }
    try keys(stroke, expected, at: at)
    try expectInt(stroke["index"], at: at + ".index")
    try expectInt(stroke["decimalPrecision"], at: at + ".decimalPrecision")
    guard let stride = stroke["stride"] as? Int, [2, 3, 4].contains(stride) else {
      throw Violation(description: "\(at).stride is not 2, 3 or 4")
    }
    guard let channels = stroke["channels"] as? [String], channels.count == stride,
      Array(channels.prefix(2)) == ["x", "y"],
      Set(channels.dropFirst(2)).isSubset(of: ["width", "alpha"])
    else { throw Violation(description: "\(at).channels does not match the stride") }
    for (i, point) in try array(stroke["points"], at: at + ".points").enumerated() {
      let values = try array(point, at: at + ".points[\(i)]")
      guard values.count == stride else {
        throw Violation(description: "\(at).points[\(i)] has \(values.count) values")
      }
      for value in values { try expectNumber(value, at: at + ".points[\(i)]") }
    }
    try expectNumber(stroke["width"], nullable: true, at: at + ".width")
    if channels.contains("width") && !(stroke["width"] is NSNull) {
      throw Violation(description: "\(at).width must be null with a width channel")
    }
    if !(stroke["color"] is NSNull) {
      let color = try object(stroke["color"], at: at + ".color")
      try keys(color, ["r", "g", "b", "a"], at: at + ".color")
      for key in ["r", "g", "b", "a"] {
        guard let value = color[key] as? Int, (0...255).contains(value) else {
          throw Violation(description: "\(at).color.\(key) is not 0...255")
        }
      }
    }
    try expectNumber(stroke["ts"], at: at + ".ts")
    try expectNumber(stroke["tf"], at: at + ".tf")
    try expectString(stroke["blendMode"], at: at + ".blendMode")
    for key in ["blendModeValue", "paintIndex", "randomSeed", "id"] {
      try expectInt(stroke[key], nullable: true, at: at + "." + key)
    }
    if raw {
      let rawObject = try object(stroke["raw"], at: at + ".raw")
      try keys(rawObject, ["data", "strokeWidth", "strokeColor"], at: at + ".raw")
      for key in ["data", "strokeWidth", "strokeColor"] {
        for value in try array(rawObject[key], at: at + ".raw.\(key)") {
          try expectInt(value, at: at + ".raw.\(key)")
        }
      }
    }
  }

  private static func keys(_ object: [String: Any], _ expected: [String], at: String) throws {
    if Set(object.keys) != Set(expected) {
      throw Violation(
        description: "\(at) has keys \(object.keys.sorted()), expected \(expected.sorted())")
    }
  }

  private static func object(_ value: Any?, at: String) throws -> [String: Any] {
    guard let object = value as? [String: Any] else {
      throw Violation(description: "\(at) is not an object")
    }
    return object
  }

  private static func array(_ value: Any?, at: String) throws -> [Any] {
    guard let array = value as? [Any] else { throw Violation(description: "\(at) is not an array") }
    return array
  }

  private static func isNull(_ value: Any?) -> Bool { value is NSNull }

  private static func expectString(_ value: Any?, nullable: Bool = false, at: String) throws {
    if nullable && isNull(value) { return }
    guard value is String else { throw Violation(description: "\(at) is not a string") }
  }

  private static func expectInt(_ value: Any?, nullable: Bool = false, at: String) throws {
    if nullable && isNull(value) { return }
    guard let number = value as? NSNumber,
      number.doubleValue == number.doubleValue.rounded()
    else { throw Violation(description: "\(at) is not an integer") }
  }

  private static func expectNumber(_ value: Any?, nullable: Bool = false, at: String) throws {
    if nullable && isNull(value) { return }
    guard value is NSNumber else { throw Violation(description: "\(at) is not a number") }
  }
}
