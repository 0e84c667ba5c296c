import CPathsCodec
import InkCodec
import SwiftProtobuf
import WillProto

/// The decoders and encoders compared, each doing the same work: varint → zigzag → per-channel
/// delta sums in 64 bits with an Int32 check → division by 10^p into doubles (x, y, widths),
/// and the inverse. Each decoder returns the sum of every value, in stream order, so the run
/// can check that all of them read the same numbers.
enum Peers {
  static let powers: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8]

  // MARK: InkCodec

  static func willdocDecode(_ stream: [UInt8]) throws -> (strokes: [Stroke], checksum: Double) {
    let strokes = try PathsStream(parsing: stream, limits: .unlimited).strokes
    return (strokes, checksum(strokes))
  }

  /// Decodes into one reused ``StrokeBuffer``: no allocation per record, as the C loop.
  static func willdocBufferDecode(_ stream: [UInt8]) throws -> Double {
    var decoder = InkDecoder(bytes: stream, limits: .unlimited)
    var buffer = StrokeBuffer()
    var sum = 0.0
    while try decoder.next(into: &buffer) {
      let x = buffer.x
      let y = buffer.y
      for index in x.indices {
        sum += x[index]
        sum += y[index]
      }
      for width in buffer.widths { sum += width }
    }
    return sum
  }

  static func checksum(_ strokes: [Stroke]) -> Double {
    var sum = 0.0
    for stroke in strokes {
      for point in stroke.points {
        sum += point.x
        sum += point.y
      }
      for width in stroke.widths { sum += width }
    }
    return sum
  }

  // MARK: swift-protobuf

  struct DecodedPath {
    var xy: [Double]
    var widths: [Double]
  }

  struct Malformed: Error {}

  static func protobufDecode(_ stream: [UInt8]) throws -> (paths: [DecodedPath], checksum: Double) {
    var paths: [DecodedPath] = []
    var sum = 0.0
    var position = 0
    while position < stream.count {
      var length = 0
      var shift = 0
      while true {
        guard position < stream.count, shift < 64 else { throw Malformed() }
        let byte = stream[position]
        position += 1
        length |= Int(byte & 0x7F) << shift
        if byte < 0x80 { break }
        shift += 7
      }
      guard length <= stream.count - position else { throw Malformed() }
      let message = try WacomInkFormat_Path(
        serializedBytes: stream[position..<(position + length)])
      position += length
      guard message.decimalPrecision <= 8 else { throw Malformed() }
      let scale = powers[Int(message.decimalPrecision)]
      var xy = [Double]()
      xy.reserveCapacity(message.data.count)
      var sums: (Int64, Int64) = (0, 0)
      for (index, delta) in message.data.enumerated() {
        if index & 1 == 0 {
          sums.0 += Int64(delta)
          guard let v = Int32(exactly: sums.0) else { throw Malformed() }
          xy.append(Double(v) / scale)
        } else {
          sums.1 += Int64(delta)
          guard let v = Int32(exactly: sums.1) else { throw Malformed() }
          xy.append(Double(v) / scale)
        }
        sum += xy[index]
      }
      var widths = [Double]()
      widths.reserveCapacity(message.strokeWidth.count)
      var w: Int64 = 0
      for delta in message.strokeWidth {
        w += Int64(delta)
        guard let v = Int32(exactly: w) else { throw Malformed() }
        widths.append(Double(v) / scale)
        sum += widths[widths.count - 1]
      }
      paths.append(DecodedPath(xy: xy, widths: widths))
    }
    return (paths, sum)
  }

  static func protobufEncode(_ strokes: [Stroke]) throws -> [UInt8] {
    var output: [UInt8] = []
    for stroke in strokes {
      let scale = powers[stroke.decimalPrecision]
      var message = WacomInkFormat_Path()
      message.startParameter = stroke.startParameter
      message.endParameter = stroke.endParameter
      message.decimalPrecision = UInt32(stroke.decimalPrecision)
      var data = [Int32]()
      data.reserveCapacity(2 * stroke.pointCount)
      var previous: (Int32, Int32) = (0, 0)
      for point in stroke.points {
        let x = Int32((point.x * scale).rounded(.toNearestOrAwayFromZero))
        let y = Int32((point.y * scale).rounded(.toNearestOrAwayFromZero))
        data.append(x &- previous.0)
        data.append(y &- previous.1)
        previous = (x, y)
      }
      message.data = data
      var widths = [Int32]()
      widths.reserveCapacity(stroke.widths.count)
      var previousWidth: Int32 = 0
      for width in stroke.widths {
        let w = Int32((width * scale).rounded(.toNearestOrAwayFromZero))
        widths.append(w &- previousWidth)
        previousWidth = w
      }
      message.strokeWidth = widths
      message.strokeColor = stroke.colors.map { Int32(bitPattern: $0.rgba) }
      message.compositeOperation = .sourceOver
      let bytes: [UInt8] = try message.serializedBytes()
      var length = bytes.count
      while length >= 0x80 {
        output.append(UInt8(truncatingIfNeeded: length) | 0x80)
        length >>= 7
      }
      output.append(UInt8(length))
      output += bytes
    }
    return output
  }

  // MARK: C

  /// Flat buffers for the C decoder, allocated once outside the timed region.
  final class CBuffers {
    var xy: [Double]
    var widths: [Double]
    init(points: Int, widths: Int) {
      xy = [Double](repeating: 0, count: 2 * points)
      self.widths = [Double](repeating: 0, count: widths)
    }
  }

  static func cDecode(_ stream: [UInt8], into buffers: CBuffers) throws -> Double {
    var points = 0
    var widthCount = 0
    var sum = 0.0
    let xyCapacity = buffers.xy.count
    let widthCapacity = buffers.widths.count
    let records = stream.withUnsafeBufferPointer { bytes in
      buffers.xy.withUnsafeMutableBufferPointer { xy in
        buffers.widths.withUnsafeMutableBufferPointer { widths in
          cpaths_decode(
            bytes.baseAddress, bytes.count, xy.baseAddress, xyCapacity, widths.baseAddress,
            widthCapacity, &points, &widthCount, &sum)
        }
      }
    }
    guard records >= 0 else { throw Malformed() }
    return sum
  }

  /// The strokes as flat arrays for the C encoder, built outside the timed region.
  final class CStrokes {
    var xy: [Double] = []
    var widths: [Double] = []
    var strokes: [(xy: Int, points: Int, widths: Int, widthCount: Int, rgba: UInt32, p: Int32)] =
      []
    init(_ source: [Stroke]) {
      for stroke in source {
        strokes.append(
          (
            xy.count, stroke.pointCount, widths.count, stroke.widths.count,
            (stroke.color ?? .black).rgba, Int32(stroke.decimalPrecision)
          ))
        for point in stroke.points {
          xy.append(point.x)
          xy.append(point.y)
        }
        widths += stroke.widths
      }
    }
  }

  static func cEncode(_ input: CStrokes, capacity: Int) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: capacity)
    let written = input.xy.withUnsafeBufferPointer { xy in
      input.widths.withUnsafeBufferPointer { widths in
        let descriptors = input.strokes.map { stroke in
          cpaths_stroke(
            xy: xy.baseAddress! + stroke.xy, points: stroke.points,
            widths: widths.baseAddress.map { $0 + stroke.widths }, width_count: stroke.widthCount,
            rgba: stroke.rgba, precision: stroke.p)
        }
        return output.withUnsafeMutableBufferPointer {
          cpaths_encode(descriptors, descriptors.count, $0.baseAddress, capacity)
        }
      }
    }
    output.removeLast(output.count - written)
    return output
  }
}
