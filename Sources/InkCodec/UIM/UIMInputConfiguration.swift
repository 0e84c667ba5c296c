/// The input configuration of a UIM file (`InputContextData`): a graph of identifiers from each
/// sensor data record to its input context, environment, sensor context, channels, device and
/// ink input provider.
public struct UIMInputConfiguration: Sendable, Hashable, Codable {
  /// Input contexts: an environment and a sensor context.
  public var inputContexts: [UIMInputContext] = []
  /// The pens, touch screens, mice and controllers.
  public var inkInputProviders: [UIMInkInputProvider] = []
  /// The devices.
  public var inputDevices: [UIMInputDevice] = []
  /// The environments (application, operating system, user agent).
  public var environments: [UIMEnvironment] = []
  /// The sensor contexts: groups of channel contexts.
  public var sensorContexts: [UIMSensorContext] = []
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates an empty configuration.
  public init() {}

  /// The first channel with `id`, searched in every sensor context. This scans the
  /// configuration: to look up many, build a dictionary.
  public func channel(_ id: UIMIdentifier) -> UIMSensorChannel? {
    for context in sensorContexts {
      for channels in context.channelsContexts {
        if let channel = channels.channels.first(where: { $0.id == id }) { return channel }
      }
    }
    return nil
  }

  init(reading r: inout MessageReader, legacy: Bool) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1:
        var m = try r.message("InputContext")
        inputContexts.append(try UIMInputContext(reading: &m, legacy: legacy))
      case 2:
        var m = try r.message("InkInputProvider")
        inkInputProviders.append(try UIMInkInputProvider(reading: &m, legacy: legacy))
      case 3:
        var m = try r.message("InputDevice")
        inputDevices.append(try UIMInputDevice(reading: &m, legacy: legacy, message: "InputDevice"))
      case 4:
        var m = try r.message("Environment")
        environments.append(try UIMEnvironment(reading: &m, legacy: legacy, message: "Environment"))
      case 5:
        var m = try r.message("SensorContext")
        sensorContexts.append(try UIMSensorContext(reading: &m, legacy: legacy))
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    for item in inputContexts { w.message(1) { item.encode(into: &$0) } }
    for item in inkInputProviders { w.message(2) { item.encode(into: &$0) } }
    for item in inputDevices { w.message(3) { item.encode(into: &$0) } }
    for item in environments { w.message(4) { item.encode(into: &$0) } }
    for item in sensorContexts { w.message(5) { item.encode(into: &$0) } }
    w.bytes += unknownFields
  }
}

/// An input context: the environment and sensor context a sensor data record was captured in.
public struct UIMInputContext: Sendable, Hashable, Codable {
  /// The context's identifier.
  public var id: UIMIdentifier?
  /// The ``UIMEnvironment``.
  public var environmentID: UIMIdentifier?
  /// The ``UIMSensorContext``.
  public var sensorContextID: UIMIdentifier?
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a context.
  public init(id: UIMIdentifier?, environmentID: UIMIdentifier?, sensorContextID: UIMIdentifier?) {
    self.id = id
    self.environmentID = environmentID
    self.sensorContextID = sensorContextID
  }

  init(reading r: inout MessageReader, legacy: Bool) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: id = try r.identifier("InputContext.id", legacyText: legacy)
      case 2: environmentID = try r.identifier("InputContext.environmentID", legacyText: legacy)
      case 3: sensorContextID = try r.identifier("InputContext.sensorContextID", legacyText: legacy)
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.identifier(1, id)
    w.identifier(2, environmentID)
    w.identifier(3, sensorContextID)
    w.bytes += unknownFields
  }
}

/// An ink input provider: a pen, a touch screen, a mouse or a controller.
public struct UIMInkInputProvider: Sendable, Hashable, Codable {
  /// The provider's identifier.
  public var id: UIMIdentifier?
  /// The provider type as stored: PEN 0, TOUCH 1, MOUSE 2, CONTROLLER 3.
  public var type: UInt32 = 0
  /// Its properties.
  public var properties: [UIMProperty] = []
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a provider.
  public init(id: UIMIdentifier?, type: UInt32, properties: [UIMProperty] = []) {
    self.id = id
    self.type = type
    self.properties = properties
  }

  init(reading r: inout MessageReader, legacy: Bool) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: id = try r.identifier("InkInputProvider.id", legacyText: legacy)
      case 2: type = try r.uint32("InkInputProvider.type")
      case 3: properties.append(try UIMProperty.readList(&r, "InkInputProvider.properties"))
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.identifier(1, id)
    w.uint32(2, type)
    for property in properties { w.message(3) { property.encode(into: &$0) } }
    w.bytes += unknownFields
  }
}

/// A sensor context: the channel contexts of one capture set-up.
public struct UIMSensorContext: Sendable, Hashable, Codable {
  /// The context's identifier.
  public var id: UIMIdentifier?
  /// Its channel contexts.
  public var channelsContexts: [UIMSensorChannelsContext] = []
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a sensor context.
  public init(id: UIMIdentifier?, channelsContexts: [UIMSensorChannelsContext]) {
    self.id = id
    self.channelsContexts = channelsContexts
  }

