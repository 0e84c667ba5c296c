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

/// The files a command names itself: `convert -d`'s outputs, `pages split`'s pages,
/// `render --section all`'s numbered files. One rule for all of them:
///
/// - A generated name is never followed through a symbolic link, nor a subfolder `convert -d`
///   makes: an existing entry of that name (a link included, dangling or not) is refused as
///   existing, and with `--force` the entry itself is replaced: the link, not what it leads to.
///   Only the folder given on the command line is taken as it is, links included.
/// - Nothing appears under a generated name until the command knows it succeeded: every file
///   is written under a temporary name `.willdoc-XXXXXXXX.tmp` in its folder,
///   then flushed to disk and put in place by ``commit()``: with `link(2)` without `--force`, so an entry that
///   appeared meanwhile is refused, not replaced; with `rename(2)` with `--force`. A failure
///   removes every temporary file and every file this commit had created.
/// - Names are bytes (``SystemPath``); the folder is held open, so what a name means cannot
///   change between checking and writing.
final class GeneratedOutputs {
  /// A folder held open.
  final class Folder {
    /// The descriptor, `O_DIRECTORY`.
    let descriptor: Int32
    /// The path, for messages.
    let path: String

    fileprivate init(descriptor: Int32, path: String) {
      self.descriptor = descriptor
      self.path = path
    }

    deinit { close(descriptor) }

    /// `path/name`.
    func child(_ name: String) -> String {
      path == "." ? name : path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// `fstatat` of `name` in this folder, links not followed; `nil` when it does not exist.
    func entry(_ name: String) -> stat? {
      var info = stat()
      let result = SystemPath.withCString(name) {
        fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW)
      }
      return result == 0 ? info : nil
    }
  }

  private struct Staged {
    var folder: Folder
    var temporary: String
    var name: String
  }

  /// Whether existing entries are replaced (`--force`).
  let force: Bool
  private var staged: [Staged] = []

  init(force: Bool) { self.force = force }

  deinit { discard() }

  /// Opens `path`, the folder given on the command line (links followed), creating it and the
  /// folders above it when missing, unless `creating` is false.
  static func openFolder(_ path: String, creating: Bool = true) throws(WillError) -> Folder {
    if creating {
      // mkdir -p: every prefix that ends before a slash, then the whole path.
      let bytes = SystemPath.bytes(path)
      var ends = bytes.indices.filter { $0 > 0 && bytes[$0] == 0x2F && bytes[$0 - 1] != 0x2F }
      ends.append(bytes.count)
      for end in ends {
        let prefix = SystemPath.string(bytes[..<end])
        _ = SystemPath.withCString(prefix) { mkdir($0, 0o777) }
      }
    }
    let descriptor = SystemPath.withCString(path) {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      throw WillError(
        .io(
          creating ? "cannot create the folder \(path): \(reason)" : "the folder \(path): \(reason)"
        ))
    }
    return Folder(descriptor: descriptor, path: path)
  }

  /// Opens the folders `names` below `folder` one by one, creating those that are missing, and
  /// never through a symbolic link.
  static func openSubfolders(_ names: [String], below folder: Folder) throws(WillError) -> Folder {
    var current = folder
    for name in names {
      let made = SystemPath.withCString(name) { mkdirat(current.descriptor, $0, 0o777) }
      let madeError = made == 0 ? EEXIST : errno
      let descriptor = SystemPath.withCString(name) {
        openat(current.descriptor, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      }
      let path = current.child(name)
      guard descriptor >= 0 else {
        let error = madeError == EEXIST ? errno : madeError
        let reason =
          current.entry(name).map { $0.st_mode & S_IFMT == S_IFLNK } == true
          ? "a symbolic link is in the way (generated folders are never followed through links)"
          : String(cString: strerror(error))
        throw WillError(.io("cannot create the folder \(path): \(reason)"))
      }
      current = Folder(descriptor: descriptor, path: path)
    }
    return current
  }

  /// The refusal to write `name` in `folder`, or `nil`: without `--force` any existing entry
  /// (a link counts as itself, not as what it leads to); with it, only a folder. Not escaped
  /// for a terminal yet.
  func refusal(toWrite name: String, in folder: Folder) -> String? {
    guard let info = folder.entry(name) else { return nil }
    let path = folder.child(name)
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return "\(path) is a folder"
    case S_IFLNK where !force:
      return "\(path) is a symbolic link; generated names are never followed through links: "
        + "add --force to replace the link itself"
    case _ where !force: return "\(path) exists; add --force to replace it"
    default: return nil
    }
  }

