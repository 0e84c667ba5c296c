// swift-tools-version: 6.0
import PackageDescription

// The benchmarks: a package of their own, so the main build and CI never resolve or compile
// them. `willdoc` is a committed symlink to the repository root, so the root package's
// identity is `willdoc` whatever the checkout folder is called.
let package = Package(
  name: "WillBenchmarks",
  dependencies: [
    .package(path: "willdoc"),
    .package(url: "https://github.com/google/swift-benchmark", exact: "0.1.2"),
    .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0"),
  ],
  targets: [
    // The main package's InkSynthesis, compiled here from its sources under a name of our own
    // (target names are unique across a package graph): it is no product there, since apps do
    // not need it, and another package can use only products. The benchmark input recipe
    // itself is `BenchmarkStrokes.swift` in WillBench.
    .target(
      name: "BenchSynthesis",
      dependencies: [
        .product(name: "InkCodec", package: "willdoc"),
        .product(name: "InkInput", package: "willdoc"),
      ],
      path: "willdoc/Sources/InkSynthesis"),
    .target(name: "CPathsCodec", cSettings: [.unsafeFlags(["-O2"])]),
    // The C loop as a whole process, for Tools/bench's whole-process workloads.
    .executableTarget(
      name: "c-decode-file", dependencies: ["CPathsCodec"], cSettings: [.unsafeFlags(["-O2"])],
      linkerSettings: [.linkedLibrary("m")]),
    .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
    .target(
      name: "WillProto", dependencies: [.product(name: "SwiftProtobuf", package: "swift-protobuf")]),
    .executableTarget(
      name: "WillBench",
      dependencies: [
        .product(name: "InkCodec", package: "willdoc"),
        .product(name: "InkRender", package: "willdoc"),
        "BenchSynthesis",
        .product(name: "Benchmark", package: "swift-benchmark"),
        "CPathsCodec", "CCairo", "WillProto",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
