import InkCodec

/// The section images of one document, each payload decoded once however many elements and
/// pages draw it.
///
/// A page may draw one image part from thousands of elements, and a document may show one
/// section part on thousands of pages: decoding the payload for each would multiply the work
/// and the memory by the references. The renderers instead ask the cache, which knows a
/// payload by its storage (the images a document reads from one part share one array,
/// whatever element or section shows them) and, the first time it meets other storage, by
/// its bytes (hashed once, then compared), so that equal parts are one payload too. It keeps
/// decoded pixels (PNG output) up to ``maximumTexels``, dropping the least recently drawn,
/// and for the cache's life what PDF output holds of each image (its streams, written once
/// per document) and why an image failed to decode.
///
/// Every page is still charged for each image it draws; the page that decodes or encodes a
/// payload is charged for that too. Pass one cache to every page of a document
/// (``Renderer/renderPNG(_:options:report:images:)``, ``Renderer/renderSVG(_:options:report:images:)``,
/// ``Renderer/renderPDFPage(_:options:report:images:)``); a render without one uses a cache
/// of its own, which still decodes each payload once for that page.
///
/// A cache is not thread-safe: draw the pages that share one on one thread at a time.
public final class ImageCache {
  /// The most texels (pixels) the decoded images kept may hold together; an image larger than
  /// this is decoded for each page that draws it and not kept.
  public let maximumTexels: Int

  /// A payload's storage: equal for arrays that share their bytes.
  private struct Identity: Hashable {
    var address: UInt
    var count: Int

    init(_ data: [UInt8]) {
      (address, count) = data.withUnsafeBufferPointer {
        (UInt(bitPattern: $0.baseAddress), $0.count)
      }
    }
  }

  /// Payload numbers by storage.
  private var numbers: [Identity: Int] = [:]
  /// Every array met, so that no storage the cache knows is freed and reused for other
  /// bytes while it lives.
  private var held: [[UInt8]] = []
  /// The first array of each payload, by number.
  private var payloads: [[UInt8]] = []
  /// Payload numbers by the hash of their bytes.
  private var byContent: [Int: [Int]] = [:]

  /// A decoded image and when it was last drawn.
  private struct Decoded {
    var image: RGBAImage
    var lastUse: Int
  }

  private var decoded: [Int: Decoded] = [:]
  private var decodedTexels = 0
  private var clock = 0

  /// Why a payload failed to decode, with the limits it was decoded under.
  private var failures: [Int: (pixels: Int, scans: Int, error: WillError)] = [:]
  /// What PDF output holds of each payload.
  var pdfImages: [Int: PDFImage] = [:]
  /// Each payload's header, once read (`.some(nil)`: neither a PNG nor a JPEG).
  var headers: [Int: ImageHeader?] = [:]
  /// Each JPEG payload's scans, once counted.
  var scanCounts: [Int: JPEGScans] = [:]
  /// The payloads decoded so far, each time: for tests.
  private(set) var decodeCount = 0

  /// Creates an empty cache.
  /// - Parameter maximumTexels: The most texels of decoded images to keep (default 2^25,
  ///   128 MiB of RGBA: the largest image a page may decode).
  public init(maximumTexels: Int = 1 << 25) {
    self.maximumTexels = max(maximumTexels, 0)
  }

  /// The number of `data`'s payload, charging `budget` for hashing and comparing bytes the
  /// cache has not met in this storage.
  func payload(_ data: [UInt8], budget: WorkBudget) -> Int {
    let identity = Identity(data)
    if let number = numbers[identity] { return number }
    budget.charge(data.count)
    var hasher = Hasher()
    data.withUnsafeBytes { hasher.combine(bytes: $0) }
    let hash = hasher.finalize()
    let number =
      byContent[hash]?.first { payloads[$0] == data }
      ?? {
        payloads.append(data)
        byContent[hash, default: []].append(payloads.count - 1)
        return payloads.count - 1
      }()
    numbers[identity] = number
    held.append(data)
    return number
  }

  /// The decoded pixels of payload `number`, drawn now.
  func decodedImage(_ number: Int) -> RGBAImage? {
    guard var entry = decoded[number] else { return nil }
    clock += 1
    entry.lastUse = clock
    decoded[number] = entry
    return entry.image
  }

  /// Makes room for `texels` more decoded texels, dropping the least recently drawn images.
  func makeRoom(forTexels texels: Int) {
    while decodedTexels > maximumTexels - min(texels, maximumTexels),
      let oldest = decoded.min(by: { $0.value.lastUse < $1.value.lastUse })
    {
      decodedTexels -= oldest.value.image.width * oldest.value.image.height
      decoded[oldest.key] = nil
    }
  }

  /// Keeps payload `number`'s pixels when they fit, and counts a decode.
  func keep(_ image: RGBAImage, for number: Int) {
    decodeCount += 1
    let texels = image.width * image.height
    guard texels <= maximumTexels else { return }
    makeRoom(forTexels: texels)
    clock += 1
    decoded[number] = Decoded(image: image, lastUse: clock)
    decodedTexels += texels
  }

  /// The error payload `number` failed to decode with, under the same limits.
  func failure(_ number: Int, pixels: Int, scans: Int) -> WillError? {
    guard let failure = failures[number], failure.pixels == pixels, failure.scans == scans else {
      return nil
    }
    return failure.error
  }

  /// Records that payload `number` failed to decode under these limits, and counts a decode.
  func recordFailure(_ error: WillError, for number: Int, pixels: Int, scans: Int) {
    decodeCount += 1
    failures[number] = (pixels, scans, error)
  }
}
