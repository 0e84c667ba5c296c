#if os(Linux)
  import Foundation
  import InkTestSupport
  import Testing

  /// How the README's release `willdoc` is linked for a fast start (Package.swift): it exports
  /// no Swift symbol for the loader and the runtime's `dladdr` to search.
  @Suite(
    .enabled(
      if: BudgetedRun.releaseBinary != nil && ExternalTool.isUsable("readelf"),
      "set WILLDOC_BUDGET_BINARY to the release willdoc (README) and install binutils"))
  struct ReleaseLinkingTests {
    @Test func theReleaseBinaryExportsNoSwiftSymbols() throws {
      let binary = try #require(BudgetedRun.releaseBinary)
      let table = try ExternalTool.run("readelf", ["--dyn-syms", "--wide", binary.path])
      let names = String(decoding: table, as: UTF8.self).split(separator: "\n").compactMap {
        $0.split(whereSeparator: \.isWhitespace).dropFirst(7).first
      }
      // The check sees symbols: the C library's, which the binary imports, are listed.
      #expect(names.contains { $0.hasPrefix("memcpy") })
      let swift = names.filter { $0.hasPrefix("$s") }
      let exported = swift.count
      #expect(exported == 0, "Swift symbols exported, e.g. \(swift.prefix(3))")
    }
  }
#endif
