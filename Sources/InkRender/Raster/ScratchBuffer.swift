import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reusable storage for the rasteriser's per-sweep working arrays.
///
/// Hot loops index raw pointers taken once per sweep, so they pay neither the uniqueness check
/// of a copy-on-write array nor bounds checks. The contents only live for one sweep: copies of a
/// rasteriser share the storage, which is fine because nothing keeps data in it between
/// sweeps and a rasteriser is used by one thread at a time.
///
/// The sizes follow the geometry, so the storage comes from `malloc`: running out of memory
/// gives `nil`, which the rasteriser reports as an error instead of trapping.
final class ScratchBuffer<Element: BitwiseCopyable> {
  private var base: UnsafeMutablePointer<Element>?
  private var capacity: Int

  init(capacity: Int = 64) {
    self.capacity = 0
    _ = reserve(max(capacity, 1))
  }

  deinit { free(base) }

  /// Storage for at least `count` elements, uninitialised; earlier contents may be lost.
  /// `nil` when that much memory cannot be allocated.
  func reserve(_ count: Int) -> UnsafeMutablePointer<Element>? {
    if count > capacity || base == nil {
      let wanted = max(count, capacity * 2, 1)
      free(base)
      base = nil
      capacity = 0
      guard let bytes = CheckedAllocation.bytes(wanted, stride: MemoryLayout<Element>.stride),
        let raw = malloc(bytes)
      else { return nil }
      base = raw.bindMemory(to: Element.self, capacity: wanted)
      capacity = wanted
    }
    return base
  }

  /// The bytes `count` elements take, for error reports.
  static func bytes(_ count: Int) -> Int {
    CheckedAllocation.bytes(count, stride: MemoryLayout<Element>.stride) ?? .max
  }
}
