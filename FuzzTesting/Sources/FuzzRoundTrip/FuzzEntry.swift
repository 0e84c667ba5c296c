import InkCodec

/// Builds a stroke from the fuzzer's bytes and checks the codec's contract:
/// decode(encode(s)) == quantise(s), and a second round trip changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundTrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = UnsafeBufferPointer(start: data, count: size)[...]
  func next() -> UInt8? { input.popFirst() }
  guard let header = next(), let precisionByte = next() else { return 0 }
  let layout = StrokeLayout.allCases[Int(header % 4)]
  let precision = Int(precisionByte % 9)
  let scale = [1.0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8][precision]
  // Values whose quantised integers, and their differences, fit Int32.
  func value() -> Double? {
    guard let a = next(), let b = next(), let c = next() else { return nil }
    let raw = Int32(Int16(bitPattern: UInt16(a) << 8 | UInt16(b))) * 16_000 + Int32(c)
    return Double(raw) / scale + Double(c) / (scale * 1_000)
  }
  var values: [Double] = []
  while true {
    guard let x = value(), let y = value() else { break }
    values += [x, y]
    if layout.hasWidth { values.append(abs(value() ?? 1)) }
    if layout.hasAlpha { values.append(Double(next() ?? 255) / 255) }
  }
  let stride = layout.stride
  values.removeLast(values.count % stride)
  var stroke = Stroke(points: values, layout: layout, width: layout.hasWidth ? nil : 1.5)
  stroke.decimalPrecision = precision
  let first = try! PathsStream(strokes: [stroke]).serialized()
  let decoded = try! PathsStream(parsing: first, limits: .unlimited).strokes
  precondition(decoded.count == 1)
  func q(_ v: Double) -> Double { (v * scale).rounded(.toNearestOrAwayFromZero) / scale }
  precondition(
    decoded[0].points == stroke.points.map { InkPoint(x: q($0.x), y: q($0.y)) }, "points")
  precondition(decoded[0].widths == stroke.widths.map(q), "widths")
  precondition(decoded[0].colors == stroke.colors, "colours")
  precondition(try! PathsStream(strokes: decoded).serialized() == first, "not idempotent")
  return 0
}
