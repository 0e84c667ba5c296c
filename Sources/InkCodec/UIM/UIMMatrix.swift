/// A 4×4 matrix (`Matrix`, `Matrix4`): the ink data's transform, row by row.
public struct UIMMatrix: Sendable, Hashable, Codable {
  /// The 16 values m00, m01, …, m33, row by row.
  public var values: [Float]
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// The identity matrix.
  public static let identity = UIMMatrix(values: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

  /// Creates a matrix.
  /// - Precondition: `values` holds 16 values.
  public init(values: [Float]) {
    precondition(values.count == 16, "a 4×4 matrix has 16 values")
    self.values = values
  }

  init(reading r: inout MessageReader) throws(WillError) {
    values = Array(repeating: 0, count: 16)
    while let tag = try r.next() {
      if (1...16).contains(tag.fieldNumber) {
        values[Int(tag.fieldNumber) - 1] = try r.float("Matrix.m\(tag.fieldNumber)")
      } else {
        try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    for (index, value) in values.enumerated() { w.nonZeroFloat(UInt32(index + 1), value) }
    w.bytes += unknownFields
  }
}