  /// Writes `bytes` under a temporary name in `folder`, to become `name` at ``commit()``.
  func stage(_ bytes: [UInt8], as name: String, in folder: Folder) throws(WillError) {
    var descriptor: Int32 = -1
    var temporary = ""
    for _ in 0..<100 {
      temporary = ".willdoc-" + TemporaryName.random(8) + ".tmp"
      descriptor = openat(
        folder.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else {
      throw WillError(
        .io("cannot write \(folder.child(name)): \(String(cString: strerror(errno)))"))
    }
    staged.append(Staged(folder: folder, temporary: temporary, name: name))
    var failure = Self.writeAll(bytes, to: descriptor)
    if failure == nil, !syncsAtCommit, fsync(descriptor) != 0 {
      failure = String(cString: strerror(errno))
    }
    if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    if let failure {
      throw WillError(.io("cannot write \(folder.child(name)): \(failure)"))
    }
  }

  /// Puts every staged file in place. On a failure, removes what this commit created and every
  /// temporary file, and throws.
  func commit() throws(WillError) {
    var created: [(Folder, String)] = []
    defer { staged = [] }
    #if os(Linux)
      if syncsAtCommit { sync() }
    #endif
    do throws(WillError) {
      for file in staged {
        if try place(file) { created.append((file.folder, file.name)) }
      }
    } catch {
      for (folder, name) in created {
        _ = SystemPath.withCString(name) { unlinkat(folder.descriptor, $0, 0) }
      }
      discard()
      throw error
    }
  }

  /// Whether staged files are flushed together by `sync(2)` before they are put in place (on
  /// Linux, where `sync` waits for the data) rather than each by `fsync(2)` (elsewhere).
  /// Whether the staged files are flushed by one `sync()` at ``commit()`` rather than one
  /// `fsync` each as they are written: on Linux, past ``filesSyncedOneByOne`` files (an fsync
  /// each made 10,000 pages take 10 s of waiting). A commit of a few files (`convert -d`
  /// commits each input's) flushes just those: `sync()` flushes every file system, which
  /// under other writers made a batch of 500 notes wait 3 s for 0.8 s of work.
  private var syncsAtCommit: Bool {
    #if os(Linux)
      staged.count > Self.filesSyncedOneByOne
    #else
      false
    #endif
  }

  /// The most files a commit flushes one by one.
  private static let filesSyncedOneByOne = 8

  /// Removes every staged temporary file.
  func discard() {
    for file in staged { unlinkat(file.folder.descriptor, file.temporary, 0) }
    staged = []
  }

  /// Puts one staged file in place: `link` without `--force` (never replaces), `rename` with
  /// it (replaces the entry itself, a link included), keeping a replaced file's mode. Whether
  /// the name was new.
  private func place(_ file: Staged) throws(WillError) -> Bool {
    let folder = file.folder
    if let refusal = refusal(toWrite: file.name, in: folder) {
      throw WillError(.io(refusal))
    }
    let existing = folder.entry(file.name)
    let path = folder.child(file.name)
    if !force {
      let linked = SystemPath.withCString(file.name) {
        linkat(folder.descriptor, file.temporary, folder.descriptor, $0, 0)
      }
      if linked == 0 {
        unlinkat(folder.descriptor, file.temporary, 0)
        return true
      }
      if errno == EEXIST {
        throw WillError(.io(refusal(toWrite: file.name, in: folder) ?? "\(path) exists"))
      }
      // A file system without hard links: the entry was just found missing.
    } else if let info = existing, info.st_mode & S_IFMT == S_IFREG {
      fchmodat(folder.descriptor, file.temporary, info.st_mode & 0o777, 0)
    }
    let renamed = SystemPath.withCString(file.name) {
      renameat(folder.descriptor, file.temporary, folder.descriptor, $0)
    }
    if renamed != 0 {
      throw WillError(.io("cannot write \(path): \(String(cString: strerror(errno)))"))
    }
    return existing == nil
  }

  /// Writes every byte, retrying after signals and partial writes; the error text, or `nil`.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
    bytes.withUnsafeBytes { buffer -> String? in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return String(cString: strerror(errno))
        }
        offset += written
      }
      return nil
    }
  }
}
