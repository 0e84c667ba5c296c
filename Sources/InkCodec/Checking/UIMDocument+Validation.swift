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
  ///
  /// After `maximumRepeats` diagnostics of one code in one chunk, further ones are counted and
  /// summarised in one more diagnostic (its ``Diagnostic/occurrences`` holds the count), as
  /// ``WillDocument/validate(maximumRepeats:)`` does: a file can hold millions of them.
  /// - Parameter maximumRepeats: How many diagnostics of one code in one chunk to list.
  public func validate(maximumRepeats: Int = 100) -> [Diagnostic] {
    var diagnostics = DiagnosticList(maximumRepeats: maximumRepeats)
    let brushNames = Set(
      brushes.vectorBrushes.map(\.name) + brushes.rasterBrushes.map(\.name))
    let sensorIDs = Set(inputData.sensorData.compactMap(\.id))
    var inTree = Set<Int>()
    if let tree = structure.mainTree { inTree = Set(tree.strokeIndices) }
    for (index, stroke) in inkData.strokes.enumerated() {
      func warn(_ code: String, _ message: @autoclosure () -> String) {
        diagnostics.append(
          code: code, part: "INKD",
          Diagnostic(.warning, code: code, part: "INKD", strokeIndex: index, message: message()))
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
      // Built once: a scan of the configuration per run is quadratic in the file.
      var channelIDs: Set<UIMIdentifier> = []
      for context in configuration.sensorContexts {
        for channels in context.channelsContexts {
          for channel in channels.channels { if let id = channel.id { channelIDs.insert(id) } }
        }
      }
      for (index, record) in inputData.sensorData.enumerated() {
        if let unknown = record.channels.first(where: {
          $0.sensorChannelID.map { !channelIDs.contains($0) } ?? true
        }) {
          diagnostics.append(
            code: "uim-unknown-sensor-channel", part: "INPT",
            Diagnostic(
              .warning, code: "uim-unknown-sensor-channel", part: "INPT",
              message:
                "sensor data \(index) has a run for channel \(unknown.sensorChannelID?.description ?? "-"), which the configuration lacks"
            ))
        }
        if let first = record.channels.first?.deltas.count,
          record.channels.contains(where: { $0.deltas.count != first })
        {
          diagnostics.append(
            code: "uim-sensor-length-mismatch", part: "INPT",
            Diagnostic(
              .warning, code: "uim-sensor-length-mismatch", part: "INPT",
              message:
                "sensor data \(index) has channel runs of \(Set(record.channels.map { $0.deltas.count }).sorted()) samples"
            ))
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
    return diagnostics.finished()
  }
}
