#if os(Linux)
  import Foundation
  import InkTestSupport
  import Testing

  /// How the README's release build links `willdoc` on Linux (Package.swift and
  /// Tools/link/lld-static-c-libraries): by lld, as a static position-independent executable
  /// where every archive it needs is installed, else with GCC's static libstdc++ and the C
  /// libraries that have archives inside, so that the loader maps and binds as little as it
  /// can at each start; a static one starting at Sources/CEntryPoint; no Swift symbol exported
  /// for the loader and the runtime's `dladdr` to search; the functions of
  /// Tools/link/willdoc.order laid out in that order. The budget and parity suites run that binary on every sample and hostile
  /// file.
  @Suite(
    .enabled(
      if: BudgetedRun.releaseBinary != nil,
      "set WILLDOC_BUDGET_BINARY to the README's release build"))
  struct ReleaseLinkingTests {
    /// Whether this machine has what the manifest asks for: libstdc++'s static archive in a
    /// GCC installation and `ld.lld` on the `PATH`.
    static var canLinkStaticCxx: Bool {
      let files = FileManager.default
      let root = "/usr/lib/gcc"
      let archive = ((try? files.contentsOfDirectory(atPath: root)) ?? []).contains { triple in
        ((try? files.contentsOfDirectory(atPath: "\(root)/\(triple)")) ?? []).contains {
          files.fileExists(atPath: "\(root)/\(triple)/\($0)/libstdc++.a")
        }
      }
      let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
      let lld = path.split(separator: ":").contains {
        files.isExecutableFile(atPath: "\($0)/ld.lld")
      }
      return archive && lld
    }

    /// The rows of a symbol table that `readelf option --wide` prints, split into fields.
    static func symbolRows(_ option: String, of binary: URL) throws -> [[Substring]] {
      let table = try ExternalTool.run("readelf", [option, "--wide", binary.path])
      return String(decoding: table, as: UTF8.self).split(separator: "\n").map {
        $0.split(whereSeparator: \.isWhitespace)
      }
    }

    /// The libraries the loader maps for `binary`: its `NEEDED` entries.
    static func neededLibraries(_ binary: URL) throws -> [String] {
      try symbolRows("--dynamic", of: binary).compactMap { row in
        guard row.count >= 5, row[1] == "(NEEDED)" else { return nil }
        return String(row[4].dropFirst().dropLast())  // "[libc.so.6]"
      }
    }

    /// Whether library `name`'s static archive is installed where the linker looks for it:
    /// a multiarch directory such as /usr/lib/x86_64-linux-gnu, or a GCC installation's.
    static func hasStaticArchive(_ name: String) -> Bool {
      let files = FileManager.default
      let roots = ["/usr/lib", "/lib", "/usr/lib/gcc"]
      var directories = roots
      for root in roots {
        for triple in (try? files.contentsOfDirectory(atPath: root)) ?? [] {
          let directory = "\(root)/\(triple)"
          directories.append(directory)
          if root.hasSuffix("gcc") {
            directories += ((try? files.contentsOfDirectory(atPath: directory)) ?? []).map {
              "\(directory)/\($0)"
            }
          }
        }
      }
      return directories.contains { files.fileExists(atPath: "\($0)/lib\(name).a") }
    }

    /// The C libraries Tools/link/lld-static-c-libraries links from archives, each with the
    /// archive that replaces it.
    static let staticallyLinked = [
      (shared: "libz.so", archive: "z"), (shared: "liblzma.so", archive: "lzma"),
      (shared: "libjpeg.so", archive: "jpeg"), (shared: "libgcc_s.so", archive: "gcc_eh"),
      (shared: "libstdc++.so", archive: "stdc++"),
    ]

    /// Whether the release willdoc of the default profile is linked whole, as a static
    /// position-independent executable: every archive it needs is installed.
    static var linksWholeStatic: Bool {
      canLinkStaticCxx
        && (staticallyLinked.map(\.archive) + ["c", "m"]).allSatisfy(hasStaticArchive)
    }

    @Test(.enabled(if: canLinkStaticCxx, "no static libstdc++ or no ld.lld here"))
    func theReleaseBinaryLoadsNoLibraryWhoseArchiveIsInstalled() throws {
      let binary = try #require(BudgetedRun.releaseBinary)
      let needed = try Self.neededLibraries(binary)
      if Self.linksWholeStatic {
        #expect(needed.isEmpty, "\(binary.path) needs \(needed)")
        let headers = String(
          decoding: try ExternalTool.run("readelf", ["--program-headers", "--wide", binary.path]),
          as: UTF8.self)
        #expect(!headers.contains("INTERP"), "\(binary.path) names a loader")
        #expect(headers.contains("DYN"), "\(binary.path) is not position-independent")
      } else {
        for library in Self.staticallyLinked where Self.hasStaticArchive(library.archive) {
          #expect(
            !needed.contains { $0.hasPrefix(library.shared) }, "\(binary.path) needs \(needed)")
        }
        // The check sees what it looks for: libc is listed.
        #expect(needed.contains { $0.hasPrefix("libc.so") }, "\(needed)")
      }
    }

    /// `/proc/PID/name` of `binary` running `inspect -` while it waits for standard input
    /// (in `read`, system call 0), read to its end: /proc reports the files as empty, and
    /// `smaps` is longer than a page.
    static func procFile(_ name: String, whileWaiting binary: URL) throws -> String {
      let process = Process()
      process.executableURL = binary
      process.arguments = ["inspect", "-"]
      let input = Pipe()
      process.standardInput = input
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      defer {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
      }
      let call = "/proc/\(process.processIdentifier)/syscall"
      for _ in 0..<400 {
        let text = (try? String(contentsOfFile: call, encoding: .utf8)) ?? ""
        if text.hasPrefix("0 ") { break }
        usleep(5_000)
      }
      let file = try #require(
        FileHandle(forReadingAtPath: "/proc/\(process.processIdentifier)/\(name)"))
      return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    }

    /// A static executable is still placed at a new address each run: the executable's first
    /// mapping, read from /proc while it waits for standard input, differs between two runs.
    @Test func theReleaseBinaryIsPlacedAtARandomAddress() throws {
      let binary = try #require(BudgetedRun.releaseBinary)
      var bases: Set<String> = []
      for _ in 0..<2 {
        let maps = try Self.procFile("maps", whileWaiting: binary)
        let line = maps.split(separator: "\n").first { $0.hasSuffix(binary.lastPathComponent) }
        bases.insert(
          String(try #require(line, "no mapping of \(binary.path)").prefix { $0 != "-" }))
      }
      #expect(bases.count == 2, "both runs mapped willdoc at \(bases)")
    }

    /// The static executable starts at Sources/CEntryPoint, which faults in the pages its
    /// start-up writes in a few system calls rather than one fault per page: while
    /// `inspect -` waits for standard input, every page of its zero-initialised data is
    /// resident (the mapping after its file's), where a run touches only a fifth of them.
    @Test(
      .enabled(if: linksWholeStatic, "not linked whole static here"),
      .enabled(if: runsOnX86, "the entry point is written for x86-64"))
    func theStaticReleaseBinaryFaultsInItsWrittenPagesAtStart() throws {
      let binary = try #require(BudgetedRun.releaseBinary)
      let smaps = try Self.procFile("smaps", whileWaiting: binary)
      // Each mapping: its header line (range, …, path), then `Size:`, `Rss:`, … in kB.
      var mappings: [(path: String, size: Int, resident: Int)] = []
      for line in smaps.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        if fields.first?.contains("-") == true, fields.count >= 5 {
          mappings.append((fields.count > 5 ? String(fields[5]) : "", 0, 0))
        } else if fields.first == "Size:", let kB = Int(fields[1]) {
          mappings[mappings.count - 1].size = kB
        } else if fields.first == "Rss:", let kB = Int(fields[1]) {
          mappings[mappings.count - 1].resident = kB
        }
      }
      let name = "/" + binary.lastPathComponent
      let last = try #require(mappings.lastIndex { $0.path.hasSuffix(name) }, "\(mappings)")
      let zeroData = try #require(mappings.indices.contains(last + 1) ? mappings[last + 1] : nil)
      #expect(zeroData.path.isEmpty && zeroData.size > 100, "\(zeroData)")
      #expect(zeroData.resident == zeroData.size, "\(zeroData.resident) of \(zeroData.size) kB")
    }

    static var runsOnX86: Bool {
      #if arch(x86_64)
        true
      #else
        false
      #endif
    }

    /// valgrind, which Tools/startup-order runs and people debug with, reads the release
    /// binary: valgrind 3.19 (Debian 12) gives up on one whose debug information mixes DWARF 4
    /// and 5 units (Package.swift compiles Sources/CEntryPoint for DWARF 4).
    @Test(.enabled(if: ExternalTool.isUsable("valgrind"), "install valgrind"))
    func valgrindRunsTheReleaseBinary() throws {
      let binary = try #require(BudgetedRun.releaseBinary)
      let output = try ExternalTool.run(
        "valgrind", ["--tool=none", "-q", binary.path, "--version"])
      #expect(String(decoding: output, as: UTF8.self).hasPrefix("willdoc "))
    }

    @Test(.enabled(if: ExternalTool.isUsable("readelf"), "install binutils"))
    func theReleaseBinaryExportsNoSwiftSymbols() throws {
      let binary = try #require(BudgetedRun.releaseBinary)
      let rows = try Self.symbolRows("--dyn-syms", of: binary)
      let names = rows.compactMap { $0.dropFirst(7).first }
      // The check sees symbols: the C library's, which a dynamic binary imports, are listed;
      // a static one has only the empty first row.
      if Self.linksWholeStatic {
        #expect(rows.contains { $0.first == "0:" })
      } else {
        #expect(names.contains { $0.hasPrefix("memcpy") })
      }
      let swift = names.filter { $0.hasPrefix("$s") }
      let exported = swift.count
      #expect(exported == 0, "Swift symbols exported, e.g. \(swift.prefix(3))")
    }

    /// Package.swift and Tools/release-toolset.json compile the package's modules and
    /// swift-argument-parser to make generic types through their metadata accessors. Code
    /// compiled without the flag keeps a demangling cache variable (a symbol ending in `MD`)
    /// for each type it makes from a mangled name, whose first use checks each conformance the
    /// type needs by scanning every conformance record in the executable.
    @Test(.enabled(if: ExternalTool.isUsable("readelf"), "install binutils"))
    func noGenericTypeOfOurCodeIsMadeFromAMangledName() throws {
      let binary = try #require(BudgetedRun.releaseBinary)
      let caches = try Self.symbolRows("--syms", of: binary).compactMap { $0.dropFirst(7).first }
        .filter { $0.hasPrefix("$s") && $0.hasSuffix("MD") }
      // The check sees such variables: the prebuilt standard library's are listed.
      #expect(caches.count > 100, "\(caches.count) demangling cache variables")
      let modules = ["7willdoc", "8InkCodec", "9InkRender", "8InkInput", "14ArgumentParser"]
      let ours = caches.filter { name in modules.contains { name.contains($0) } }
      let count = ours.count
      #expect(count == 0, "e.g. \(ours.prefix(3))")
    }

    @Test(.enabled(if: ExternalTool.isUsable("readelf"), "install binutils"))
    func theStartUpFunctionsAreLaidOutInOrder() throws {
      let binary = try #require(BudgetedRun.releaseBinary)
      var addresses: [Substring: UInt64] = [:]
      for fields in try Self.symbolRows("--syms", of: binary) {
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
