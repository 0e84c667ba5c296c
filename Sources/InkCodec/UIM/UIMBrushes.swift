/// The `BRSH` chunk: the vector and raster brushes strokes name by URI.
public struct UIMBrushes: Sendable, Hashable, Codable {
  /// Brushes drawn by filling shapes along the spline.
  public var vectorBrushes: [UIMVectorBrush] = []
  /// Brushes drawn by stamping textured particles.
  public var rasterBrushes: [UIMRasterBrush] = []
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates brushes.
  public init(vectorBrushes: [UIMVectorBrush] = [], rasterBrushes: [UIMRasterBrush] = []) {
    self.vectorBrushes = vectorBrushes
    self.rasterBrushes = rasterBrushes
  }

  /// Whether it holds nothing.
  public var isEmpty: Bool {
    vectorBrushes.isEmpty && rasterBrushes.isEmpty && unknownFields.isEmpty
  }

  init(reading r: inout MessageReader) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1:
        var m = try r.message("Brushes.vectorBrushes")
        vectorBrushes.append(try UIMVectorBrush(reading: &m))
      case 2:
        var m = try r.message("Brushes.rasterBrushes")
        rasterBrushes.append(try UIMRasterBrush(reading: &m))
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    for brush in vectorBrushes { w.message(1) { brush.encode(into: &$0) } }
    for brush in rasterBrushes { w.message(2) { brush.encode(into: &$0) } }
    w.bytes += unknownFields
  }
}

/// A vector brush: shapes (prototypes) chosen by the point's size, placed every `spacing`.
public struct UIMVectorBrush: Sendable, Hashable, Codable {
  /// The brush's URI, which strokes name.
  public var name: String = ""
  /// The shapes, each used from its ``UIMBrushPrototype/size`` up.
  public var prototypes: [UIMBrushPrototype] = []
  /// The distance between shapes, relative to the size.
  public var spacing: Float = 0
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a brush.
  public init(name: String, prototypes: [UIMBrushPrototype], spacing: Float) {
    self.name = name
    self.prototypes = prototypes
    self.spacing = spacing
  }

  /// A round brush named `name`: Wacom's circle shape at 4, 8, 16 and 32 vertices from point
  /// sizes 0, 2, 6 and 18 up, spacing 1 — the brush WILL 2 strokes are drawn with.
  public static func circle(named name: String) -> UIMVectorBrush {
    var brush = UIMVectorBrush(name: name, prototypes: [], spacing: 1)
    for (precision, size) in [(4, 0), (8, 2), (16, 6), (32, 18)] {
      brush.prototypes.append(
        UIMBrushPrototype(
          shapeURI: "will://brush/3.0/shape/Circle?precision=\(precision)&radius=0.5",
          size: Float(size)))
    }
    return brush
  }

  init(reading r: inout MessageReader) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: name = try r.string("VectorBrush.name")
      case 2:
        var m = try r.message("VectorBrush.prototype")
        prototypes.append(try UIMBrushPrototype(reading: &m))
      case 3: spacing = try r.float("VectorBrush.spacing")
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.nonEmptyString(1, name)
    for prototype in prototypes { w.message(2) { prototype.encode(into: &$0) } }
    w.nonZeroFloat(3, spacing)
    w.bytes += unknownFields
  }
}

/// One shape of a vector brush: a shape URI (such as
/// `will://brush/3.0/shape/Circle?precision=8&radius=0.5`) or an explicit polygon or mesh.
public struct UIMBrushPrototype: Sendable, Hashable, Codable {
  /// Polygon x coordinates.
  public var coordX: [Float] = []
  /// Polygon y coordinates.
  public var coordY: [Float] = []
  /// Mesh z coordinates.
  public var coordZ: [Float] = []
  /// Mesh triangle indices.
  public var indices: [UInt32] = []
  /// The shape URI.
  public var shapeURI: String = ""
  /// The smallest point size this shape is used for.
  public var size: Float = 0
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a prototype from a shape URI.
  public init(shapeURI: String, size: Float) {
    self.shapeURI = shapeURI
    self.size = size
  }

