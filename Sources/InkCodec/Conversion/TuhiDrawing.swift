/// A drawing as tuhi stores it: the JSON file (format version 1) that tuhi writes for each
/// note it downloads from a Bamboo Spark, Bamboo Slate, Bamboo Folio or Intuos Pro Paper.
///
/// Values are kept as the file holds them, in device units: ``TuhiImportOptions`` says how
/// large a unit is and how high the pressure goes, and
/// ``WillDocument/init(converting:options:width:losses:)`` turns them into page units.
public struct TuhiDrawing: Sendable, Hashable {
  /// One pen sample. tuhi's format makes every item optional: a point without a position
  /// stays where the pen was, one without a pressure keeps the last pressure.
  public struct Point: Sendable, Hashable {
    /// `position[0]`, in device units from the sensor's top-left corner.
    public var x: Double?
    /// `position[1]`, in device units.
    public var y: Double?
    /// `pressure`: 0…65535 in the files tuhi writes.
    public var pressure: Double?
    /// `toffset`: milliseconds after the drawing's ``TuhiDrawing/timestamp``.
    public var timeOffset: Double?

    /// Creates a point.
    public init(
      x: Double? = nil, y: Double? = nil, pressure: Double? = nil, timeOffset: Double? = nil
    ) {
      self.x = x
      self.y = y
      self.pressure = pressure
      self.timeOffset = timeOffset
    }
  }

  /// `version`: the JSON file format version (tuhi has written only 1).
  public var version: Int
  /// `devicename`: the name the device reports (`Bamboo Slate`), when present.
  public var deviceName: String?
  /// `sessionid`: tuhi's download session, when present (files from 2019 on).
  public var sessionID: String?
  /// `dimensions[0]`: the sensor's width in device units; 0 when unknown.
  public var width: Double
  /// `dimensions[1]`: the sensor's height in device units; 0 when unknown.
  public var height: Double
  /// `timestamp`: when the drawing was made, in seconds since 1970, when present.
  public var timestamp: Double?
  /// `strokes[].points[]`.
  public var strokes: [[Point]]

  /// Creates a drawing.
  public init(
    version: Int = 1, deviceName: String? = nil, sessionID: String? = nil, width: Double,
    height: Double, timestamp: Double? = nil, strokes: [[Point]]
  ) {
    self.version = version
    self.deviceName = deviceName
    self.sessionID = sessionID
    self.width = width
    self.height = height
    self.timestamp = timestamp
    self.strokes = strokes
  }

  /// Whether `bytes` look like a tuhi drawing: a JSON object (after any byte-order mark and
  /// whitespace) that names `dimensions`, `strokes` or `devicename` in its first 4 KiB.
  public static func sniff(_ bytes: [UInt8]) -> Bool {
    var head = bytes.prefix(4096)
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
    guard let first = head.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
      first == UInt8(ascii: "{")
    else { return false }
    let text = String(decoding: head, as: UTF8.self)
    return text.contains("\"dimensions\"") || text.contains("\"strokes\"")
      || text.contains("\"devicename\"")
  }
}

