#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decompresses a package's paths parts for the decoders of streams opened by
/// ``StrokeStreams/withStreams(parsing:limits:_:)``, while that call holds the package open.
///
/// It keeps the last part it read (an element's strokes are asked for in order) and every
/// part that several elements draw (read once, however often it is drawn: the reading budget
/// charged each drawing, not each decompression). Once closed, it refuses instead of reaching
/// for a package that is gone.
final class PathsPartLoader: @unchecked Sendable {
  private let package: InkPackage
  /// The part name of each stream.
  private let parts: [String]
  /// The streams that more than one element draws.
  private let shared: Set<Int>
  /// Guards everything below: libzip reads one entry at a time.
  private let lock = SystemLock()
  private var kept: [Int: [UInt8]] = [:]
  private var last: (stream: Int, bytes: [UInt8])?
  private var isOpen = true

  init(package: InkPackage, parts: [String], shared: Set<Int>) {
    self.package = package
    self.parts = parts
    self.shared = shared
  }

  /// The bytes of the stream at `index`.
  func bytes(of index: Int) throws(WillError) -> [UInt8] {
    lock.lock()
    defer { lock.unlock() }
    guard isOpen else {
      throw WillError(
        .unsupported("the streams' file was closed when withStreams(parsing:) returned"),
        part: parts[index])
    }
    if let bytes = kept[index] { return bytes }
    if let last, last.stream == index { return last.bytes }
    guard let entry = package.part(try PartName(parts[index])) else {
      throw WillError(.missingPart(parts[index]), part: parts[index])
    }
    let bytes = try package.data(of: entry)
    if shared.contains(index) {
      kept[index] = bytes
    } else {
      last = (index, bytes)
    }
    return bytes
  }

  /// Refuses every later request and lets go of the parts.
  func close() {
    lock.lock()
    defer { lock.unlock() }
    isOpen = false
    kept = [:]
    last = nil
  }
}
