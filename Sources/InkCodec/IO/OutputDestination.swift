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

/// Where a write lands, decided the way a careful Unix tool decides it: symbolic links are
/// followed to the file they name, regular files are replaced, and devices, FIFOs and sockets
/// are written in place (replacing `/dev/null` with a regular file would break the system).
package enum OutputDestination: Equatable {
  /// Nothing exists at `path` (a dangling link's target included): a new file is created.
  case newFile(path: String)
  /// A regular file, replaced atomically; its owner and permission bits are kept.
  case regularFile(path: String, owner: uid_t, group: gid_t, mode: mode_t)
  /// A character or block device, a FIFO or a socket, opened and written directly.
  case special(path: String)

  /// The most links followed before giving up, as the kernel's `ELOOP` limit does.
  static let maxLinks = 40

  /// The path writes go to, after following links.
  package var path: String {
    switch self {
    case .newFile(let path), .regularFile(let path, _, _, _), .special(let path): path
    }
  }

  /// Follows `path` through every symbolic link (a relative link is relative to the folder that
  /// holds it) and classifies what it names.
  /// - Throws: ``WillErrorKind/io(_:)`` for a directory, a loop of links, or a file that
  ///   cannot be examined.
  package static func resolve(_ path: String) throws(WillError) -> OutputDestination {
    var current = path
    for _ in 0...maxLinks {
      var info = stat()
      guard lstat(current, &info) == 0 else {
        if errno == ENOENT { return .newFile(path: current) }
        throw WillError(.io("cannot examine \(current): \(String(cString: strerror(errno)))"))
      }
      switch info.st_mode & S_IFMT {
      case S_IFLNK:
        current = try linkTarget(current)
      case S_IFREG:
        return .regularFile(
          path: current, owner: info.st_uid, group: info.st_gid, mode: info.st_mode & 0o7777)
      case S_IFDIR:
        throw WillError(.io("cannot write \(path): it is a directory"))
      default:
        return .special(path: current)
      }
    }
    throw WillError(.io("cannot write \(path): \(String(cString: strerror(ELOOP)))"))
  }

  /// The path a link names, made relative to the link's folder when it is relative.
  private static func linkTarget(_ link: String) throws(WillError) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(link, &buffer, buffer.count - 1)
    guard count >= 0 else {
      throw WillError(.io("cannot read the link \(link): \(String(cString: strerror(errno)))"))
    }
    let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if target.hasPrefix("/") { return target }
    // The link's folder: what `NSString.deletingLastPathComponent` gives (no trailing
    // slash; `/` for a link in the root).
    guard let slash = link.utf8.lastIndex(of: UInt8(ascii: "/")) else { return target }
    let folder = link.utf8[..<slash].isEmpty ? "/" : String(link[..<slash])
    return folder == "/" ? "/" + target : folder + "/" + target
  }
}
