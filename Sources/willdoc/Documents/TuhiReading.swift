import InkCodec
import InkInput

/// How willdoc reads a tuhi drawing (the JSON tuhi stores for each note from a Bamboo Spark,
/// Slate or Intuos Pro Paper): device units to page units by ``TuhiImportOptions``, each
/// point's pressure to a width through InkInput's transfer functions. `convert` sets it from
/// `--tuhi-width` and `--tuhi-unit`; every other command reads with ``standard``.
struct TuhiReading: Sendable, Hashable {
  /// The device unit and pressure range.
  var options = TuhiImportOptions()
  /// The width in millimetres at no pressure and at full pressure, and the curve between.
  var width = PropertyConfiguration(minValue: 0.2, maxValue: 0.6, function: .linear)

  /// tuhi's own SVG export draws 0.2 to 0.6 mm: the same here.
  static let standard = TuhiReading()

  /// Page units (1/96 in) per millimetre.
  static let pageUnitsPerMillimetre = 96 / 25.4

  /// The WILL 2 form of the drawing in `bytes`; what it changes and drops in `losses`.
  func document(_ bytes: [UInt8], limits: DecodingLimits, losses: inout ConversionLosses)
    throws(WillError) -> WillDocument
  {
    let drawing = try TuhiDrawing(parsing: bytes, limits: limits)
    return try WillDocument(
      converting: drawing, options: options, width: pageWidth, losses: &losses)
  }

  /// The UIM form of the drawing in `bytes`, its samples (and their times) kept as sensor
  /// data; what it changes and drops in `losses`.
  func uim(_ bytes: [UInt8], limits: DecodingLimits, losses: inout ConversionLosses)
    throws(WillError) -> UIMDocument
  {
    let drawing = try TuhiDrawing(parsing: bytes, limits: limits)
    return try UIMDocument(
      converting: drawing, options: options, width: pageWidth, losses: &losses)
  }

  /// A point's width in page units for its pressure (0…1).
  private func pageWidth(_ pressure: Double) -> Double {
    width.value(at: pressure) * Self.pageUnitsPerMillimetre
  }

}
