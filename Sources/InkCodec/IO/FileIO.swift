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

/// File reading with a size limit, and atomic writing.
package enum FileIO {
  /// Reads a file, refusing one larger than `limit` before reading it.
  package static func read(_ url: URL, limit: Int) throws(WillError) -> [UInt8] {
    let path = url.path
    return try read(named: path, limit: limit) { open(path, O_RDONLY | O_CLOEXEC) }
  }

  /// Reads the file `openFile` opens (a descriptor, or -1 with `errno` set), named `name()` in
  /// messages, refusing one larger than `limit` before reading it: for callers that spell the
  /// path as bytes, or name it only when it fails.
  package static func read(
    named name: @autoclosure () -> String, limit: Int, opening openFile: () -> Int32
  ) throws(WillError) -> [UInt8] {
    var path: String { name() }
    let descriptor = openFile()
    guard descriptor >= 0 else {
      throw WillError(.io("cannot open \(path): \(String(cString: strerror(errno)))"))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw WillError(.io("cannot open \(path): \(String(cString: strerror(errno)))"))
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw WillError(.io("cannot read \(path): it is a directory"))
    }
    if Int(info.st_size) > limit {
      throw WillError(.limitExceeded(.fileBytes, value: Int(info.st_size), limit: limit))
    }
    // Read straight into the array, reserved one byte past the size so the read that finds
    // the end fits: the file is in memory once. A file that grows while it is read, or is not
    // regular (a pipe, a device: no size up front), grows the array as it comes.
    let expected = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
    try CheckedAllocation.probe(bytes: expected + 1)
    var bytes: [UInt8] = []
    var failure: Int32?
    if expected > 0 {
      // Into uninitialized storage: read(2) writes each byte once, nothing is zeroed first.
      bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
        adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
        while count < buffer.count {
          let got = readBytes(
            descriptor, UnsafeMutableRawPointer(buffer.baseAddress! + count), buffer.count - count)
          if got < 0 {
            if errno == EINTR { continue }
            failure = errno
            break
          }
          if got == 0 { break }
          count += got
        }
      }
      // The end was found where the size said: done. A file that grew reads on below.
      if failure == nil, bytes.count <= expected { return bytes }
      if bytes.count > limit {
        throw WillError(.limitExceeded(.fileBytes, value: bytes.count, limit: limit))
      }
    } else {
      bytes.reserveCapacity(1)
    }
    while failure == nil {
      let spare = bytes.capacity - bytes.count
      let wanted = spare > 0 ? spare : 1 << 16
      if spare == 0 { try CheckedAllocation.probe(bytes: 2 * bytes.count + wanted) }
      let start = bytes.count
      bytes.append(contentsOf: repeatElement(0, count: wanted))
      let got = bytes.withUnsafeMutableBytes { buffer in
        readBytes(descriptor, buffer.baseAddress! + start, wanted)
      }
      bytes.removeLast(wanted - max(got, 0))
      if got < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      if got == 0 { break }
      if bytes.count > limit {
        throw WillError(.limitExceeded(.fileBytes, value: bytes.count, limit: limit))
      }
    }
    if let failure {
      throw WillError(.io("cannot read \(path): \(String(cString: strerror(failure)))"))
    }
    return bytes
  }

  private static func readBytes(
    _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int
  ) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  /// Asks the system to back the 2 MiB-aligned middle of a large buffer with huge pages
  /// (Linux, where transparent huge pages are `madvise`d): reading a 64 MiB file then takes
  /// a few dozen page faults instead of sixteen thousand. Only a hint: nothing changes where
  /// the system declines.
  private static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
      let huge = 1 << 21
      guard buffer.count >= 2 * huge, let base = buffer.baseAddress else { return }
      let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
      let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
      guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    #endif
  }

  /// Writes `bytes` where `url` leads, as a careful Unix tool does:
  /// - a symbolic link is followed (the whole chain) and the file it names is written; the link
  ///   stays a link;
  /// - a regular file is replaced atomically: a temporary file beside it, flushed to disk, then
  ///   renamed over it, keeping its permission bits and, when the system allows it, its owner
  ///   and group. A failure or a kill midway leaves the file untouched;
  /// - a new file is created the same way, with the permissions `open(O_CREAT)` would give
  ///   (0666 less the umask);
  /// - a device, FIFO or socket is opened and written directly, never replaced;
  /// - a directory is an error.
  /// - Throws: ``WillErrorKind/io(_:)`` naming the path and the system's reason.
  package static func write(_ bytes: [UInt8], to url: URL) throws(WillError) {
    let destination = try OutputDestination.resolve(url.path)
    switch destination {
    case .special(let path):
      try writeDirectly(bytes, to: path)
    case .newFile(let path):
      try replace(path, with: bytes, keeping: nil)
    case .regularFile(let path, let owner, let group, let mode):
      try replace(path, with: bytes, keeping: (owner, group, mode))
    }
  }

  /// Called after the temporary file of a replacement is created and recorded, before anything
  /// is written to it. For tests only (`willdoc` sets it from a test-only environment
  /// variable to hold a write open while a test sends it a signal).
  nonisolated(unsafe) package static var afterCreatingTemporaryFile: (() -> Void)?

  /// Opens a device, FIFO or socket for writing and writes to it: no temporary file, no rename.
  private static func writeDirectly(_ bytes: [UInt8], to path: String) throws(WillError) {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw WillError(.io("cannot open \(path): \(String(cString: strerror(errno)))"))
    }
    let failure = writeAll(bytes, to: descriptor)
    let closed = close(descriptor) == 0 ? nil : String(cString: strerror(errno))
    if let failure = failure ?? closed {
      throw WillError(.io("cannot write \(path): \(failure)"))
    }
  }

  /// Writes a temporary file beside `path` and renames it over `path`. `keeping` holds the
  /// owner, group and mode of the file being replaced; `nil` for a new file.
  private static func replace(
    _ path: String, with bytes: [UInt8], keeping original: (uid_t, gid_t, mode_t)?
  ) throws(WillError) {
    let (descriptor, temporary) = try createTemporaryFile(beside: path, new: original == nil)
    afterCreatingTemporaryFile?()
    var failure = writeAll(bytes, to: descriptor)
    if failure == nil, let (owner, group, mode) = original {
      failure = keepOwnerAndMode(descriptor, owner: owner, group: group, mode: mode)
    }
    if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
    if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if failure != nil { unlink(temporary) }
    TemporaryFileCleanup.record(nil)
    if let failure {
      throw WillError(.io("cannot write \(path): \(failure)"))
    }
  }

  /// Creates `.NAME.tmp-XXXXXX` beside `path` with `O_EXCL`, and records it for the signal
  /// handlers before a signal can arrive. A new file is created with mode 0666, which the
  /// umask narrows exactly as it would for the file itself; a replacement starts private
  /// (0600) and takes the original's mode once its owner is set.
  private static func createTemporaryFile(beside path: String, new: Bool) throws(WillError) -> (
    Int32, String
  ) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var lastError: Int32 = EEXIST
    for _ in 0..<100 {
      let suffix = TemporaryName.random(6)
      let temporary = folder + ".\(name).tmp-\(suffix)"
      let descriptor = TemporaryFileCleanup.withSignalsBlocked { () -> Int32 in
        let descriptor = open(
          temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, new ? 0o666 : 0o600)
        if descriptor >= 0 { TemporaryFileCleanup.record(temporary) } else { lastError = errno }
        return descriptor
      }
      if descriptor >= 0 { return (descriptor, temporary) }
      if lastError != EEXIST { break }
    }
    let reason = String(cString: strerror(lastError))
    // The folder as people write it: `.` for the current one, no trailing slash but on `/`.
    let folderName = folder.isEmpty ? "." : folder == "/" ? "/" : String(folder.dropLast())
    var folderInfo = stat()
    let folderExists = stat(folderName, &folderInfo) == 0 && folderInfo.st_mode & S_IFMT == S_IFDIR
    if [ENOENT, ENOTDIR].contains(lastError), !folderExists {
      throw WillError(.io("cannot write \(path): the folder \(folderName) does not exist"))
    }
    if [EACCES, EPERM, EROFS].contains(lastError) {
      throw WillError(
        .io("cannot write \(path): no new file can be made in the folder \(folderName): \(reason)"))
    }
    throw WillError(.io("cannot create a temporary file beside \(path): \(reason)"))
  }

  /// Gives the temporary file the replaced file's owner and group when the system allows it
  /// (only root may give a file away: `EPERM` is expected and ignored), then its mode. Set-id
  /// bits are kept only when the owner was.
  private static func keepOwnerAndMode(
    _ descriptor: Int32, owner: uid_t, group: gid_t, mode: mode_t
  ) -> String? {
    var keptOwner = true
    if fchown(descriptor, owner, group) != 0 {
      guard errno == EPERM else { return String(cString: strerror(errno)) }
      keptOwner = false
      // The group alone may still be ours to give (a group we belong to).
      _ = fchown(descriptor, uid_t.max, group)
    }
    let bits = keptOwner ? mode : mode & 0o777
    return fchmod(descriptor, bits) == 0 ? nil : String(cString: strerror(errno))
  }

  /// Writes every byte, retrying after signals and partial writes; the error text, or `nil`.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
    bytes.withUnsafeBytes { buffer -> String? in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(
          descriptor, buffer.baseAddress! + offset, buffer.count - offset)
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

/// `write(2)`, out of reach of ``FileIO/write(_:to:)``'s name.
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}
