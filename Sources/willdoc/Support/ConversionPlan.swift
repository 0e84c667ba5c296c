import Foundation
import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `willdoc convert -d DIR` will do with each input, decided before anything is read:
/// files named on the command line are converted whatever their extension; folders are walked
/// recursively, in name order, and their `.will`, `.uim` and `.inkml` files converted, every
/// other file skipped. Each output is named after its input with the target's extension, in
/// `DIR`, under the same subfolders as the input below the folder given.
struct ConversionPlan {
  /// One input and what happens to it.
  enum Entry {
    /// Convert `input` (a path, or `-`) to `output`.
    case convert(input: String, output: String)
    /// A file found in a folder that is not a document convert reads, or not a file.
    case skipped(path: String, reason: String)
    /// Refused before reading: a folder that cannot be listed, two inputs with one output.
    case refused(path: String, code: String, reason: String)
  }

  /// Every input, in the order of the command line and then of the names in each folder.
  private(set) var entries: [Entry] = []

  /// The outputs planned so far, and the input each comes from.
  private var outputs: [String: String] = [:]

  /// Plans converting `inputs` to `target` in `directory`.
  init(inputs: [String], directory: String, target: ConvertFormat) {
    let skippedFolder = Self.resolved(directory)
    for input in inputs {
      if input == "-" {
        plan(input: "-", output: Self.join(directory, "stdin." + target.fileExtension))
        continue
      }
      var info = stat()
      if stat(input, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
        walk(
          folder: input, relative: "", directory: directory, target: target,
          skipping: skippedFolder)
      } else {
        plan(input: input, output: Self.join(directory, Self.outputName(input, target)))
      }
    }
  }

  /// `notes/a.will` → `a.uim`.
  static func outputName(_ input: String, _ target: ConvertFormat) -> String {
    let name = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
    return name + "." + target.fileExtension
  }

  /// Adds the entries of `folder`'s documents, recursively. Links to files are followed,
  /// links to folders are not (a link back up would never end).
  private mutating func walk(
    folder: String, relative: String, directory: String, target: ConvertFormat,
    skipping outputFolder: String
  ) {
    let names: [String]
    do {
      names = try Self.names(in: folder)
    } catch {
      entries.append(.refused(path: folder, code: "io-error", reason: error.message))
      return
    }
    for name in names {
      let path = Self.join(folder, name)
      let inside = relative.isEmpty ? name : relative + "/" + name
      var info = stat()
      guard lstat(path, &info) == 0 else {
        let reason = String(cString: strerror(errno))
        entries.append(.refused(path: path, code: "io-error", reason: "cannot examine: \(reason)"))
        continue
      }
      var kind = info.st_mode & S_IFMT
      if kind == S_IFLNK {
        var target = stat()
        kind = stat(path, &target) == 0 ? target.st_mode & S_IFMT : 0
        if kind == S_IFDIR {
          entries.append(.skipped(path: path, reason: "a link to a folder, not followed"))
          continue
        }
      }
      switch kind {
      case S_IFDIR:
        // A folder inside the input that is the output folder holds what this run writes.
        if Self.resolved(path) == outputFolder { continue }
        walk(
          folder: path, relative: inside, directory: directory, target: target,
          skipping: outputFolder)
      case S_IFREG where ConvertFormat.isConvertible(name):
        let folder = (inside as NSString).deletingLastPathComponent
        let output = Self.join(
          folder.isEmpty ? directory : Self.join(directory, folder),
          Self.outputName(name, target))
        plan(input: path, output: output)
      case S_IFREG:
        entries.append(.skipped(path: path, reason: "not .will, .uim or .inkml"))
      default:
        entries.append(.skipped(path: path, reason: "not a regular file"))
      }
    }
  }

  /// Adds converting `input` to `output`, unless another input already writes `output` or
  /// `output` is the input itself.
  private mutating func plan(input: String, output: String) {
    if input != "-", isSameFile(input, output) {
      entries.append(
        .refused(
          path: input, code: "output-is-input",
          reason: "its output \(output) is the input itself; give another -d"))
      return
    }
    let key = Self.resolved(output)
    if let first = outputs[key] {
      entries.append(
        .refused(
          path: input, code: "output-taken",
          reason: "its output \(output) is also the output of \(first)"))
      return
    }
    outputs[key] = input
    entries.append(.convert(input: input, output: output))
  }

  /// The names in `folder` but `.` and `..`, sorted.
  private static func names(in folder: String) throws(WillError) -> [String] {
    guard let stream = opendir(folder) else {
      throw WillError(
        .io("cannot read the folder \(folder): \(String(cString: strerror(errno)))"))
    }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
        String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// `folder/name`, without doubling a slash.
  private static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// `path` absolute, with `.`, `..` and links resolved: one spelling per file.
  private static func resolved(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
