/// The paints part, `style/paints.protobuf`: length-prefixed `ParticlesPaint` records, framed
/// like a paths stream.
///
/// ```swift
/// let paints = try PaintsPart(parsing: bytes).paints
/// let bytes = PaintsPart(paints: paints).serialized()
/// ```
public struct PaintsPart: Sendable, Hashable {
  /// The paints, in part order; a stroke's `paintIndex` counts from 0 into them.
  public var paints: [ParticlesPaint]

  /// Creates a part holding `paints`.
  public init(paints: [ParticlesPaint]) { self.paints = paints }

  /// Decodes a paints part.
  /// - Parameters:
  ///   - bytes: The part's bytes.
  ///   - part: The part name to report in errors.
  ///   - limits: ``DecodingLimits/maxPaints`` bounds the number of paints.
  /// - Throws: ``WillError`` with the offset within the part.
  public init(parsing bytes: [UInt8], part: String? = nil, limits: DecodingLimits = .default)
    throws(WillError)
  {
    paints = try bytes.withWireBytes { (buffer) throws(WillError) -> [ParticlesPaint] in
      var reader = WireReader(buffer)
      var paints: [ParticlesPaint] = []
      do throws(WillError) {
        while !reader.isAtEnd {
          try limits.check(.paints, paints.count + 1, offset: reader.position)
          let range = try PathsStream.nextRecord(&reader)
          var record = MessageReader(in: reader, range: range)
          record.keepsGroups = true
          paints.append(try ParticlesPaint(parsing: &record))
        }
      } catch {
        throw error.located(part: part, strokeIndex: nil)
      }
      return paints
    }
  }

  /// The part's bytes: each paint with its length prefix, sized first and written once.
  public func serialized() -> [UInt8] {
    let sizes = paints.map(\.encodedSize)
    let total = sizes.reduce(0) { $0 + Varint.encodedSize(of: UInt64($1)) + $1 }
    return WireWriter.withBuffer(size: total) { writer in
      for (paint, size) in zip(paints, sizes) {
        writer.writeVarint(UInt64(size))
        paint.write(to: &writer)
      }
    }
  }
}
