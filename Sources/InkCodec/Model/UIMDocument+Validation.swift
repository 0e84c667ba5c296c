extension UIMDocument {
  /// What a UIM reader may trip over although the file parses: warnings with stable codes
  /// (documented in `docs/validate.md`), each naming its chunk and, for a stroke, its index.
  ///
  /// - `uim-style-value`: a stroke names its style by value (the `…Value` oneof members), which
  ///   Wacom's library neither reads nor writes.
  /// - `uim-unknown-brush`: a stroke's brush URI names no brush in `BRSH`.
  /// - `uim-missing-sensor-data`: a stroke's sensor data ID names no record in `INPT`.
  /// - `uim-unknown-sensor-channel`: a channel run names no channel of the configuration.
  /// - `uim-sensor-length-mismatch`: the channel runs of one record differ in length.
  /// - `uim-stroke-outside-tree`: a stroke no main-tree node names (not drawn, and dropped
  ///   when Wacom's library saves the file).
  /// - `uim-zero-end-parameter`: a stroke with points has tf = 0 (absent), which draws nothing.
  /// - `uim-unparsed-chunk`: a chunk kept unread (an unknown id, or not a 3.1.0 protobuf).
  public func validate() -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    let brushNames = Set(
      brushes.vectorBrushes.map(\.name) + brushes.rasterBrushes.map(\.name))
    let sensorIDs = Set(inputData.sensorData.compactMap(\.id))
    var inTree = Set<Int>()
    if let tree = structure.mainTree { inTree = Set(tree.strokeIndices) }
    for (index, stroke) in inkData.strokes.enumerated() {
      func warn(_ code: String, _ message: String) {
        diagnostics.append(
          Diagnostic(.warning, code: code, part: "INKD", strokeIndex: index, message: message))
      }
      let usesValue: Bool = {
        if case .value = stroke.properties { return true }
        if case .value = stroke.brushURI { return true }
        if case .value = stroke.renderModeURI { return true }
        return false
      }()
      if usesValue {
        warn("uim-style-value", "the style is given by value, which Wacom's library ignores")
      }
      if let brush = inkData.brushURI(of: stroke), !brushNames.contains(brush) {
        warn("uim-unknown-brush", "brush \(brush) is not among the brushes")
      }
      if let id = stroke.sensorDataID, !sensorIDs.isEmpty || inputData.configuration != nil,
        !sensorIDs.contains(id)
      {
        warn("uim-missing-sensor-data", "sensor data \(id) is not in the input data")
      }
      if structure.mainTree != nil && !inTree.contains(index) {
        warn("uim-stroke-outside-tree", "no node of the main ink tree draws this stroke")
      }
      if stroke.pointCount > 0 && stroke.endParameter == 0 {
        warn("uim-zero-end-parameter", "tf is 0 (absent), so the stroke draws nothing")
      }
    }
    if let configuration = inputData.configuration {
      for (index, record) in inputData.sensorData.enumerated() {
        if let unknown = record.channels.first(where: {
          $0.sensorChannelID.map { configuration.channel($0) == nil } ?? true
        }) {
          diagnostics.append(
            Diagnostic(
              .warning, code: "uim-unknown-sensor-channel", part: "INPT",
              message:
                "sensor data \(index) has a run for channel \(unknown.sensorChannelID?.description ?? "-"), which the configuration lacks"
            ))
        }
        let lengths = Set(record.channels.map(\.deltas.count))
        if lengths.count > 1 {
          diagnostics.append(
            Diagnostic(
              .warning, code: "uim-sensor-length-mismatch", part: "INPT",
              message: "sensor data \(index) has channel runs of \(lengths.sorted()) samples"))
        }
      }
    }
    for chunk in chunkLayout
    where !Self.chunkOrder.contains(chunk.id) || chunk.descriptor?.isProtobuf310 != true {
      diagnostics.append(
        Diagnostic(
          .warning, code: "uim-unparsed-chunk", part: chunk.id,
          message: "chunk \(chunk.id) (\(chunk.payload.count) bytes) is kept unread"))
    }
    return diagnostics
  }
}
