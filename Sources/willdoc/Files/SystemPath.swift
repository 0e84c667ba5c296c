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

/// File names as the system has them: bytes, not necessarily UTF-8.
///
/// A Swift `String` holds only valid Unicode, so `willdoc` carries every path in a lossless
/// spelling: the bytes read as UTF-8, each byte that is not part of valid UTF-8 held as the
/// private-use character U+10FF00 + byte (``EscapedByte``). A name that really contains one of those 256
/// characters has its UTF-8 bytes held the same way, so every byte string has exactly one
/// spelling and comes back unchanged (``bytes(_:)``). Every path from the command line
/// (``arguments()``) and from a folder listing (``names(in:)``) is spelled this way, and
/// every system call gets the bytes back. ``TerminalText`` prints such a byte as `\xNN`.
enum SystemPath {
  /// The spelling of the bytes `raw`.
  static func string<Bytes: Collection<UInt8>>(_ raw: Bytes) -> String {
    if let plain = String(validating: raw, as: UTF8.self),
      !plain.unicodeScalars.contains(where: EscapedByte.contains)
    {
      return plain
    }
    let bytes = Array(raw)
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      let length = validSequenceLength(bytes, at: index)
      let sequence = bytes[index..<index + max(length, 1)]
      if length > 0, let text = String(validating: sequence, as: UTF8.self),
        let scalar = text.unicodeScalars.first, !EscapedByte.contains(scalar)
      {
        scalars.append(scalar)
      } else {
        for byte in sequence { scalars.append(Unicode.Scalar(EscapedByte.base + UInt32(byte))!) }
      }
      index += max(length, 1)
    }
    return String(scalars)
  }

  /// The length of the well-formed UTF-8 sequence at `index` (Unicode table 3-7), or 0.
  private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
      index + offset < bytes.count && range.contains(bytes[index + offset])
    }
    let lead = bytes[index]
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: return continuation(1) ? 2 : 0
    case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
    case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
    case 0xE1...0xEF: return continuation(1) && continuation(2) ? 3 : 0
    case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
    default: return 0
    }
  }

  /// The bytes `path` spells.
  static func bytes(_ path: String) -> [UInt8] {
    guard path.unicodeScalars.contains(where: EscapedByte.contains) else { return Array(path.utf8) }
    var result: [UInt8] = []
    result.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if EscapedByte.contains(scalar) {
        result.append(UInt8(scalar.value - EscapedByte.base))
      } else {
        result.append(contentsOf: String(scalar).utf8)
      }
    }
    return result
  }

  /// `path` for JSON: each raw byte as the text `\xNN`, everything else as it is (JSON's own
  /// escaping keeps it exact). A name that really contains `\x` reads the same: the bytes are
  /// what ``TerminalText`` shows.
  static func display(_ path: String) -> String {
    guard !isPlain(path) else { return path }
    var result = ""
    for scalar in path.unicodeScalars {
      if EscapedByte.contains(scalar) {
        let value = String(scalar.value - EscapedByte.base, radix: 16)
        result += "\\x" + (value.count == 1 ? "0" : "") + value
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `path` is its own UTF-8 spelling (no raw bytes): Foundation may handle it.
  static func isPlain(_ path: String) -> Bool {
    !path.unicodeScalars.contains(where: EscapedByte.contains)
  }

  /// Runs `body` with the NUL-terminated bytes of `path`.
  static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows
    -> R
  {
    if isPlain(path) { return try path.withCString(body) }
    let raw = bytes(path).map { CChar(bitPattern: $0) } + [0]
    return try raw.withUnsafeBufferPointer { try body($0.baseAddress!) }
  }

  /// The command line's arguments after the program's name, each spelled losslessly.
  static func arguments() -> [String] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
      return string(
        UnsafeBufferPointer(start: pointer, count: strlen(pointer)).lazy.map {
          UInt8(bitPattern: $0)
        })
    }
  }

  /// `stat` (`follow`) or `lstat` of `path`; `nil` with `errno` set when it fails.
  static func status(_ path: String, follow: Bool = true) -> stat? {
    var info = stat()
    let result = withCString(path) { follow ? stat($0, &info) : lstat($0, &info) }
    return result == 0 ? info : nil
  }

  /// Whether `path` names a folder (through links).
  static func isFolder(_ path: String) -> Bool {
    status(path).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
  }

  /// The names in `folder` but `.` and `..`, in byte order (the same on every system).
  static func names(in folder: String) throws(WillError) -> [String] {
    guard let stream = withCString(folder, { opendir($0) }) else {
      throw WillError(
        .io("cannot read the folder \(folder): \(String(cString: strerror(errno)))"))
    }
    defer { closedir(stream) }
    var names: [[UInt8]] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
        Array(buffer.prefix { $0 != 0 })
      }
      if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }.map { string($0) }
  }

  /// Reads `path`, refusing a file larger than `limit`. A message names a plain path as a file
  /// URL spells it (absolute), built only then: parsing a URL costs more than a note's zip
  /// directory. Any other path is opened by its bytes.
  static func read(_ path: String, limit: Int) throws(WillError) -> [UInt8] {
    if isPlain(path) {
      return try FileIO.read(named: absolute(path), limit: limit) {
        open(path, O_RDONLY | O_CLOEXEC)
      }
    }
    return try FileIO.read(named: path, limit: limit) {
      withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
    }
  }

  /// The file URL of a plain `path` as `open` takes it: a leading `~` is a name in the
  /// current folder (the shell expands the `~` it means), where a URL would take the home
  /// folder, looked up from the user database.
  static func fileURL(_ path: String) -> URL {
    URL(fileURLWithPath: path.hasPrefix("~") ? "./" + path : path)
  }

  /// `path` made absolute, as ``fileURL(_:)`` spells it.
  static func absolute(_ path: String) -> String { fileURL(path).path }

  /// The first `count` bytes of `path` (fewer when it is shorter), or nil when it cannot be
  /// opened or read: for sniffing a file's format before reading it whole.
  static func head(_ path: String, count: Int) -> [UInt8]? {
    let descriptor = withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let read = bytes.withUnsafeMutableBytes { buffer in
        readBytes(descriptor, buffer.baseAddress! + filled, count - filled)
      }
      if read < 0, errno == EINTR { continue }
      guard read >= 0 else { return nil }
      if read == 0 { break }
      filled += read
    }
    return Array(bytes.prefix(filled))
  }

  /// The folder part of `path` (`.` when there is none) and its last name.
  static func split(_ path: String) -> (folder: String, name: String) {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
    let folder = trimmed[..<slash]
    return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
  }

  /// `folder/name`, without doubling a slash.
  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}

/// POSIX `read`, named apart from ``SystemPath/read(_:limit:)``.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
{
  read(descriptor, buffer, count)
}
