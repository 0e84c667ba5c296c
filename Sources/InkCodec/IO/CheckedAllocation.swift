#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reserves memory whose size an input decides, so that a failure is a ``WillError`` rather
/// than a trap: Swift's own allocator stops the process when `malloc` fails (as it does under
/// an address-space limit), so a large request is first tried with `malloc` itself.
package enum CheckedAllocation {
  /// Requests smaller than this are not probed: they cannot matter to the budget.
  static let probeThreshold = 1 << 20

  /// Reserves room for `capacity` elements in `array`.
  /// - Throws: ``WillErrorKind/allocationFailed(bytes:)`` when the memory is not available.
  package static func reserve<Element>(
    _ array: inout [Element], capacity: Int, part: String? = nil
  ) throws(WillError) {
    let (bytes, overflow) = capacity.multipliedReportingOverflow(
      by: MemoryLayout<Element>.stride)
    guard !overflow else {
      throw WillError(.allocationFailed(bytes: .max), part: part)
    }
    try probe(bytes: bytes, part: part)
    array.reserveCapacity(capacity)
  }

  /// Throws when `bytes` cannot be allocated now.
  package static func probe(bytes: Int, part: String? = nil) throws(WillError) {
    guard bytes >= probeThreshold else { return }
    guard let memory = malloc(bytes) else {
      throw WillError(.allocationFailed(bytes: bytes), part: part)
    }
    free(memory)
  }
}
