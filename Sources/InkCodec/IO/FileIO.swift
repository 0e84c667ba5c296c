import Foundation

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
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw WillError(.io("cannot open \(path): \(String(cString: strerror(errno)))"))
    }
    if Int(info.st_size) > limit {
      throw WillError(.limitExceeded(.fileBytes, value: Int(info.st_size), limit: limit))
    }
    // The read and the copy into an array each hold the whole file for a moment.
    try CheckedAllocation.probe(bytes: 2 * Int(info.st_size))
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw WillError(.io("cannot open \(path)"))
    }
    defer { try? handle.close() }
    do {
      let data = try handle.read(upToCount: limit + 1) ?? Data()
      if data.count > limit {
        throw WillError(.limitExceeded(.fileBytes, value: data.count, limit: limit))
      }
      return [UInt8](data)
    } catch let error as WillError {
      throw error
    } catch {
      throw WillError(.io("cannot read \(path): \(error.localizedDescription)"))
    }
  }

  /// Writes `bytes` to `url` atomically: into a temporary file in the same folder, flushed to
  /// disk, then renamed over the destination. A failure or a kill midway leaves any existing
  /// file untouched.
  package static func writeAtomically(_ bytes: [UInt8], to url: URL) throws(WillError) {
    let path = url.path
    let directory = url.deletingLastPathComponent().path
    let templatePath =
      (directory.isEmpty ? "." : directory) + "/.\(url.lastPathComponent).tmp-XXXXXX"
    var template = Array(templatePath.utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw WillError(
        .io("cannot create a temporary file beside \(path): \(String(cString: strerror(errno)))"))
    }
    // mkstemp filled in the X's; the name ends at the terminating NUL.
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var failure: String?
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        offset += written
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
    if failure == nil, fchmod(descriptor, 0o644) != 0 { failure = String(cString: strerror(errno)) }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temporary)
      throw WillError(.io("cannot write \(path): \(failure)"))
    }
  }
}
