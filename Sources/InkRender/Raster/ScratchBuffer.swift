/// Reusable storage for the rasteriser's per-sweep working arrays.
///
/// Hot loops index raw pointers taken once per sweep, so they pay neither the uniqueness check
/// of a copy-on-write array nor bounds checks. The contents only live for one sweep: copies of a
/// rasteriser share the storage, which is fine because nothing keeps data in it between
/// sweeps and a rasteriser is used by one thread at a time.
final class ScratchBuffer<Element: BitwiseCopyable> {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int

  init(capacity: Int = 64) {
    self.capacity = max(capacity, 1)
    base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Storage for at least `count` elements, uninitialised; earlier contents may be lost.
  func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
    if count > capacity {
      base.deallocate()
      capacity = max(count, capacity * 2)
      base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }
    return base
  }
}
