/// The form ``InkMLDocument/serialized(profile:)`` writes InkML in.
public enum InkMLProfile: String, Sendable, Hashable, CaseIterable {
  /// willdoc's own form: the default InkML namespace, values in page units (1/96 in) with no
  /// units, a context per trace format. willdoc and every InkML 1.0 reader take it; readers
  /// that need units (Office, Wacom's InkML parser) take its values as device units.
  case standard
  /// The form Microsoft Office writes and reads, which Wacom's InkML parser
  /// (`uim.codec.parser.inkml`) also reads: the `inkml:` prefix, each trace format inside an
  /// `<inkSource>` of its context, X, Y and W in centimetres at a resolution of 1000 per
  /// centimetre (HIMETRIC, 0.01 mm) given by `<channelProperties>`, brushes with `width` and
  /// `height` in centimetres, and an `xml:id` on every trace.
  case office
}
