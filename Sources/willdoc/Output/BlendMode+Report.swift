import InkCodec

extension BlendMode {
  /// The mode as willdoc reports it: the name of the mode a stroke is drawn with, and the
  /// stored number. A number outside Wacom's enum (0, which the iOS SDK and RIFF files write,
  /// or 4…6, 8…10, or an unknown one) is drawn source-over, so it reads
  /// `SOURCE_OVER (stored 0)`, never `CLEAR`: a reader must not erase those strokes.
  var reportText: String {
    isInProtoEnum ? "\(name) (\(rawValue))" : "\(effective.name) (stored \(rawValue))"
  }
}
