#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One environment variable, read with `getenv`: `ProcessInfo`'s environment builds a
/// dictionary of every variable, whose first use cost a conformance scan of the whole
/// executable at every start (BENCHMARKS.md "Start-up").
enum EnvironmentVariable {
  /// The value of `name`, or `nil` when it is not set.
  static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