  init(reading r: inout MessageReader) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: try r.appendFloats("BrushPrototype.coordX", to: &coordX)
      case 2: try r.appendFloats("BrushPrototype.coordY", to: &coordY)
      case 3: try r.appendFloats("BrushPrototype.coordZ", to: &coordZ)
      case 4: try r.appendUInt32s("BrushPrototype.indices", to: &indices)
      case 5: shapeURI = try r.string("BrushPrototype.shapeURI")
      case 6: size = try r.float("BrushPrototype.size")
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.packedFloats(1, coordX)
    w.packedFloats(2, coordY)
    w.packedFloats(3, coordZ)
    w.packedVarints(4, indices.lazy.map { UInt64($0) })
    w.nonEmptyString(5, shapeURI)
    w.nonZeroFloat(6, size)
    w.bytes += unknownFields
  }
}

/// A raster (particle) brush: shape and fill textures stamped along the spline.
public struct UIMRasterBrush: Sendable, Hashable, Codable {
  /// The brush's URI, which strokes name.
  public var name: String = ""
  /// The distance between particles, relative to the size.
  public var spacing: Float = 0
  /// How far particles scatter across the path.
  public var scattering: Float = 0
  /// The rotation mode as stored: NONE 0, RANDOM 1, TRAJECTORY 2 (the numbers of WILL 2's
  /// `ParticlesPaint.rotationMode`).
  public var rotationMode: UInt32 = 0
  /// The shape textures (encoded images; several are mipmaps).
  public var shapeTextures: [[UInt8]] = []
  /// URIs of shape textures.
  public var shapeTextureURIs: [String] = []
  /// The fill texture (an encoded image).
  public var fillTexture: [UInt8] = []
  /// The URI of a fill texture.
  public var fillTextureURI: String = ""
  /// The fill texture's width.
  public var fillWidth: Float = 0
  /// The fill texture's height.
  public var fillHeight: Float = 0
  /// Whether the fill is offset randomly.
  public var randomizeFill = false
  /// The blend mode as stored: SOURCE_OVER 0, DESTINATION_OVER 1, DESTINATION_OUT 2,
  /// LIGHTER 3, COPY 4, MIN 5, MAX 6.
  public var blendMode: UInt32 = 0
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a brush with a name and every other value at its default.
  public init(name: String) { self.name = name }

  init(reading r: inout MessageReader) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: name = try r.string("RasterBrush.name")
      case 2: spacing = try r.float("RasterBrush.spacing")
      case 3: scattering = try r.float("RasterBrush.scattering")
      case 4: rotationMode = try r.uint32("RasterBrush.rotationMode")
      case 5:
        try r.charge()
        shapeTextures.append(try r.bytes("RasterBrush.shapeTexture"))
      case 6:
        try r.charge()
        shapeTextureURIs.append(try r.string("RasterBrush.shapeTextureURI"))
      case 7: fillTexture = try r.bytes("RasterBrush.fillTexture")
      case 8: fillTextureURI = try r.string("RasterBrush.fillTextureURI")
      case 9: fillWidth = try r.float("RasterBrush.fillWidth")
      case 10: fillHeight = try r.float("RasterBrush.fillHeight")
      case 11: randomizeFill = try r.bool("RasterBrush.randomizeFill")
      case 12: blendMode = try r.uint32("RasterBrush.blendMode")
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.nonEmptyString(1, name)
    w.nonZeroFloat(2, spacing)
    w.nonZeroFloat(3, scattering)
    w.uint32(4, rotationMode)
    for texture in shapeTextures { w.bytes(5, texture) }
    for uri in shapeTextureURIs { w.string(6, uri) }
    if !fillTexture.isEmpty { w.bytes(7, fillTexture) }
    w.nonEmptyString(8, fillTextureURI)
    w.nonZeroFloat(9, fillWidth)
    w.nonZeroFloat(10, fillHeight)
    if randomizeFill { w.varint(11, 1) }
    w.uint32(12, blendMode)
    w.bytes += unknownFields
  }
}
