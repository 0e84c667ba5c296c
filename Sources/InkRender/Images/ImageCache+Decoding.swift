import InkCodec

extension ImageCache {
  /// What a section image is, read once per payload: its number and header (`nil` when it is
  /// neither a PNG nor a JPEG).
  struct Payload {
    /// The payload's number, the same for every element and page that shows it.
    var number: Int
    /// Its header, or `nil` when it is neither a PNG nor a JPEG.
    var header: ImageHeader?
  }

  /// The payload of `image`, charging `budget` for the bytes of storage not met before.
  func payload(of image: RenderImage, budget: WorkBudget) -> Payload {
    let number = payload(image.data, budget: budget)
    if let header = headers[number] { return Payload(number: number, header: header) }
    let header = ImageHeader(image.data)
    headers[number] = .some(header)
    return Payload(number: number, header: header)
  }

  /// The scans of JPEG payload `payload`, counted once.
  func scans(of image: RenderImage, _ payload: Payload) -> JPEGScans {
    if let counted = scanCounts[payload.number] { return counted }
    let counted = JPEGScans(image.data)
    scanCounts[payload.number] = counted
    return counted
  }

  /// The limit error of a JPEG payload with more scans than ``RenderLimits/maxImageScans``,
  /// or `nil`: such an image is not embedded in vector output either, since every viewer
  /// would walk its scans.
  func scanFailure(_ image: RenderImage, _ payload: Payload, limits: RenderLimits) -> WillError? {
    Self.tooManyScans(scans(of: image, payload), limits: limits)
  }

  /// The decoded pixels of `image` for drawing, decoding its payload unless it is kept, or
  /// the error it failed with under the same limits. A decode is charged to `budget` before
  /// it starts (``decodeCost(_:maximumPixels:scans:)``); a JPEG with more scans than
  /// ``RenderLimits/maxImageScans`` is refused before it is decoded.
  /// - Throws: The budget's error, when the decode would exceed it.
  func pixels(
    of image: RenderImage, _ payload: Payload, isJPEG: Bool, limits: RenderLimits,
    budget: WorkBudget
  ) throws(WillError) -> Result<RGBAImage, WillError> {
    if let decoded = decodedImage(payload.number) { return .success(decoded) }
    let pixels = ImageDrawing.maximumPixels(limits)
    if let error = failure(payload.number, pixels: pixels, scans: limits.maxImageScans) {
      return .failure(error)
    }
    var jpegScans: JPEGScans?
    if isJPEG {
      let counted = scans(of: image, payload)
      if let error = Self.tooManyScans(counted, limits: limits) {
        recordFailure(error, for: payload.number, pixels: pixels, scans: limits.maxImageScans)
        return .failure(error)
      }
      jpegScans = counted
    }
    budget.charge(
      Self.decodeCost(
        bytes: image.data.count, header: payload.header, maximumPixels: pixels, scans: jpegScans))
    try budget.check()
    if let header = payload.header {
      makeRoom(forTexels: Self.texels(header, maximumPixels: pixels))
    }
    do throws(WillError) {
      let decoded =
        isJPEG
        ? try Self.decodeJPEG(image.data, maximumPixels: pixels, maximumScans: limits.maxImageScans)
        : try PNGDecoder.decode(image.data, maximumPixels: pixels)
      keep(decoded, for: payload.number)
      return .success(decoded)
    } catch {
      recordFailure(error, for: payload.number, pixels: pixels, scans: limits.maxImageScans)
      return .failure(error)
    }
  }

  /// What PDF output holds of `image`: a JPEG as it is stored, a PNG decoded and compressed
  /// again, made once per payload (and charged to `budget` then), or the error it failed
  /// with. A JPEG with more scans than ``RenderLimits/maxImageScans`` is not embedded.
  /// - Precondition: `payload.header` is not `nil`.
  /// - Throws: The budget's error, when decoding or compressing would exceed it.
  func pdfImage(
    of image: RenderImage, _ payload: Payload, limits: RenderLimits, budget: WorkBudget
  ) throws(WillError) -> Result<PDFImage, WillError> {
    if let made = pdfImages[payload.number] { return .success(made) }
    let pixels = ImageDrawing.maximumPixels(limits)
    if let error = failure(payload.number, pixels: pixels, scans: limits.maxImageScans) {
      return .failure(error)
    }
    let header = payload.header!
    let made: PDFImage
    switch header.encoding {
    case .jpeg:
      if let error = scanFailure(image, payload, limits: limits) {
        recordFailure(error, for: payload.number, pixels: pixels, scans: limits.maxImageScans)
        return .failure(error)
      }
      // Passed through: read for its scans, and held until the document is written.
      budget.charge(2 * image.data.count)
      try budget.check()
      made = PDFImage(jpeg: image.data, header: header)
    case .png:
      budget.charge(
        Self.decodeCost(
          bytes: image.data.count, header: header, maximumPixels: pixels, scans: nil))
      try budget.check()
      let decoded: RGBAImage
      do throws(WillError) {
        decoded = try PNGDecoder.decode(image.data, maximumPixels: pixels)
      } catch {
        recordFailure(error, for: payload.number, pixels: pixels, scans: limits.maxImageScans)
        return .failure(error)
      }
      // Split into colour and alpha and compressed, charged as it goes.
      guard
        let encoded = PDFImage(
          rgba: decoded.pixels, width: decoded.width, height: decoded.height, budget: budget)
      else {
        try budget.check()
        preconditionFailure("an image is left unencoded only when the budget is spent")
      }
      made = encoded
    }
    pdfImages[payload.number] = made
    return .success(made)
  }

  /// The limit error for a JPEG of `scans`, or `nil` when it is within the limit.
  static func tooManyScans(_ scans: JPEGScans, limits: RenderLimits) -> WillError? {
    guard scans.count > limits.maxImageScans else { return nil }
    return WillError(
      .renderLimitExceeded(.imageScans, value: scans.count, limit: limits.maxImageScans))
  }

  /// The texels `header` declares, or `maximumPixels` when it declares more (the decoder
  /// refuses such an image from its header).
  static func texels(_ header: ImageHeader, maximumPixels: Int) -> Int {
    header.width > maximumPixels / header.height ? maximumPixels : header.width * header.height
  }

  /// What decoding an image of `bytes` costs: its bytes, each texel its header declares, and
  /// for a JPEG each block of each component of each scan, which the decoder walks even when
  /// the scan holds no data.
  static func decodeCost(bytes: Int, header: ImageHeader?, maximumPixels: Int, scans: JPEGScans?)
    -> Int
  {
    var cost = bytes
    guard let header else { return cost }
    let texels = texels(header, maximumPixels: maximumPixels)
    cost += texels * WorkBudget.texelCost
    if let scans {
      cost += scans.componentPasses * (texels / 64 + 1) * WorkBudget.scanBlockCost
    }
    return cost
  }

  /// Decodes a JPEG in a build that can; never reached in one that cannot.
  private static func decodeJPEG(_ data: [UInt8], maximumPixels: Int, maximumScans: Int)
    throws(WillError) -> RGBAImage
  {
    #if JPEG && os(Linux)
      try JPEGDecoder.decode(data, maximumPixels: maximumPixels, maximumScans: maximumScans)
    #else
      throw WillError(.unsupported(JPEGDecoder.unavailableReason))
    #endif
  }
}
