/// What validation reads of a stroke, the same whether it is a ``Stroke`` or a reused
/// ``StrokeBuffer``: one set of checks serves both the document and the one-pass stream.
protocol StrokeFacts {
  /// Which optional scalar fields the record stores.
  var storedFields: Stroke.StoredFields { get }
  var blendMode: BlendMode { get }
  var paintIndex: UInt32? { get }
  var pointCount: Int { get }
  var widthCount: Int { get }
  var colorCount: Int { get }
  var bounds: InkBounds? { get }
}

extension Stroke: StrokeFacts {
  var storedFields: StoredFields { wire.storedFields }
  var widthCount: Int { widths.count }
  var colorCount: Int { colors.count }
}

extension StrokeBuffer: StrokeFacts {}
