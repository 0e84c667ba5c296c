import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A command's input: a path, or `-` for standard input, and its bytes.
struct InputFile {
  /// The name as given on the command line (`-` for standard input).
  var name: String
  /// The bytes.
  var bytes: [UInt8]
  /// For bytes willdoc made from another format (InkML's WILL 2 form), the parts they hold:
  /// reading them takes that many whatever `--max-parts` says, since the source's own limits
  /// bounded them.
  var convertedParts = 0

  /// `limits`, with ``convertedParts`` allowed.
  func readingLimits(_ limits: DecodingLimits) -> DecodingLimits {
    var limits = limits
    limits.maxParts = max(limits.maxParts, convertedParts)
    return limits
  }

  /// Whether this is standard input.
  var isStandardInput: Bool { name == "-" }

  /// The file name without folders, for reports (`stdin` for standard input).
  var displayName: String { name }

  /// Reads `name`, refusing files larger than `limits.maxFileBytes`.
  static func read(_ name: String, limits: DecodingLimits) throws(WillError) -> InputFile {
    if name == "-" {
      // A duplicate, which FileIO closes when done: standard input itself stays open.
      let bytes = try FileIO.read(named: "standard input", limit: limits.maxFileBytes) {
        dup(STDIN_FILENO)
      }
      return InputFile(name: name, bytes: bytes)
    }
    return InputFile(name: name, bytes: try SystemPath.read(name, limit: limits.maxFileBytes))
  }

  /// Reads and decodes a document.
  static func document(_ name: String, limits: DecodingLimits) throws(WillError) -> (
    InputFile, WillDocument
  ) {
    let input = try read(name, limits: limits)
    return (input, try WillDocument(parsing: input.bytes, limits: limits))
  }
}

/// Whether two paths name the same file (through links): the same device and inode.
func isSameFile(_ first: String, _ second: String) -> Bool {
  guard let a = SystemPath.status(first), let b = SystemPath.status(second) else { return false }
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino
}
