#if os(Linux)
  import Foundation
  import InkTestSupport
  import Testing

  /// How the README's release `willdoc` is linked for a fast start (Package.swift): it exports
  /// no Swift symbol for the loader and the runtime's `dladdr` to search, and the functions of
  /// Tools/link/willdoc.order are laid out in that order.
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

    @Test func theStartUpFunctionsAreLaidOutInOrder() throws {
      let binary = try #require(BudgetedRun.releaseBinary)
      let table = try ExternalTool.run("readelf", ["--syms", "--wide", binary.path])
      var addresses: [Substring: UInt64] = [:]
      for line in String(decoding: table, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 8, fields[3] == "FUNC", let address = UInt64(fields[1], radix: 16)
        else { continue }
        addresses[fields[7]] = address
      }
      // The project's own functions: each has a section of its own (Package.swift), so the
      // linker can move every one of them. (Some of the runtime's and swift-argument-parser's
      // cannot be moved, and stay where they are.)
      let modules = ["$s7willdoc", "$s8InkCodec", "$s9InkRender", "$s8InkInput"]
      let listed = try String(
        contentsOf: Fixtures.packageRoot.appendingPathComponent("Tools/link/willdoc.order"),
        encoding: .utf8
      ).split(separator: "\n").filter { name in modules.contains { name.hasPrefix($0) } }
      let first = listed.prefix(300)
      let placed = first.compactMap { addresses[$0] }
      // The file matches the code (Tools/startup-order wrote it from runs of this code).
      #expect(placed.count >= first.count * 9 / 10, "\(placed.count) of \(first.count) found")
      let outOfOrder = zip(placed, placed.dropFirst()).filter { $1 < $0 }.count
      #expect(outOfOrder == 0, "of \(placed.count) functions")
    }
  }
#endif
