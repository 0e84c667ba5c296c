import InkCodec

extension SVGWriter {
  /// The images an SVG page shows, each with its payload's number and header, and those it
  /// cannot: neither PNG nor JPEG, or a JPEG with more scans than
  /// ``RenderLimits/maxImageScans``. Charges each element and, once per page, each payload's
  /// bytes as the text that embeds them.
  static func placedImages(
    _ images: [RenderImage], limits: RenderLimits, budget: WorkBudget, cache: ImageCache
  ) throws(WillError) -> (images: [Image], failures: [ImageFailure]) {
    var placed: [Image] = []
    var failures: [ImageFailure] = []
    var embedded = Set<Int>()
    for image in images {
      budget.charge(WorkBudget.imageReferenceCost)
      try budget.check()
      let payload = cache.payload(of: image, budget: budget)
      guard let header = payload.header else {
        failures.append(
          ImageFailure(
            name: image.name, reason: "\(image.contentType) is neither a PNG nor a JPEG image"))
        continue
      }
      if header.encoding == .jpeg, let error = cache.scanFailure(image, payload, limits: limits) {
        failures.append(ImageFailure(image, error))
        continue
      }
      if embedded.insert(payload.number).inserted {
        budget.charge(image.data.count * WorkBudget.embeddedByteCost)
        try budget.check()
      }
      placed.append(Image(image: image, payload: payload.number, header: header))
    }
    return (placed, failures)
  }
}
