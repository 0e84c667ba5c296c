extension UIMDocument {
  /// Converts a tuhi drawing to UIM, keeping what WILL 2 cannot: each stroke's samples as
  /// sensor data (X and Y in device units, pressure 0…1 and, when the drawing has `toffset`s,
  /// the time of every sample in milliseconds since 1970), the device's name, and the strokes
  /// as ``WillDocument/init(converting:options:width:losses:)`` draws them.
  ///
  /// A point without a `toffset` keeps the time of the one before (the drawing's timestamp
  /// before the first). `losses` lists what changed and the session that UIM does not hold.
  /// - Throws: the errors of ``WillDocument/init(converting:options:width:losses:)``;
  ///   ``WillErrorKind/valueTooLarge(channel:value:precision:)`` for a time or position whose
  ///   difference from the sample before does not fit `Int32`, or a time past 2^63 ms.
  public init(
    converting drawing: TuhiDrawing, options: TuhiImportOptions = TuhiImportOptions(),
    width: (Double) -> Double, losses: inout ConversionLosses
  ) throws(WillError) {
    var timed = 0
    let placed = drawing.placed(options, losses: &losses, timed: &timed)
    let document = try WillDocument(
      converting: drawing, placed: placed, options: options, width: width)
    try self.init(converting: document)
    guard inkData.strokes.count == placed.count, !placed.isEmpty else { return }
    func id(_ kind: Int, _ index: Int = 0) -> UIMIdentifier {
      UIMWillMapping.identifier(0x74, kind, index)
    }
    let length: UInt32 = 0
    let time: UInt32 = 1
    let normalized: UInt32 = 4
    let unitsPerMetre = 1_000_000 / options.micrometresPerUnit
    var channels = [
      UIMSensorChannel(
        id: id(1), type: UIMSensorChannel.typePrefix + "X", metric: length,
        resolution: unitsPerMetre, precision: 0),
      UIMSensorChannel(
        id: id(2), type: UIMSensorChannel.typePrefix + "Y", metric: length,
        resolution: unitsPerMetre, precision: 0),
      UIMSensorChannel(
        id: id(3), type: UIMSensorChannel.typePrefix + "Pressure", metric: normalized,
        resolution: 1, min: 0, max: 1, precision: 4),
    ]
    let hasTimes = timed > 0
    if hasTimes {
      channels.append(
        UIMSensorChannel(
          id: id(4), type: UIMSensorChannel.typePrefix + "Timestamp", metric: time,
          resolution: 1000, precision: 0))
    }
    var configuration = UIMInputConfiguration()
    configuration.inkInputProviders = [UIMInkInputProvider(id: id(5), type: 0)]
    configuration.inputDevices = [
      UIMInputDevice(
        id: id(6),
        properties: drawing.deviceName.map { [UIMProperty(name: "dev.name", value: $0)] } ?? [])
    ]
    configuration.environments = [
      UIMEnvironment(id: id(7), properties: [UIMProperty(name: "app.id", value: "tuhi")])
    ]
    configuration.sensorContexts = [
      UIMSensorContext(
        id: id(8),
        channelsContexts: [
          UIMSensorChannelsContext(
            id: id(9), channels: channels, inkInputProviderID: id(5), inputDeviceID: id(6))
        ])
    ]
    configuration.inputContexts = [
      UIMInputContext(id: id(10), environmentID: id(7), sensorContextID: id(8))
    ]
    let start = (drawing.timestamp ?? 0) * 1000
    var records: [UIMSensorData] = []
    records.reserveCapacity(placed.count)
    for (index, stroke) in placed.enumerated() {
      let scale = options.pageUnitsPerUnit
      var runs = [
        try Self.deltas(stroke.xs.map { $0 / scale }, "X", strokeIndex: stroke.index),
        try Self.deltas(stroke.ys.map { $0 / scale }, "Y", strokeIndex: stroke.index),
        try Self.deltas(
          stroke.pressures.map { $0 * 10_000 }, "Pressure", strokeIndex: stroke.index),
      ]
      var timestamp: UInt64 = 0
      if hasTimes {
        let times =
          stroke.times.isEmpty ? Array(repeating: 0, count: stroke.xs.count) : stroke.times
        let first = (start + times[0]).rounded()
        guard first >= 0, first < 0x1p63, let value = UInt64(exactly: first) else {
          throw WillError(
            .valueTooLarge(channel: "Timestamp", value: first, precision: 0), part: "INPT",
            strokeIndex: stroke.index)
        }
        timestamp = value
        // The first delta is 0: the record's timestamp is the first sample's time.
        runs.append(
          try Self.deltas(times.map { $0 - times[0] }, "Timestamp", strokeIndex: stroke.index))
      }
      let record = UIMSensorData(
        id: id(11, index), inputContextID: id(10), timestamp: timestamp,
        channels: zip(channels, runs).map {
          UIMChannelData(sensorChannelID: $0.id, deltas: $1)
        })
      records.append(record)
      inkData.strokes[index].sensorDataID = record.id
      inkData.strokes[index].sensorDataOffset = 0
    }
    inputData = UIMInputData(configuration: configuration, sensorData: records)
    if drawing.sessionID != nil {
      losses.droppedMetadata.append("the drawing's tuhi session")
    }
  }

  /// `values` rounded to integers and delta-coded.
  private static func deltas(_ values: [Double], _ channel: String, strokeIndex: Int)
    throws(WillError) -> [Int32]
  {
    var deltas: [Int32] = []
    deltas.reserveCapacity(values.count)
    var last = 0.0
    for value in values {
      let rounded = value.rounded()
      guard let delta = Int32(exactly: rounded - last) else {
        throw WillError(
          .valueTooLarge(channel: channel, value: value, precision: 0), part: "INPT",
          strokeIndex: strokeIndex)
      }
      deltas.append(delta)
      last = rounded
    }
    return deltas
  }
}
