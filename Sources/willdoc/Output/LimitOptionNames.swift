import InkCodec
import InkRender

extension DecodingLimits.Limit {
  /// The option that raises this limit.
  var optionName: String {
    switch self {
    case .fileBytes: "--max-file-bytes"
    case .partBytes: "--max-part-bytes"
    case .totalBytes: "--max-total-bytes"
    case .parts: "--max-parts"
    case .xmlDepth: "--max-xml-depth"
    case .xmlAttributes: "--max-xml-attributes"
    case .strokes: "--max-strokes"
    case .paints: "--max-paints"
    case .pointsPerStroke: "--max-points-per-stroke"
    case .totalPoints: "--max-total-points"
    case .sections: "--max-sections"
    case .elements: "--max-elements"
    case .references: "--max-references"
    case .xmlPartBytes: "--max-xml-part-bytes"
    case .xmlNameBytes: "--max-xml-name-bytes"
    case .channels: "--max-channels"
    case .brushes: "--max-brushes"
    }
  }
}

extension RenderLimit {
  /// The `willdoc render` option that raises this limit.
  var optionName: String {
    switch self {
    case .work: "--max-render-work"
    case .totalWork: "--max-total-render-work"
    case .canvasPixels: "--max-canvas-pixels"
    case .imageScans: "--max-image-scans"
    }
  }
}
