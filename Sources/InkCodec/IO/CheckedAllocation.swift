#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reserves memory whose size an input decides, so that a failure is a ``WillError`` rather
/// than a trap: Swift's own allocator stops the process when `malloc` fails (as it does under
/// an address-space limit), and arrays have no fallible initialiser. So a large request is
/// first tried with `mmap` and released at once; the array then gets the same room back.
/// (`malloc` and `free` of memory nobody touches would be removed by the optimiser.)
package enum CheckedAllocation {
  /// Requests smaller than this are not probed: they cannot matter to the budget.
  static let probeThreshold = 1 << 20

  /// The byte count of `count` elements of `stride` bytes, or `nil` when it overflows.
  package static func bytes(_ count: Int, stride: Int) -> Int? {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: stride)
    return overflow || count < 0 ? nil : bytes
  }

  /// Reserves room for `capacity` elements in `array`.
  /// - Throws: ``WillErrorKind/allocationFailed(bytes:)`` when the memory is not available.
  package static func reserve<Element>(
    _ array: inout [Element], capacity: Int, part: String? = nil
  ) throws(WillError) {
    try probe(Element.self, count: capacity, part: part)
    array.reserveCapacity(capacity)
  }

  /// Throws `allocationFailed` unless `count` elements of `T` can be allocated now.
  package static func probe<T>(_: T.Type, count: Int, part: String? = nil) throws(WillError) {
    guard let bytes = bytes(count, stride: MemoryLayout<T>.stride) else {
      throw WillError(.allocationFailed(bytes: .max), part: part)
    }
    try probe(bytes: bytes, part: part)
  }

  /// Throws `allocationFailed` unless `bytes` can be allocated now.
  package static func probe(bytes: Int, part: String? = nil) throws(WillError) {
    guard bytes >= probeThreshold else { return }
    let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let memory, memory != MAP_FAILED else {
      throw WillError(.allocationFailed(bytes: bytes), part: part)
    }
    munmap(memory, bytes)
  }
}