extension TuhiDrawing {
  /// Reads a tuhi drawing from its JSON text.
  ///
  /// The reader never recurses and skips members it does not know (the format says future
  /// devices may add axes), so its work is bounded by the input's size. `version`,
  /// `dimensions` and `strokes` are required; `strokes` and `points` are counted against
  /// `limits` (``DecodingLimits/maxStrokes``, ``DecodingLimits/maxPointsPerStroke``,
  /// ``DecodingLimits/maxTotalPoints``) as they are read.
  /// - Throws: ``WillErrorKind/malformedJSON(field:message:)`` naming the field
  ///   (`strokes[3].points[17].position`) at its byte offset, for JSON that breaks the grammar
  ///   or tuhi's shape; ``WillErrorKind/unsupported(_:)`` for a version other than 1;
  ///   ``WillErrorKind/limitExceeded(_:value:limit:)`` past `limits`.
  public init(parsing bytes: [UInt8], limits: DecodingLimits = .default) throws(WillError) {
    try limits.check(.fileBytes, bytes.count)
    var c = JSONCursor(bytes)
    var version: Int?
    var deviceName: String?
    var sessionID: String?
    var dimensions: (Double, Double)?
    var timestamp: Double?
    var strokes: [[Point]]?
    var totalPoints = 0
    try c.expect(UInt8(ascii: "{"), "(top level)", "an object")
    var first = true
    while try c.hasMore(UInt8(ascii: "}"), first: &first, "(top level)") {
      switch try c.key("(top level)") {
      case "version":
        _ = c.peek()
        let start = c.offset
        let value = try c.number("version")
        guard value == 1 else {
          throw WillError(
            .unsupported(
              "tuhi JSON format version \(NumberText.rounded(value, decimals: 3)) (willdoc reads 1)"
            ),
            offset: start)
        }
        version = 1
      case "devicename":
        deviceName = c.null() ? nil : try c.string("devicename")
      case "sessionid":
        sessionID = c.null() ? nil : try c.string("sessionid")
      case "timestamp":
        timestamp = c.null() ? nil : try Self.nonNegative(&c, "timestamp")
      case "dimensions":
        dimensions = try Self.pair(&c, "dimensions")
      case "strokes":
        try c.expect(UInt8(ascii: "["), "strokes", "an array")
        var list: [[Point]] = []
        var firstStroke = true
        while try c.hasMore(UInt8(ascii: "]"), first: &firstStroke, "strokes") {
          let strokeOffset = c.offset
          try limits.check(.strokes, list.count + 1, offset: strokeOffset)
          let field = "strokes[\(list.count)]"
          let points = try Self.stroke(&c, field, limits: limits, total: &totalPoints)
          list.append(points)
        }
        strokes = list
      default:
        try c.skipValue("(top level)")
      }
    }
    try c.expectEnd()
    guard version != nil else { throw c.error("version", "missing", at: 0) }
    guard let dimensions else { throw c.error("dimensions", "missing", at: 0) }
    guard let strokes else { throw c.error("strokes", "missing", at: 0) }
    self.init(
      version: 1, deviceName: deviceName, sessionID: sessionID, width: dimensions.0,
      height: dimensions.1, timestamp: timestamp, strokes: strokes)
  }

  private static func nonNegative(_ c: inout JSONCursor, _ field: String) throws(WillError)
    -> Double
  {
    _ = c.peek()
    let start = c.offset
    let value = try c.number(field)
    guard value >= 0 else { throw c.error(field, "negative", at: start) }
    return value
  }

  /// `[a, b]`: two non-negative numbers.
  private static func pair(_ c: inout JSONCursor, _ field: String) throws(WillError) -> (
    Double, Double
  ) {
    try c.expect(UInt8(ascii: "["), field, "an array of two numbers")
    let a = try nonNegative(&c, field + "[0]")
    try c.expect(UInt8(ascii: ","), field, "two numbers")
    let b = try nonNegative(&c, field + "[1]")
    try c.expect(UInt8(ascii: "]"), field, "\"]\" after two numbers")
    return (a, b)
  }

  /// One stroke object: `{"points": [...]}`.
  private static func stroke(
    _ c: inout JSONCursor, _ field: String, limits: DecodingLimits, total: inout Int
  ) throws(WillError) -> [Point] {
    _ = c.peek()
    let start = c.offset
    try c.expect(UInt8(ascii: "{"), field, "an object")
    var points: [Point]?
    var first = true
    while try c.hasMore(UInt8(ascii: "}"), first: &first, field) {
      guard try c.key(field) == "points" else {
        try c.skipValue(field)
        continue
      }
      let listField = field + ".points"
      try c.expect(UInt8(ascii: "["), listField, "an array")
      var list: [Point] = []
      var firstPoint = true
      while try c.hasMore(UInt8(ascii: "]"), first: &firstPoint, listField) {
        let offset = c.offset
        try limits.check(.pointsPerStroke, list.count + 1, offset: offset)
        total += 1
        try limits.check(.totalPoints, total, offset: offset)
        list.append(try point(&c, listField + "[\(list.count)]"))
      }
      points = list
    }
    guard let points else { throw c.error(field + ".points", "missing", at: start) }
    return points
  }

  /// One point object; unknown members skipped.
  private static func point(_ c: inout JSONCursor, _ field: String) throws(WillError) -> Point {
    try c.expect(UInt8(ascii: "{"), field, "an object")
    var point = Point()
    var first = true
    while try c.hasMore(UInt8(ascii: "}"), first: &first, field) {
      switch try c.key(field) {
      case "position":
        let position = try pair(&c, field + ".position")
        point.x = position.0
        point.y = position.1
      case "pressure": point.pressure = try nonNegative(&c, field + ".pressure")
      case "toffset": point.timeOffset = try nonNegative(&c, field + ".toffset")
      default: try c.skipValue(field)
      }
    }
    return point
  }
}
