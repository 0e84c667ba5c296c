import InkCodec

@testable import InkRender

enum Geometry {
  /// The signed area of a polygon (shoelace).
  static func area(_ polygon: [InkPoint]) -> Double {
    var sum = 0.0
    for i in 0..<polygon.count {
      let a = polygon[i]
      let b = polygon[(i + 1) % polygon.count]
      sum += a.x * b.y - b.x * a.y
    }
    return sum / 2
  }

  /// The sum of alpha over a canvas.
  static func inkArea(_ canvas: Canvas) -> Double {
    var area = 0.0
    for i in stride(from: 3, to: canvas.pixels.count, by: 4) { area += Double(canvas.pixels[i]) }
    return area / 255
  }

  /// Coverage of polygons on a small canvas, as a `height × width` grid.
  static func coverage(_ polygons: [[(Double, Double)]], width: Int, height: Int) -> [[Float]] {
    var grid = [[Float]](repeating: [Float](repeating: 0, count: width), count: height)
    var r = CoverageRasterizer(width: width, height: height)
    for polygon in polygons {
      for i in 0..<polygon.count {
        let a = polygon[i]
        let b = polygon[(i + 1) % polygon.count]
        r.addLine(a.0, a.1, b.0, b.1)
      }
    }
    r.sweep { row, first, cov in
      for i in 0..<cov.count { grid[row][first + i] += cov[i] }
    }
    return grid
  }
}
