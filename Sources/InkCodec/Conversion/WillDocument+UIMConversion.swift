extension WillDocument {
  /// Converts a UIM document to WILL 2, listing in `losses` everything WILL 2 cannot hold.
  ///
  /// A UIM that willdoc wrote from a WILL 2 document (``UIMWillMapping``) comes back exactly:
  /// the same sections, page sizes, transforms and strokes (points, widths, colours, ts/tf,
  /// blend modes, paints, seeds, ids). Any other UIM becomes one page whose paths element holds
  /// the strokes in drawing order (main-tree pre-order) with the ink data's transform; float
  /// splines are quantised at 2 decimals; `size` becomes the width.
  ///
  /// Points, precisions and style come only from the fields UIM defines for them. willdoc's
  /// own knowledge-graph statements are used only in the form willdoc writes them and where
  /// they agree with those fields; any other statement is listed as dropped.
  /// - Parameters:
  ///   - uim: The UIM document.
  ///   - limits: Bounds on what the WILL 2 document may hold: strokes and points counted once
  ///     per tree node that draws them, sections, paths elements (as references) and paints.
  ///   - losses: Filled with what changes the drawing (``ConversionLosses/drawingChanges``) and
  ///     what is dropped (``ConversionLosses/droppedMetadata``): sensor data, views, the
  ///     knowledge graph, brush shapes, z/rotation/scale/offset channels, render modes WILL 2
  ///     has no number for, strokes outside the main tree.
  /// - Throws: ``WillErrorKind/valueTooLarge(channel:value:precision:)`` when a value does not
  ///   fit `Int32` at its precision, ``WillErrorKind/nonFiniteValue(channel:)`` for NaN or
  ///   infinity in a spline channel or a width, ``WillErrorKind/limitExceeded(_:value:limit:)``
  ///   past `limits`.
  public init(
    converting uim: UIMDocument, limits: DecodingLimits = .default,
    losses: inout ConversionLosses
  ) throws(WillError) {
    var sources: [Int] = []
    try self.init(converting: uim, limits: limits, losses: &losses, strokeSources: &sources)
  }

  /// Converts a UIM document to WILL 2 as ``init(converting:limits:losses:)`` does, and says
  /// which UIM stroke each WILL 2 stroke came from (for what the conversion drops, such as
  /// the strokes' times: ``UIMDocument/strokeTimes()``).
  /// - Parameters:
  ///   - uim: The UIM document.
  ///   - limits: As ``init(converting:limits:losses:)``.
  ///   - losses: As ``init(converting:limits:losses:)``.
  ///   - strokeSources: Set to the index in ``UIMInkData/strokes`` of every stroke of the
  ///     result, in document order: sections, their paths elements, their strokes.
  /// - Throws: As ``init(converting:limits:losses:)``.
  public init(
    converting uim: UIMDocument, limits: DecodingLimits = .default,
    losses: inout ConversionLosses, strokeSources: inout [Int]
  ) throws(WillError) {
    self.init(container: .opc)
    var reader = UIMWillReader(uim: uim, limits: limits)
    properties = reader.documentProperties()
    paints = try reader.paints()
    sections = try reader.sections()
    reader.reportLosses(&losses)
    strokeSources = reader.strokeSources
  }
}
