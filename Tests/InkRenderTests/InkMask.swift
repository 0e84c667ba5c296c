import Foundation
import InkTestSupport
import Testing

@testable import InkRender

/// Where an image shows ink: the pixels of a transparent-background rendering whose alpha
/// is over a quarter. Compared between renderers by intersection over union.
struct InkMask {
  var width: Int
  var height: Int
  var bits: [Bool]

  init(rgba: [UInt8], width: Int, height: Int) {
    self.width = width
    self.height = height
    bits = stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] > 64 }
  }

  /// The ink of an opaque rendering on a white page: pixels with a channel over 40 below
  /// white.
  init(onWhite rgba: [UInt8], width: Int, height: Int) {
    self.width = width
    self.height = height
    bits = stride(from: 0, to: rgba.count, by: 4).map {
      min(rgba[$0], rgba[$0 + 1], rgba[$0 + 2]) < 215
    }
  }

  /// The ink of a PNG file from another program, decoded by the product's decoder (any colour
  /// type); `onWhite` reads an opaque image against a white page, else its alpha.
  init(png: [UInt8], onWhite: Bool = false) throws {
    let image = try RGBAImage(parsing: png, maximumPixels: 1 << 26)
    if onWhite {
      self.init(onWhite: image.pixels, width: image.width, height: image.height)
    } else {
      self.init(rgba: image.pixels, width: image.width, height: image.height)
    }
  }

  /// Intersection over union with another mask of the same size (1 when both are empty).
  func iou(_ other: InkMask) -> Double {
    precondition(width == other.width && height == other.height)
    var both = 0
    var either = 0
    for (a, b) in zip(bits, other.bits) {
      if a && b { both += 1 }
      if a || b { either += 1 }
    }
    return either == 0 ? 1 : Double(both) / Double(either)
  }

  /// How many pixels show ink.
  var count: Int { bits.reduce(0) { $0 + ($1 ? 1 : 0) } }

  /// Rasterises an SVG document with rsvg-convert at its own size.
  static func rasterizeSVG(_ svg: String) throws -> InkMask {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "willdoc-svg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.svg")
    let output = directory.appendingPathComponent("out.png")
    try Data(svg.utf8).write(to: input)
    try ExternalTool.run("rsvg-convert", [input.path, "-o", output.path])
    return try InkMask(png: [UInt8](try Data(contentsOf: output)))
  }
}
