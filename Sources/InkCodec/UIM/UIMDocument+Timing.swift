extension UIMDocument {
  /// When each spline point of each stroke was written, from the sensor data the stroke
  /// names: one list per stroke of ``UIMInkData/strokes`` (in that order), seconds since 1970
  /// per spline point, or `nil` for a stroke without usable times.
  ///
  /// A stroke's points map to samples of its ``UIMStroke/sensorDataID`` record through
  /// ``UIMStroke/sensorDataMapping`` when it has one entry per point, else from
  /// ``UIMStroke/sensorDataOffset`` one sample per point (the last sample for points past
  /// the end). A sample's time is the record's `Timestamp` channel
  /// (`will://input/3.0/channel/Timestamp`), decoded as ``UIMChannelData/values(resolution:precision:start:)``
  /// decodes it from the record's ``UIMSensorData/timestamp``. A stroke has no times when
  /// it names no record, the record or its channel is missing, the channel's resolution is
  /// not positive, or a time is not finite.
  ///
  /// The work is linear in the strokes' points and the records' samples: records and channels
  /// are looked up in dictionaries.
  public func strokeTimes() -> [[Double]?] {
    let timestampType = UIMSensorChannel.typePrefix + "Timestamp"
    var channels: [UIMIdentifier: UIMSensorChannel] = [:]
    for context in inputData.configuration?.sensorContexts ?? [] {
      for group in context.channelsContexts {
        for channel in group.channels where channel.type == timestampType {
          if let id = channel.id, channels[id] == nil { channels[id] = channel }
        }
      }
    }
    var records: [UIMIdentifier: Int] = [:]
    for (index, record) in inputData.sensorData.enumerated() {
      if let id = record.id, records[id] == nil { records[id] = index }
    }
    // Each record's times are decoded once, however many strokes name it.
    var decoded: [Int: [Double]?] = [:]
    func times(ofRecord index: Int) -> [Double]? {
      if let known = decoded[index] { return known }
      let record = inputData.sensorData[index]
      var result: [Double]?
      for data in record.channels {
        guard let id = data.sensorChannelID, let channel = channels[id] else { continue }
        let scale =
          channel.resolution * UIMPrecisionScheme.power(of: Int(min(channel.precision, 22)))
        guard channel.resolution > 0, scale.isFinite else { break }
        let values = data.values(
          resolution: channel.resolution, precision: channel.precision,
          start: Double(record.timestamp) / 1000 * scale)
        result = values.allSatisfy(\.isFinite) && !values.isEmpty ? values : nil
        break
      }
      decoded[index] = result
      return result
    }
    return inkData.strokes.map { stroke -> [Double]? in
      guard let id = stroke.sensorDataID, let record = records[id],
        let samples = times(ofRecord: record), stroke.pointCount > 0
      else { return nil }
      if stroke.sensorDataMapping.count == stroke.pointCount {
        return stroke.sensorDataMapping.map { samples[min(Int($0), samples.count - 1)] }
      }
      let offset = Int(stroke.sensorDataOffset)
      return (0..<stroke.pointCount).map { samples[min(offset + $0, samples.count - 1)] }
    }
  }
}