  init(reading r: inout MessageReader, legacy: Bool) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: id = try r.identifier("SensorContext.id", legacyText: legacy)
      case 2:
        var m = try r.message("SensorChannelsContext")
        channelsContexts.append(try UIMSensorChannelsContext(reading: &m, legacy: legacy))
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.identifier(1, id)
    for item in channelsContexts { w.message(2) { item.encode(into: &$0) } }
    w.bytes += unknownFields
  }
}

/// The channels one provider and device deliver, with their sampling rate and latency.
public struct UIMSensorChannelsContext: Sendable, Hashable, Codable {
  /// The context's identifier.
  public var id: UIMIdentifier?
  /// The channels.
  public var channels: [UIMSensorChannel] = []
  /// The sampling rate hint, in samples per second.
  public var samplingRateHint: UInt32 = 0
  /// The latency, in milliseconds.
  public var latency: UInt32 = 0
  /// The ``UIMInkInputProvider``.
  public var inkInputProviderID: UIMIdentifier?
  /// The ``UIMInputDevice``.
  public var inputDeviceID: UIMIdentifier?
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a channels context.
  public init(
    id: UIMIdentifier?, channels: [UIMSensorChannel], inkInputProviderID: UIMIdentifier?,
    inputDeviceID: UIMIdentifier?
  ) {
    self.id = id
    self.channels = channels
    self.inkInputProviderID = inkInputProviderID
    self.inputDeviceID = inputDeviceID
  }

  init(reading r: inout MessageReader, legacy: Bool) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: id = try r.identifier("SensorChannelsContext.id", legacyText: legacy)
      case 2:
        var m = try r.message("SensorChannel")
        channels.append(try UIMSensorChannel(reading: &m, legacy: legacy))
      case 3: samplingRateHint = try Self.uint32(&r, "samplingRateHint", legacy: legacy)
      case 4: latency = try Self.uint32(&r, "latency", legacy: legacy)
      case 5:
        inkInputProviderID = try r.identifier(
          "SensorChannelsContext.inkInputProviderID", legacyText: legacy)
      case 6:
        inputDeviceID = try r.identifier("SensorChannelsContext.inputDeviceID", legacyText: legacy)
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  /// A plain `uint32` in 3.1.0, a `Uint32 { value = 1 }` wrapper in 3.0.0.
  private static func uint32(_ r: inout MessageReader, _ name: String, legacy: Bool)
    throws(WillError) -> UInt32
  {
    guard legacy else { return try r.uint32("SensorChannelsContext." + name) }
    var wrapper = try r.message("SensorChannelsContext." + name)
    var value: UInt32 = 0
    while let tag = try wrapper.next() {
      if tag.fieldNumber == 1 {
        value = try wrapper.uint32("Uint32.value")
      } else {
        try wrapper.keepUnknown()
      }
    }
    return value
  }

  func encode(into w: inout WireBuffer) {
    w.identifier(1, id)
    for channel in channels { w.message(2) { channel.encode(into: &$0) } }
    w.uint32(3, samplingRateHint)
    w.uint32(4, latency)
    w.identifier(5, inkInputProviderID)
    w.identifier(6, inputDeviceID)
    w.bytes += unknownFields
  }
}

/// One sensor channel: its type URI, unit, resolution, range and decimal precision.
public struct UIMSensorChannel: Sendable, Hashable, Codable {
  /// The channel's identifier, which ``UIMChannelData/sensorChannelID`` refers to.
  public var id: UIMIdentifier?
  /// The channel type, a URI such as `will://input/3.0/channel/X`.
  public var type: String = ""
  /// The metric as stored: LENGTH 0, TIME 1, FORCE 2, ANGLE 3, NORMALIZED 4, LOGICAL 5,
  /// DIMENSIONLESS 6.
  public var metric: UInt32 = 0
  /// Increments per unit of the metric (for lengths, per metre).
  public var resolution: Double = 0
  /// The smallest value.
  public var min: Float = 0
  /// The largest value.
  public var max: Float = 0
  /// The decimal precision of the stored integers.
  public var precision: UInt32 = 0
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// The URI prefix of the channel types Wacom defines (`X`, `Y`, `Z`, `Timestamp`, `Pressure`,
  /// `RadiusX`, `RadiusY`, `Azimuth`, `Altitude`, `Rotation`).
  public static let typePrefix = "will://input/3.0/channel/"

  /// Creates a channel.
  public init(
    id: UIMIdentifier?, type: String, metric: UInt32, resolution: Double, min: Float = 0,
    max: Float = 0, precision: UInt32
  ) {
    self.id = id
    self.type = type
    self.metric = metric
    self.resolution = resolution
    self.min = min
    self.max = max
    self.precision = precision
  }

  init(reading r: inout MessageReader, legacy: Bool) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: id = try r.identifier("SensorChannel.id", legacyText: legacy)
      case 2: type = try r.string("SensorChannel.type")
      case 3: metric = try r.uint32("SensorChannel.metric")
      case 4: resolution = try r.double("SensorChannel.resolution")
      case 5: min = try r.float("SensorChannel.min")
      case 6: max = try r.float("SensorChannel.max")
      case 7: precision = try r.uint32("SensorChannel.precision")
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.identifier(1, id)
    w.nonEmptyString(2, type)
    w.uint32(3, metric)
    if resolution.bitPattern != 0 { w.double(4, resolution) }
    w.nonZeroFloat(5, min)
    w.nonZeroFloat(6, max)
    w.uint32(7, precision)
    w.bytes += unknownFields
  }
}
