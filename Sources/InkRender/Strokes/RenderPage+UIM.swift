import InkCodec

extension RenderPage {
  /// What ``shapeStrokes(of:brushes:sources:)`` could not draw with the UIM brushes, for warnings.
  public struct UIMBrushNotes: Sendable, Hashable {
    /// Brush URIs that strokes name but the document does not hold: those strokes are drawn
    /// as WILL circles.
    public var missingBrushes: Set<String> = []
    /// Prototypes that cannot be read (another shape URI, a polygon of fewer than three
    /// points): drawn as circles.
    public var unreadableShapes: Set<String> = []
    /// Raster brushes strokes use, by name: particles, not shapes.
    public var rasterBrushes: Set<String> = []
    /// Channels strokes store that no output draws (z, scaleZ, offsetZ).
    public var undrawnChannels: Set<String> = []

    /// Creates empty notes.
    public init() {}
  }

  /// A document's brushes by name, and the prototypes of each vector brush that cannot be
  /// read: built once per document for ``RenderPage/shapeStrokes(of:brushes:sources:)``.
  public struct UIMBrushIndex: Sendable {
    /// The first vector brush of each name.
    let vector: [String: Int]
    /// The raster brushes' names.
    let raster: Set<String>
    /// The prototypes of each vector brush, by position, that cannot be read.
    let unreadable: [[String]]

    /// Indexes `uim`'s brushes: time in proportion to their size.
    /// - Parameter uim: The document.
    public init(_ uim: UIMDocument) {
      var vector: [String: Int] = [:]
      for (index, brush) in uim.brushes.vectorBrushes.enumerated() where vector[brush.name] == nil {
        vector[brush.name] = index
      }
      self.vector = vector
      raster = Set(uim.brushes.rasterBrushes.map(\.name))
      unreadable = uim.brushes.vectorBrushes.map { BrushShapes($0).unknown }
    }
  }

  /// Draws the page's strokes with their UIM vector brushes (``RenderLayer/shapedStrokes``):
  /// each stroke whose brush URI names a vector brush of `uim` gets its ``ShapedStroke``.
  /// Strokes of a raster brush are drawn with their particles (``RenderLayer/particleStrokes``);
  /// those of a brush the document lacks stay as they are.
  /// - Parameters:
  ///   - uim: The document the page's strokes were converted from.
  ///   - brushes: `uim`'s brushes indexed (pass one index to every page of a document), or
  ///     `nil` to index them here.
  ///   - sources: The index in `uim`'s ink data of each of the page's strokes, layer by layer
  ///     in drawing order; strokes past its end, or whose index is out of range, stay.
  /// - Returns: What cannot be drawn as the brushes say.
  @discardableResult
  public mutating func shapeStrokes(
    of uim: UIMDocument, brushes: UIMBrushIndex? = nil, sources: [Int]
  ) -> UIMBrushNotes {
    var notes = UIMBrushNotes()
    let lookup = brushes ?? UIMBrushIndex(uim)
    let (vector, raster) = (lookup.vector, lookup.raster)
    var shapesRead: Set<Int> = []
    let strokes = uim.inkData.strokes
    var next = 0
    for layer in layers.indices {
      for index in layers[layer].strokes.indices {
        defer { next += 1 }
        guard next < sources.count, strokes.indices.contains(sources[next]) else { continue }
        let stroke = strokes[sources[next]]
        for channel in [UIMSplineChannel.z, .scaleZ, .offsetZ] where !stroke[channel].isEmpty {
          notes.undrawnChannels.insert(channel.name)
        }
        guard let uri = uim.inkData.brushURI(of: stroke) else { continue }
        guard let brushIndex = vector[uri] else {
          if raster.contains(uri) {
            notes.rasterBrushes.insert(uri)
            if layers[layer].strokes[index].paintIndex != nil {
              layers[layer].particleStrokes.insert(index)
            }
          } else {
            notes.missingBrushes.insert(uri)
          }
          continue
        }
        let brush = uim.brushes.vectorBrushes[brushIndex]
        if shapesRead.insert(brushIndex).inserted {
          notes.unreadableShapes.formUnion(lookup.unreadable[brushIndex])
        }
        layers[layer].shapedStrokes[index] = ShapedStroke(
          stroke: stroke, brush: brush,
          properties: uim.inkData.properties(of: stroke) ?? UIMPathPointProperties())
      }
    }
    return notes
  }
}
