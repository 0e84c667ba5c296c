#if canImport(Glibc)
  import Glibc
  import Testing

  @testable import willdoc

  /// Zero-initialised, so it lives in the test executable's zero-filled data.
  nonisolated(unsafe) private var zeroFilledProbe = 0

  /// `willdoc` maps its zero-filled data (`.bss`) in one call at start-up: the ranges are the
  /// running executable's, and after ``ZeroFilledData/mapAll()`` every page of them is resident.
  @Suite struct ZeroFilledDataTests {
    @Test func rangesHoldTheExecutablesZeroFilledVariables() {
      let address = withUnsafeMutablePointer(to: &zeroFilledProbe) { UInt(bitPattern: $0) }
      let ranges = ZeroFilledData.ranges()
      let page = UInt(getpagesize())
      #expect(!ranges.isEmpty)
      #expect(ranges.allSatisfy { $0.lowerBound % page == 0 && $0.upperBound % page == 0 })
      // The probe can share its page with the file-backed data before it: at most one page off.
      let nextPage = (address & ~(page - 1)) + page
      #expect(ranges.contains { $0.contains(address) || $0.lowerBound == nextPage })
    }

    @Test func mapAllMakesEveryPageResident() throws {
      try #require(ZeroFilledData.mapAll(), "MADV_POPULATE_WRITE needs Linux 5.14 or later")
      let page = Int(getpagesize())
      for range in ZeroFilledData.ranges() {
        let pages = Int(range.count) / page
        var resident = [UInt8](repeating: 0, count: pages)
        let start = UnsafeMutableRawPointer(bitPattern: range.lowerBound)
        #expect(mincore(start, Int(range.count), &resident) == 0, "errno \(errno)")
        #expect(resident.allSatisfy { $0 & 1 == 1 })
      }
    }
  }
#endif
