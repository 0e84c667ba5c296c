// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "willdoc",
  products: [
    .library(name: "InkCodec", targets: ["InkCodec"]),
    .library(name: "InkRender", targets: ["InkRender"]),
    .executable(name: "willdoc", targets: ["willdoc"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .systemLibrary(name: "CLibzip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .target(name: "InkCodec", dependencies: ["CLibzip"]),
    .target(name: "InkRender", dependencies: ["InkCodec", "CZlib"]),
    .executableTarget(
      name: "willdoc",
      dependencies: ["InkCodec", "InkRender", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .target(name: "InkTestSupport", dependencies: ["InkCodec"], path: "Tests/InkTestSupport"),
    .testTarget(
      name: "InkCodecTests",
      dependencies: ["InkCodec", "InkTestSupport"],
      resources: [.copy("Expected")]
    ),
    .testTarget(name: "InkRenderTests", dependencies: ["InkRender", "InkCodec"]),
    .testTarget(
      name: "WillDocTests",
      dependencies: ["InkCodec", "InkTestSupport"],
      exclude: ["Snapshots"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
