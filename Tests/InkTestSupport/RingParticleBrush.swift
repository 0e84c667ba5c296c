import InkCodec

/// The raster brush the particle tests draw with: its particle a white ring (a 16 × 16
/// texture, transparent inside and out), placed every 3 units.
public enum RingParticleBrush {
  /// The texture's side in pixels.
  public static let side = 16

  /// The brush, its texture encoded as PNG by `png(rgba, width, height)`: each test target
  /// brings its own encoder.
  public static func brush(png: ([UInt8], Int, Int) -> [UInt8]) -> UIMRasterBrush {
    var rgba = [UInt8](repeating: 0, count: side * side * 4)
    for y in 0..<side {
      for x in 0..<side {
        let d = ((Double(x) - 7.5) * (Double(x) - 7.5) + (Double(y) - 7.5) * (Double(y) - 7.5))
          .squareRoot()
        let k = (y * side + x) * 4
        (rgba[k], rgba[k + 1], rgba[k + 2], rgba[k + 3]) = (255, 255, 255, d > 5 && d < 8 ? 255 : 0)
      }
    }
    var raster = UIMRasterBrush(name: "app://test/raster-brush/Ring")
    raster.shapeTextures = [png(rgba, side, side)]
    raster.spacing = 3
    return raster
  }
}
