// swift-tools-version: 6.2
import Foundation
import PackageDescription

// `WILLDOC_OPTIMIZE=1` (set by .ci/run and the README's test command) compiles the libraries
// optimised in debug builds too: the tests then run the code people ship, several times
// faster. A package that depends on this one never sets it, so never sees the flag.
let optimizedInDebug: [SwiftSetting] =
  Context.environment["WILLDOC_OPTIMIZE"] == nil
  ? [] : [.unsafeFlags(["-O"], .when(configuration: .debug))]

// Release builds make generic types from their metadata accessors, not from mangled names
// that the runtime demangles and checks conformance by conformance at first use; in the
// libraries that was 2 M of the 20 M instructions of a `willdoc inspect -q` of a note
// (BENCHMARKS.md "Start-up"). They have it on Linux, where it was measured. Unsafe flags in a
// library are why the tools version is 6.2: older tools refuse them in a dependency. A
// dependency's code cannot get a package's flags: the README's release build passes the same
// flag to every module, swift-argument-parser's included, through Tools/release-toolset.json
// (its property wrappers' first `Set` of names was a scan of every conformance record).
let metadataAccessors = ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]
// On Linux each function gets a section of its own, so that the release link can put the
// functions a run uses side by side (Tools/startup-order).
let functionSections: [SwiftSetting] = [
  .unsafeFlags(
    ["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release))
]
let fastStart: [SwiftSetting] =
  [.unsafeFlags(metadataAccessors, .when(configuration: .release))] + functionSections
let librarySettings: [SwiftSetting] =
  optimizedInDebug
  + [.unsafeFlags(metadataAccessors, .when(platforms: [.linux], configuration: .release))]
  + functionSections

// How the release willdoc is linked on Linux, where lld and GCC's static libstdc++ are
// installed, for a fast start (BENCHMARKS.md "Start-up"):
// - GCC's static libstdc++, which the static Swift runtime needs, instead of libstdc++.so,
//   whose symbol binding was most of the loader's work: `-lstdc++` finds Tools/link/libstdc++.so,
//   a linker script naming the archive, first.
// - Everything else from archives too where they are installed (Tools/link/lld-static-c-libraries,
//   which runs lld): a static position-independent executable, which no loader maps and binds;
//   with the libzip or libxml2 trait, a dynamic one with zlib, liblzma, libjpeg and libgcc's
//   unwinder inside, for which the loader maps libc and libm and what the traits bring.
// - Relative relocations packed as DT_RELR where glibc reads them (2.36 and later).
// - The functions that one-file commands run side by side (Tools/link/willdoc.order, written
//   by Tools/startup-order): a run faults in half as many pages of code.
// - No exported symbols (`--no-export-dynamic` undoes SwiftPM's `-export-dynamic`): nothing
//   looks them up, and the Swift runtime's `dladdr` at start-up walked all 7,000.
let packedRelocations =
  hasGlibc(atLeast: [2, 36]) ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : []
let staticCxxLinking: [LinkerSetting] =
  hasStaticCxxLibrary() && hasLLD()
  ? [
    .unsafeFlags(
      [
        "-use-ld=" + Context.packageDirectory + "/Tools/link/lld-static-c-libraries",
        "-L", Context.packageDirectory + "/Tools/link", "-Xlinker",
        "--no-export-dynamic", "-Xlinker",
        "--symbol-ordering-file=" + Context.packageDirectory + "/Tools/link/willdoc.order",
        "-Xlinker", "--no-warn-symbol-ordering",
      ]
        + packedRelocations,
      .when(platforms: [.linux], configuration: .release))
  ] : []

/// Whether a GCC installation has libstdc++'s static archive (`/usr/lib/gcc/TRIPLE/VERSION/`).
func hasStaticCxxLibrary() -> Bool {
  let files = FileManager.default
  let root = "/usr/lib/gcc"
  let triples = (try? files.contentsOfDirectory(atPath: root)) ?? []
  return triples.contains { triple in
    let versions = (try? files.contentsOfDirectory(atPath: "\(root)/\(triple)")) ?? []
    return versions.contains { files.fileExists(atPath: "\(root)/\(triple)/\($0)/libstdc++.a") }
  }
}

/// Whether the manifest runs on glibc of `version` (`[2, 36]`) or later.
func hasGlibc(atLeast version: [Int]) -> Bool {
  #if canImport(Glibc)
    // "glibc 2.36"
    var name = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count) > 0 else { return false }
    let text = String(
      decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let words = text.split(separator: " ")
    guard words.count == 2, words[0] == "glibc" else { return false }
    let running = words[1].split(separator: ".").compactMap { Int($0) }
    return !running.lexicographicallyPrecedes(version)
  #else
    return false
  #endif
}

/// Whether `ld.lld` is on the `PATH`, as it is beside `swift` in Swift's Linux toolchains.
func hasLLD() -> Bool {
  let path = Context.environment["PATH"] ?? ""
  return path.split(separator: ":").contains {
    FileManager.default.isExecutableFile(atPath: "\($0)/ld.lld")
  }
}

// `WILLDOC_LIBRARY_TESTS=1` (set by .ci/run for the other build profile) leaves out the
// command line's tests: the default profile's tests run that profile's optimised willdoc
// (ProfileParityTests, ResourceBudgetTests), so its test build need not compile willdoc.
let commandLineTests: [Target] =
  Context.environment["WILLDOC_LIBRARY_TESTS"] != nil
  ? []
  : [
    .testTarget(
      name: "WillDocTests",
      // willdoc itself for the tests of its internals (DirectParseTests); the rest run it.
      dependencies: ["InkCodec", "InkTestSupport", "willdoc"],
      exclude: ["Snapshots"]
    )
  ]

let package = Package(
  name: "willdoc",
  // Typed-throws function types, used throughout, need the Swift 6 runtime on Apple platforms.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "InkCodec", targets: ["InkCodec"]),
    .library(name: "InkRender", targets: ["InkRender"]),
    .library(name: "InkInput", targets: ["InkInput"]),
    .executable(name: "willdoc", targets: ["willdoc"]),
  ],
  // The default trait links the C libraries that add what InkCodec's own code lacks (LZMA,
  // JPEG); without it (and always on Apple platforms) every product needs zlib only. libzip
  // and libxml2 are opt-in: InkCodec's own zip and XML code gives the same results without
  // the start-up cost of loading them (and Foundation with ICU). README "Build profiles".
  traits: [
    .default(enabledTraits: ["SystemLibraries"]),
    .trait(
      name: "SystemLibraries",
      description: "liblzma and libjpeg-turbo on Linux: the default profile.",
      enabledTraits: ["LZMA", "JPEG"]),
    .trait(
      name: "Libzip",
      description:
        "Zip packages through libzip on Linux (opt-in); otherwise through InkCodec's own zip code."
    ),
    .trait(
      name: "LZMA", description: "LZMA-compressed UIM chunks through liblzma on Linux."),
    .trait(name: "JPEG", description: "JPEG section images through libjpeg-turbo on Linux."),
    .trait(
      name: "LibXML2",
      description:
        "XML parts through FoundationXML (libxml2) on Linux (opt-in); otherwise through InkCodec's own XML parser."
    ),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .systemLibrary(name: "CLibzip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CLZMA", pkgConfig: "liblzma", providers: [.apt(["liblzma-dev"])]),
    .systemLibrary(
      name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .target(
      name: "InkCodec",
      dependencies: [
        "CZlib",
        .target(name: "CLibzip", condition: .when(platforms: [.linux], traits: ["Libzip"])),
        .target(name: "CLZMA", condition: .when(platforms: [.linux], traits: ["LZMA"])),
      ], swiftSettings: librarySettings),
    .target(
      name: "InkRender",
      dependencies: [
        "InkCodec", .target(name: "CJPEG", condition: .when(platforms: [.linux], traits: ["JPEG"])),
      ], swiftSettings: librarySettings),
    .target(name: "InkInput", dependencies: ["InkCodec"], swiftSettings: librarySettings),
    .executableTarget(
      name: "willdoc",
      dependencies: [
        "InkCodec", "InkInput", "InkRender", "InkSynthesis",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .target(name: "CEntryPoint", condition: .when(platforms: [.linux])),
      ], swiftSettings: fastStart, linkerSettings: staticCxxLinking
    ),
    // The static release willdoc's entry point on Linux: faults in the pages the start-up
    // writes, in a few system calls, then runs glibc's start (Tools/link/lld-static-c-libraries).
    // DWARF 4 like the Swift modules': valgrind 3.19 (Debian 12) gives up on an executable
    // that mixes in a DWARF 5 unit.
    .target(name: "CEntryPoint", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
    // The seeded handwriting (motor model, synthesized notes) behind `willdoc synth` and the
    // sample documents. Not a product: apps get ink from a pen, not from a motor model.
    .target(
      name: "InkSynthesis", dependencies: ["InkCodec", "InkInput"], swiftSettings: librarySettings),
    // Test data that must never ship: the recipes of SampleDocuments/, the hostile-file writers
    // (hand-built zips and zip bombs, invalid samples, resource attacks) and the PNG fixture.
    // Shared by the tests and `make-samples`; `willdoc` does not link it.
    .target(
      name: "InkTestFixtures", dependencies: ["InkCodec", "InkRender", "InkSynthesis"],
      path: "Tests/InkTestFixtures", swiftSettings: optimizedInDebug),
    // A development tool, not a product: `swift run make-samples` rewrites SampleDocuments/.
    .executableTarget(
      name: "make-samples", dependencies: ["InkCodec", "InkTestFixtures"],
      path: "Tools/make-samples"),
    // Helpers for the test targets: package paths, the real samples, the oracle.
    .target(
      name: "InkTestSupport", dependencies: ["InkCodec", "InkSynthesis"],
      path: "Tests/InkTestSupport"),
    .testTarget(
      name: "InkCodecTests",
      dependencies: ["InkCodec", "InkTestSupport", "InkTestFixtures"],
      resources: [.copy("Expected")]
    ),
    // Optimised like the libraries: its checks compare images and distances pixel by pixel
    // and point by point, which took two thirds of its run unoptimised.
    .testTarget(
      name: "InkRenderTests",
      dependencies: ["InkRender", "InkCodec", "InkInput", "InkTestSupport", "InkTestFixtures"],
      swiftSettings: optimizedInDebug),
    .testTarget(name: "InkInputTests", dependencies: ["InkInput", "InkCodec"]),
  ] + commandLineTests,
  swiftLanguageModes: [.v6]
)
