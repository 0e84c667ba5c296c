/// The raw samples of one pen-down-to-pen-up: one delta-coded integer run per sensor channel.
public struct UIMSensorData: Sendable, Hashable, Codable {
  /// The record's identifier, which ``UIMStroke/sensorDataID`` refers to.
  public var id: UIMIdentifier?
  /// The ``UIMInputContext``.
  public var inputContextID: UIMIdentifier?
  /// The ink state as stored: PLANE 0, HOVERING 1, IN_VOLUME 2, VOLUME_HOVERING 3.
  public var state: UInt32 = 0
  /// The time of the first sample, in milliseconds since 1970; the `Timestamp` channel's deltas
  /// start from it.
  public var timestamp: UInt64 = 0
  /// The channels' runs.
  public var channels: [UIMChannelData] = []
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a record.
  public init(
    id: UIMIdentifier?, inputContextID: UIMIdentifier?, timestamp: UInt64,
    channels: [UIMChannelData]
  ) {
    self.id = id
    self.inputContextID = inputContextID
    self.timestamp = timestamp
    self.channels = channels
  }

  init(reading r: inout MessageReader, legacy: Bool, limits: DecodingLimits) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: id = try r.identifier("SensorData.id", legacyText: legacy)
      case 2: inputContextID = try r.identifier("SensorData.inputContextID", legacyText: legacy)
      case 3: state = try r.uint32("SensorData.state")
      case 4: timestamp = try r.uint64("SensorData.timestamp")
      case 5:
        var m = try r.message("SensorData.dataChannels")
        let offset = r.fieldOffset
        let channel = try UIMChannelData(reading: &m, legacy: legacy)
        try limits.check(.pointsPerStroke, channel.deltas.count, offset: offset)
        channels.append(channel)
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.identifier(1, id)
    w.identifier(2, inputContextID)
    w.uint32(3, state)
    if timestamp != 0 { w.varint(4, timestamp) }
    for channel in channels { w.message(5) { channel.encode(into: &$0) } }
    w.bytes += unknownFields
  }
}

/// One channel's samples: integers delta-coded at the channel's resolution and precision.
public struct UIMChannelData: Sendable, Hashable, Codable {
  /// The ``UIMSensorChannel`` the samples belong to.
  public var sensorChannelID: UIMIdentifier?
  /// The stored differences: the first is the first sample's integer, each next one the
  /// difference from the previous sample.
  public var deltas: [Int32] = []
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a run from its stored differences.
  public init(sensorChannelID: UIMIdentifier?, deltas: [Int32]) {
    self.sensorChannelID = sensorChannelID
    self.deltas = deltas
  }

  /// The samples in the channel's unit (metres, seconds, newtons, radians or a fraction):
  /// `Σ deltas / (resolution · 10^precision)`, with `start` (the record's timestamp for the
  /// `Timestamp` channel, in the same integer scale) before the first.
  ///
  /// The running sum is kept in `Double` exactly as Wacom's library keeps it, so that the
  /// values equal what its `UIMParser` reads.
  public func values(resolution: Double, precision: UInt32, start: Double = 0) -> [Double] {
    let factor = UIMPrecisionScheme.power(of: Int(min(precision, 22)))
    let scale = resolution * factor
    var last = start == 0 ? 0 : start / scale
    var values: [Double] = []
    values.reserveCapacity(deltas.count)
    for delta in deltas {
      last = last + Double(delta) / scale
      values.append(last)
    }
    return values
  }

  init(reading r: inout MessageReader, legacy: Bool) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: sensorChannelID = try r.identifier("ChannelData.sensorChannelID", legacyText: legacy)
      case 2: try r.appendSInt32s("ChannelData.values", to: &deltas)
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.identifier(1, sensorChannelID)
    w.packedVarints(2, deltas.lazy.map { UInt64(ZigZag.encoded($0)) })
    w.bytes += unknownFields
  }
}

/// The `INPT` chunk: the input configuration and the raw sensor data.
public struct UIMInputData: Sendable, Hashable, Codable {
  /// The configuration, `nil` when the chunk has none.
  public var configuration: UIMInputConfiguration?
  /// The sensor data records.
  public var sensorData: [UIMSensorData] = []
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates input data.
  public init(configuration: UIMInputConfiguration? = nil, sensorData: [UIMSensorData] = []) {
    self.configuration = configuration
    self.sensorData = sensorData
  }

  /// Whether it holds nothing.
  public var isEmpty: Bool { configuration == nil && sensorData.isEmpty && unknownFields.isEmpty }

  /// The first record with `id`. This scans the records: to look up many, build a dictionary.
  public func sensorData(_ id: UIMIdentifier) -> UIMSensorData? {
    sensorData.first { $0.id == id }
  }

  init(reading r: inout MessageReader, legacy: Bool, limits: DecodingLimits) throws(WillError) {
    var total = 0
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1:
        var m = try r.message("InputData.inputContextData")
        configuration = try UIMInputConfiguration(reading: &m, legacy: legacy)
      case 2:
        let offset = r.fieldOffset
        var m = try r.message("InputData.sensorData")
        let record = try UIMSensorData(reading: &m, legacy: legacy, limits: limits)
        // A record's samples are its longest run: every run is held in memory. (A closure, not
        // a key path, which would be projected at run time for every channel.)
        total += record.channels.lazy.map { $0.deltas.count }.max() ?? 0
        try limits.check(.totalPoints, total, offset: offset)
        sensorData.append(record)
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    if let configuration { w.message(1) { configuration.encode(into: &$0) } }
    for record in sensorData { w.message(2) { record.encode(into: &$0) } }
    w.bytes += unknownFields
  }
}
