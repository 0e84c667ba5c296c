#if canImport(FoundationEssentials)
  // The standard library's canonical decomposition (what swift-foundation builds
  // `decomposedStringWithCanonicalMapping` on): FoundationEssentials does not offer it, and
  // the whole of Foundation would load ICU into every process for this one call.
  @_spi(_Unicode) import Swift
#else
  import Foundation
#endif

/// How `convert -d` names its outputs and finds two inputs with one output, on bytes alone:
/// a pure function of the names, which `FuzzBatchNames` drives with arbitrary bytes.
///
/// An output is named after its input's path below the folder given: the same folder names,
/// and the file's name with its extension (after the last `.` that is not the first byte)
/// replaced by the target's. Two outputs collide when their names are the same bytes. Where
/// the file system folds names (``systemFolds``: Apple systems, whose APFS and HFS+ volumes
/// are case- and normalisation-insensitive by default), they also collide when they are the
/// same after Unicode canonical decomposition and lower-casing. Swift's `==` on `String` is
/// never used: it calls canonically equivalent names (NFC and NFD) equal, which on Linux are
/// two files.
struct OutputNaming {
  /// Whether names are compared folded.
  let folding: Bool
  /// Each output's key and the index of the input that claimed it first.
  private var taken: [[UInt8]: Int] = [:]

  /// Whether this system's file systems are taken to fold case and normalisation.
  static var systemFolds: Bool {
    #if canImport(Darwin)
      true
    #else
      false
    #endif
  }

  init(folding: Bool = Self.systemFolds) { self.folding = folding }

  /// Whether `name` is a name a folder listing can give: not empty, `.` or `..`, without `/`
  /// or NUL.
  static func isEntryName(_ name: [UInt8]) -> Bool {
    !name.isEmpty && name != [0x2E] && name != [0x2E, 0x2E] && !name.contains(0x2F)
      && !name.contains(0)
  }

  /// `number` as a file per section numbers it: padded with zeros to the width of the last
  /// of `count` (`3` of 12 is `03`), so that the names sort in section order.
  static func sectionNumber(_ number: Int, of count: Int) -> String {
    let digits = String(number)
    let width = String(max(count - 1, 0)).count
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// `a.will` → `a`; `.will` and `notes` stay as they are.
  static func stem(_ name: [UInt8]) -> [UInt8] {
    guard let dot = name.lastIndex(of: 0x2E), dot > name.startIndex else { return name }
    return Array(name[..<dot])
  }

  /// The last name of `path` (`notes/a.will` → `a.will`), trailing slashes ignored.
  static func lastName(_ path: [UInt8]) -> [UInt8] {
    var end = path.endIndex
    while end > path.startIndex, path[end - 1] == 0x2F { end -= 1 }
    let start = path[..<end].lastIndex(of: 0x2F).map { $0 + 1 } ?? path.startIndex
    return Array(path[start..<end])
  }

  /// The output's names below the target folder for an input at `relative` (its folders, then
  /// its file name) with `fileExtension`; `nil` when a name is not an ``isEntryName(_:)``.
  /// The last name is never `.` or `..`: it ends with `.` and the extension.
  static func output(for relative: [[UInt8]], fileExtension: [UInt8]) -> [[UInt8]]? {
    guard let file = relative.last, relative.allSatisfy(isEntryName), !fileExtension.isEmpty,
      !fileExtension.contains(0x2F), !fileExtension.contains(0)
    else { return nil }
    return relative.dropLast() + [stem(file) + [0x2E] + fileExtension]
  }

  /// Claims `output` for input number `input`: `nil` when it is free, else the number of the
  /// input that has it.
  mutating func claim(_ output: [[UInt8]], by input: Int) -> Int? {
    let key = self.key(output)
    if let first = taken[key] { return first }
    taken[key] = input
    return nil
  }

  /// The names joined by `/`, folded when ``folding``.
  func key(_ output: [[UInt8]]) -> [UInt8] {
    var key: [UInt8] = []
    for (index, name) in output.enumerated() {
      if index > 0 { key.append(0x2F) }
      key += folding ? Self.folded(name) : name
    }
    return key
  }

  /// `name` decomposed (NFD) and lower-cased when it is UTF-8; its bytes otherwise.
  static func folded(_ name: [UInt8]) -> [UInt8] {
    guard let text = String(validating: name, as: UTF8.self) else { return name }
    #if canImport(FoundationEssentials)
      var decomposed = String.UnicodeScalarView()
      decomposed.append(contentsOf: text._nfd)
      return Array(String(decomposed).lowercased().utf8)
    #else
      return Array(text.decomposedStringWithCanonicalMapping.lowercased().utf8)
    #endif
  }
}
