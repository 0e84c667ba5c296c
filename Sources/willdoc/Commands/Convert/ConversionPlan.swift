import InkCodec

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `willdoc convert -d DIR` will do with each input, decided before anything is read:
/// files named on the command line are converted whatever their extension; folders are walked
/// (iteratively: depth costs no stack), in byte order of the names, and their `.will`, `.uim`
/// and `.inkml` files converted, and their `.json` files that are tuhi drawings; every other
/// file skipped. Each output is named after its
/// input with the target's extension, in `DIR`, under the same subfolders as the input below
/// the folder given (``OutputNaming``). Names are bytes (``SystemPath``) from end to end.
struct ConversionPlan {
  /// One input and what happens to it.
  enum Entry {
    /// Convert `input` (a path, or `-`) to `output`; `relative` is the output's names below
    /// the `-d` folder (`nil` for a `-o` file).
    case convert(input: String, output: String, relative: [String]? = nil)
    /// A file found in a folder that is not a document convert reads, or not a file.
    case skipped(path: String, reason: String)
    /// Refused before reading: a folder that cannot be listed, two inputs with one output.
    case refused(path: String, code: String, reason: String)
  }

  /// Every input, in the order of the command line and then of the names in each folder.
  private(set) var entries: [Entry] = []

  /// The outputs planned so far, by ``OutputNaming``.
  private var naming = OutputNaming()
  /// The input behind each planned output, by the number ``OutputNaming`` returns.
  private var planned: [String] = []
  /// The folders walked so far (device and inode): a folder reached twice (a bind mount of a
  /// folder above it) is not walked again.
  private var walked = Set<FileIdentity>()

  private let directory: String
  private let target: ConvertFormat

  /// Plans converting `inputs` to `target` in `directory`.
  init(inputs: [String], directory: String, target: ConvertFormat) {
    self.directory = directory
    self.target = target
    let outputFolder = SystemPath.status(directory).map(FileIdentity.init)
    for input in inputs {
      if input == "-" {
        plan(input: "-", relative: [Array("stdin".utf8)])
        continue
      }
      if SystemPath.isFolder(input) {
        walk(folder: input, skipping: outputFolder)
      } else {
        plan(input: input, relative: [OutputNaming.lastName(SystemPath.bytes(input))])
      }
    }
  }

  /// The device and inode of a file.
  struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
    init(_ info: stat) {
      device = UInt64(truncatingIfNeeded: info.st_dev)
      inode = UInt64(truncatingIfNeeded: info.st_ino)
    }
  }

  /// Adds the entries of the documents below `root`, depth first, in name order, without
  /// recursion. Links to files are followed, links to folders are not (a link back up would
  /// never end).
  private mutating func walk(folder root: String, skipping outputFolder: FileIdentity?) {
    struct Frame {
      var folder: String
      var relative: [[UInt8]]
      var names: [String]
      var next = 0
    }
    var stack: [Frame] = []
    func open(_ folder: String, _ relative: [[UInt8]], into plan: inout ConversionPlan) -> Frame? {
      do {
        return Frame(folder: folder, relative: relative, names: try SystemPath.names(in: folder))
      } catch {
        plan.entries.append(.refused(path: folder, code: "io-error", reason: error.message))
        return nil
      }
    }
    if let info = SystemPath.status(root) { walked.insert(FileIdentity(info)) }
    if let frame = open(root, [], into: &self) { stack.append(frame) }
    while !stack.isEmpty {
      let top = stack.count - 1
      guard stack[top].next < stack[top].names.count else {
        stack.removeLast()
        continue
      }
      let name = stack[top].names[stack[top].next]
      stack[top].next += 1
      let path = SystemPath.join(stack[top].folder, name)
      let inside = stack[top].relative + [SystemPath.bytes(name)]
      guard let info = SystemPath.status(path, follow: false) else {
        let reason = String(cString: strerror(errno))
        entries.append(.refused(path: path, code: "io-error", reason: "cannot examine: \(reason)"))
        continue
      }
      var kind = info.st_mode & S_IFMT
      var identity = FileIdentity(info)
      if kind == S_IFLNK {
        let target = SystemPath.status(path)
        kind = target.map { $0.st_mode & S_IFMT } ?? 0
        if kind == S_IFDIR {
          entries.append(.skipped(path: path, reason: "a link to a folder, not followed"))
          continue
        }
        if let target { identity = FileIdentity(target) }
      }
      switch kind {
      case S_IFDIR:
        // A folder inside the input that is the output folder holds what this run writes.
        if identity == outputFolder { continue }
        guard walked.insert(identity).inserted else {
          entries.append(.skipped(path: path, reason: "a folder already walked, not walked again"))
          continue
        }
        if let frame = open(path, inside, into: &self) { stack.append(frame) }
      case S_IFREG where ConvertFormat.isConvertible(name):
        plan(input: path, relative: inside)
      case S_IFREG where ConvertFormat.isJSON(name):
        // A .json file is a tuhi drawing or something else: its first bytes say which.
        if let head = SystemPath.head(path, count: 4096), TuhiDrawing.sniff(head) {
          plan(input: path, relative: inside)
        } else {
          entries.append(.skipped(path: path, reason: "a .json file that is not a tuhi drawing"))
        }
      case S_IFREG:
        entries.append(.skipped(path: path, reason: "not .will, .uim, .inkml or tuhi .json"))
      default:
        entries.append(.skipped(path: path, reason: "not a regular file"))
      }
    }
  }

  /// Adds converting `input`, found at `relative` below the folder given, unless another input
  /// already writes its output or the output is the input itself.
  private mutating func plan(input: String, relative: [[UInt8]]) {
    guard
      let names = OutputNaming.output(
        for: relative, fileExtension: Array(target.fileExtension.utf8))
    else {
      entries.append(
        .refused(path: input, code: "io-error", reason: "its name cannot name an output file"))
      return
    }
    let relativeNames = names.map { SystemPath.string($0) }
    let output = SystemPath.join(directory, relativeNames.concatenated(separator: "/"))
    if input != "-", isSameFile(input, output) {
      entries.append(
        .refused(
          path: input, code: "output-is-input",
          reason: "its output \(output) is the input itself; give another -d"))
      return
    }
    if let first = naming.claim(names, by: planned.count) {
      entries.append(
        .refused(
          path: input, code: "output-taken",
          reason: "its output \(output) is also the output of \(planned[first])"))
      return
    }
    planned.append(input)
    entries.append(.convert(input: input, output: output, relative: relativeNames))
  }
}
