import Foundation
import InkTestSupport
import Testing

/// How the README's release build links `willdoc` on Linux (Package.swift): GCC's static
/// libstdc++ inside the executable, by lld, wherever both are installed, so that no
/// libstdc++.so is loaded and bound at each start. The budget and parity suites run that
/// binary on every sample and hostile file.
@Suite(
  .enabled(
    if: BudgetedRun.releaseBinary != nil,
    "set WILLDOC_BUDGET_BINARY to the README's release build"))
struct ReleaseLinkingTests {
  /// Whether this machine has what the manifest asks for: libstdc++'s static archive in a GCC
  /// installation and `ld.lld` on the `PATH`.
  static var canLinkStaticCxx: Bool {
    let files = FileManager.default
    let root = "/usr/lib/gcc"
    let archive = ((try? files.contentsOfDirectory(atPath: root)) ?? []).contains { triple in
      ((try? files.contentsOfDirectory(atPath: "\(root)/\(triple)")) ?? []).contains {
        files.fileExists(atPath: "\(root)/\(triple)/\($0)/libstdc++.a")
      }
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let lld = path.split(separator: ":").contains { files.isExecutableFile(atPath: "\($0)/ld.lld") }
    return archive && lld
  }

  @Test(.enabled(if: canLinkStaticCxx, "no static libstdc++ or no ld.lld here"))
  func theReleaseBinaryLoadsNoLibstdcxx() throws {
    let binary = try #require(BudgetedRun.releaseBinary)
    let linked = try ProfileParityTests.linkedLibraries(binary)
    #expect(!linked.contains { $0.hasPrefix("libstdc++") }, "\(binary.path) links \(linked)")
    // The check sees what it looks for: libc is listed.
    #expect(linked.contains { $0.hasPrefix("libc.so") }, "\(linked)")
  }
}
