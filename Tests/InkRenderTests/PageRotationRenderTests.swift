import Foundation
import InkCodec
import InkRender
import InkTestSupport
import Testing

/// A page turned by ``Section/rotate(_:)`` draws as the original page's image turned: pixel
/// for pixel, within anti-aliasing noise, on real pages and on the project's multi-page
/// sample (whose pages carry nested and quarter-turn transforms of their own).
@Suite struct PageRotationRenderTests {
  /// The pages to turn: each section of the project's multi-page sample, and the page of
  /// each real package when the samples are there.
  static let pages: [String] = {
    let own = (0..<3).map { "sections-transforms.will#\($0)" }
    let real = ExternalSamples.names.filter { name in
      (try? ExternalSamples.bytes(name))?.starts(with: [0x50, 0x4B, 0x03, 0x04]) == true
    }
    return own + real.map { "\($0)#0" }
  }()

  static func section(_ page: String) throws -> Section {
    let parts = page.split(separator: "#")
    let name = String(parts[0])
    let bytes =
      name == "sections-transforms.will"
      ? try Fixtures.bytes(of: Fixtures.sampleDocuments.appendingPathComponent("valid/\(name)"))
      : try ExternalSamples.bytes(name)
    return try WillDocument(parsing: bytes).sections[Int(parts[1])!]
  }

  static func image(_ section: Section) throws -> PNGReader.Image {
    // Half scale keeps every page's pixel grid on whole units, so a quarter turn maps
    // pixels onto pixels.
    let png = try Renderer.renderPNG(
      RenderPage(section: section), options: RenderOptions(scale: 0.5))
    return try #require(PNGReader.decode(png))
  }

  @Test(arguments: pages)
  func aTurnedPageDrawsAsTheImageTurned(page: String) throws {
    let original = try Self.section(page)
    let before = try Self.image(original)
    // Ink was drawn: pixels differ from the first one (the page's background).
    let inked = stride(from: 0, to: before.rgba.count, by: 4).filter {
      before.rgba[$0..<$0 + 4] != before.rgba[0..<4]
    }
    #expect(inked.count > 200, "\(page): \(inked.count) inked pixels")
    for rotation in [PageRotation.clockwise90, .clockwise180, .clockwise270] {
      var turned = original
      try turned.rotate(rotation)
      let after = try Self.image(turned)
      let (width, height) = (before.width, before.height)
      #expect(
        (after.width, after.height) == (rotation.swapsSides ? (height, width) : (width, height)),
        "\(page) \(rotation)")
      var largest = 0
      var differing = 0
      for y in 0..<height {
        for x in 0..<width {
          // Where pixel (x, y) of the original lands in the turned image.
          let (u, v) =
            switch rotation {
            case .clockwise90: (height - 1 - y, x)
            case .clockwise180: (width - 1 - x, height - 1 - y)
            case .clockwise270: (y, width - 1 - x)
            case .none: (x, y)
            }
          for channel in 0..<4 {
            let a = Int(before.rgba[(y * width + x) * 4 + channel])
            let b = Int(after.rgba[(v * after.width + u) * 4 + channel])
            let difference = abs(a - b)
            largest = max(largest, difference)
            if difference > 2 { differing += 1 }
          }
        }
      }
      // Coverage is exact-area, so a turned outline covers the same area: only rounding
      // in the transformed curve differs.
      #expect(largest <= 8, "\(page) \(rotation): largest channel difference \(largest)")
      #expect(differing * 1000 <= width * height, "\(page) \(rotation): \(differing) differ")
    }
  }

  /// Runs `willdoc arguments…` and expects it to succeed.
  static func run(_ arguments: [String]) throws {
    let binary: URL = try #require(Fixtures.builtWilldoc)
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let exited = try process.runWatchingExit()
    exited.wait()
    try #require(process.terminationStatus == 0, "willdoc \(arguments)")
  }

  /// `willdoc pages rotate`, then `willdoc render`: the PNG of the turned page is the PNG of
  /// the page, turned.
  @Test(.enabled(if: Fixtures.builtWilldoc != nil, "willdoc is not built"), arguments: pages)
  func willdocRendersATurnedPageAsThePageTurned(page: String) throws {
    let parts = page.split(separator: "#")
    let name = String(parts[0])
    let input =
      name == "sections-transforms.will"
      ? Fixtures.sampleDocuments.appendingPathComponent("valid/\(name)")
      : try #require(ExternalSamples.directory).appendingPathComponent(name)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("willdoc-rotate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let section = String(parts[1])
    let turned = folder.appendingPathComponent("turned.will").path
    let before = folder.appendingPathComponent("before.png").path
    let after = folder.appendingPathComponent("after.png").path
    try Self.run([
      "pages", "rotate", input.path, "--section", section, "--by", "-90", "-o", turned,
    ])
    try Self.run(["render", input.path, "--section", section, "--scale", "0.5", "-o", before])
    try Self.run(["render", turned, "--section", section, "--scale", "0.5", "-o", after])
    let original = try #require(
      PNGReader.decode(try Fixtures.bytes(of: URL(fileURLWithPath: before))))
    let rotated = try #require(
      PNGReader.decode(try Fixtures.bytes(of: URL(fileURLWithPath: after))))
    #expect(rotated.width == original.height && rotated.height == original.width)
    var largest = 0
    for y in 0..<original.height {
      for x in 0..<original.width {
        // Anticlockwise: pixel (x, y) lands at (y, width - 1 - x).
        let (u, v) = (y, original.width - 1 - x)
        for channel in 0..<4 {
          let a = Int(original.rgba[(y * original.width + x) * 4 + channel])
          let b = Int(rotated.rgba[(v * rotated.width + u) * 4 + channel])
          largest = max(largest, abs(a - b))
        }
      }
    }
    #expect(largest <= 8, "\(page): largest channel difference \(largest)")
  }
}
