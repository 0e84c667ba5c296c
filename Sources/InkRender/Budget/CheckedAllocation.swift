import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Allocation of buffers whose size the input decides, where running out of memory must be
/// an error and not a trap.
enum CheckedAllocation {
  /// The byte count of `count` elements of `stride` bytes, or `nil` when it overflows.
  static func bytes(_ count: Int, stride: Int) -> Int? {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: stride)
    return overflow || count < 0 ? nil : bytes
  }

  /// Throws `allocationFailed` unless `bytes` can be allocated now.
  ///
  /// Swift arrays trap when their storage cannot be allocated, and there is no fallible
  /// initialiser; so the size is tried with `malloc` first and released at once. Under an
  /// address-space limit the array then gets the same room back.
  static func probe(bytes: Int) throws(WillError) {
    guard bytes >= 0, let p = malloc(max(bytes, 1)) else {
      throw WillError(.allocationFailed(bytes: bytes))
    }
    free(p)
  }

  /// Throws `allocationFailed` unless `count` elements of `T` can be allocated now.
  static func probe<T>(_: T.Type, count: Int) throws(WillError) {
    guard let bytes = bytes(count, stride: MemoryLayout<T>.stride) else {
      throw WillError(.allocationFailed(bytes: .max))
    }
    try probe(bytes: bytes)
  }
}
