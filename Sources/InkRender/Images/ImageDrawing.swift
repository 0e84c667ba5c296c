import InkCodec

/// Draws section images onto a page canvas: each device pixel whose centre falls inside the
/// image takes the bilinear sample of the image there, composited source-over.
enum ImageDrawing {
  /// The most pixels an image may decode to: as many as a canvas may hold.
  static func maximumPixels(_ limits: RenderLimits) -> Int {
    min(limits.maxCanvasPixels, 1 << 26)
  }

  /// Decodes and draws `images` in order, each payload decoded once through `cache`;
  /// charges `budget` for every image drawn, every pixel it covers and every texel decoded.
  /// An image that cannot be decoded is returned as a failure.
  static func draw(
    _ images: [RenderImage], on canvas: inout Canvas, toDevice: AffineTransform,
    limits: RenderLimits, budget: WorkBudget, cache: ImageCache
  ) throws(WillError) -> [ImageFailure] {
    var failures: [ImageFailure] = []
    for image in images {
      budget.charge(WorkBudget.imageReferenceCost)
      try budget.check()
      let payload = cache.payload(of: image, budget: budget)
      let encoding = payload.header?.encoding
      let isJPEG = encoding == .jpeg || (encoding == nil && image.contentType == "image/jpeg")
      guard isJPEG || image.contentType == "image/png" || encoding == .png else {
        failures.append(
          ImageFailure(
            name: image.name, reason: "\(image.contentType) images cannot be drawn in PNG output"))
        continue
      }
      if isJPEG && !JPEGDecoder.isAvailable {
        failures.append(ImageFailure(name: image.name, reason: JPEGDecoder.unavailableReason))
        continue
      }
      switch try cache.pixels(
        of: image, payload, isJPEG: isJPEG, limits: limits, budget: budget)
      {
      case .success(let decoded):
        let map = toDevice.concatenating(
          image.pixelTransform(pixelWidth: decoded.width, pixelHeight: decoded.height))
        try draw(decoded, on: &canvas, map: map, budget: budget)
      case .failure(let error):
        failures.append(ImageFailure(image, error))
      }
    }
    return failures
  }

  /// Draws one decoded image through `map` (image pixels to device pixels).
  static func draw(
    _ image: RGBAImage, on canvas: inout Canvas, map: AffineTransform, budget: WorkBudget
  ) throws(WillError) {
    let det = map.a * map.d - map.b * map.c
    guard det.isFinite, abs(det) > 1e-12 else { return }
    // The inverse: device → image pixels.
    let ia = map.d / det
    let ib = -map.b / det
    let ic = -map.c / det
    let id = map.a / det
    let ie = -(ia * map.e + ic * map.f)
    let ifv = -(ib * map.e + id * map.f)
    let w = Double(image.width)
    let h = Double(image.height)
    let corners = [(0.0, 0.0), (w, 0), (0, h), (w, h)].map { map.apply(x: $0.0, y: $0.1) }
    // A hostile transform can put the image anywhere, or nowhere: only finite corners, and
    // only the part on the canvas, count.
    guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
    func pixel(_ v: Double) -> Int { Int(min(max(v, -1), 1e15)) }
    let minX = max(0, pixel(corners.map(\.x).min()!.rounded(.down)))
    let maxX = min(canvas.width - 1, pixel(corners.map(\.x).max()!.rounded(.up)))
    let minY = max(0, pixel(corners.map(\.y).min()!.rounded(.down)))
    let maxY = min(canvas.height - 1, pixel(corners.map(\.y).max()!.rounded(.up)))
    guard minX <= maxX, minY <= maxY else { return }
    budget.charge((maxX - minX + 1) * (maxY - minY + 1) * WorkBudget.sampleCost)
    try budget.check()
    let width = canvas.width
    let iw = image.width
    let ih = image.height
    image.pixels.withUnsafeBufferPointer { src in
      canvas.pixels.withUnsafeMutableBufferPointer { px in
        for y in minY...maxY {
          let cy = Double(y) + 0.5
          for x in minX...maxX {
            let cx = Double(x) + 0.5
            let u = ia * cx + ic * cy + ie
            let v = ib * cx + id * cy + ifv
            guard u >= 0, v >= 0, u < w, v < h else { continue }
            // Bilinear between the four nearest texel centres, premultiplied.
            let fu = max(u - 0.5, 0)
            let fv = max(v - 0.5, 0)
            let x0 = min(Int(fu), iw - 1)
            let y0 = min(Int(fv), ih - 1)
            let x1 = min(x0 + 1, iw - 1)
            let y1 = min(y0 + 1, ih - 1)
            let tx = Float(fu - Double(x0))
            let ty = Float(fv - Double(y0))
            func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
              let i = (y * iw + x) * 4
              let a = Float(src[i + 3]) / 255
              return SIMD4(
                Float(src[i]) / 255 * a, Float(src[i + 1]) / 255 * a, Float(src[i + 2]) / 255 * a,
                a)
            }
            let top = texel(x0, y0) * (1 - tx) + texel(x1, y0) * tx
            let bottom = texel(x0, y1) * (1 - tx) + texel(x1, y1) * tx
            let s = top * (1 - ty) + bottom * ty
            let p = (y * width + x) * 4
            let d =
              SIMD4<Float>(Float(px[p]), Float(px[p + 1]), Float(px[p + 2]), Float(px[p + 3]))
              / 255
            let r = (s + d * (1 - s.w)) * 255 + 0.5
            px[p] = UInt8(min(max(r.x, 0), 255))
            px[p + 1] = UInt8(min(max(r.y, 0), 255))
            px[p + 2] = UInt8(min(max(r.z, 0), 255))
            px[p + 3] = UInt8(min(max(r.w, 0), 255))
          }
        }
      }
    }
  }
}
