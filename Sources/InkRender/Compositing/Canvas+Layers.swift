import InkCodec

extension Canvas {
  /// Places this canvas, the ink layer, over a page of one colour: every pixel becomes
  /// ink + page · (1 − ink alpha). Ink erased to transparency shows the page again.
  /// - Parameter background: The page colour; `nil` leaves the ink as it is.
  mutating func placeOver(background: InkColor?) {
    guard let background else { return }
    let c = PremultipliedColor(background)
    let page = SIMD4<Float>(c.red, c.green, c.blue, c.alpha)
    pixels.withUnsafeMutableBufferPointer { px in
      var i = 0
      while i < px.count {
        let a = px[i + 3]
        if a != 255 {
          let ink = SIMD4<Float>(Float(px[i]), Float(px[i + 1]), Float(px[i + 2]), Float(a))
          let r = ink + page * (255 - Float(a)) + 0.5
          px[i] = UInt8(min(r.x, 255))
          px[i + 1] = UInt8(min(r.y, 255))
          px[i + 2] = UInt8(min(r.z, 255))
          px[i + 3] = UInt8(min(r.w, 255))
        }
        i += 4
      }
    }
  }

  /// Places this canvas, the ink layer, over a page canvas of the same size (its background
  /// and images): every pixel becomes ink + page · (1 − ink alpha).
  /// - Parameter page: The page.
  /// - Precondition: The canvases have the same size.
  mutating func placeOver(page: Canvas) {
    precondition(page.width == width && page.height == height, "the page must match the ink")
    page.pixels.withUnsafeBufferPointer { under in
      pixels.withUnsafeMutableBufferPointer { px in
        var i = 0
        while i < px.count {
          let a = px[i + 3]
          if a != 255 {
            let k = (255 - Float(a)) / 255
            for j in 0..<4 {
              px[i + j] = UInt8(min(Float(px[i + j]) + Float(under[i + j]) * k + 0.5, 255))
            }
          }
          i += 4
        }
      }
    }
  }
}
