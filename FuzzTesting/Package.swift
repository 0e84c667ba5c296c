// swift-tools-version: 6.1
import PackageDescription

// The libFuzzer targets, in a package of their own so that the root package's builds (and CI)
// never compile them. `Tools/fuzz` builds them with -sanitize=fuzzer,address; a plain
// `swift build` here links them as no-ops.
let codec: Target.Dependency = .product(name: "InkCodec", package: "willdoc")
let render: Target.Dependency = .product(name: "InkRender", package: "willdoc")

let package = Package(
  name: "FuzzTesting",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [.package(name: "willdoc", path: "..")],
  targets: [
    .executableTarget(name: "FuzzPathsStream", dependencies: [codec]),
    .executableTarget(name: "FuzzRIFF", dependencies: [codec]),
    .executableTarget(name: "FuzzOPC", dependencies: [codec]),
    .executableTarget(name: "FuzzRoundTrip", dependencies: [codec]),
    .executableTarget(name: "FuzzSalvage", dependencies: [codec]),
    .executableTarget(name: "FuzzInkML", dependencies: [codec]),
    .executableTarget(name: "FuzzUIM", dependencies: [codec]),
    .executableTarget(name: "FuzzRender", dependencies: [codec, render]),
    .executableTarget(name: "FuzzImages", dependencies: [codec, render]),
    // willdoc's output naming and name spelling, compiled from its sources (links to them).
    .executableTarget(name: "FuzzBatchNames", dependencies: [codec]),
  ],
  swiftLanguageModes: [.v6]
)
