/// Finds or enters a stroke's style in the tables of a ``UIMInkData`` by value, in constant time:
/// the 3.0.0 reader and the WILL 2 converter enter one style per stroke, and a scan of a table
/// that grows with the strokes would make that quadratic.
///
/// An entry is found exactly when `firstIndex(of:)` would find it: the first equal one. Path
/// point properties holding NaN equal nothing, so they are always entered anew (and kept out
/// of the dictionary, where NaNs of one bit pattern share a hash and would pile up in one
/// probe sequence).
struct UIMStyleTableIndex {
  private var properties: [UIMPathPointProperties: UInt32] = [:]
  private var brushURIs: [String: UInt32] = [:]
  private var renderModeURIs: [String: UInt32] = [:]

  /// Indexes the tables `inkData` already holds.
  init(_ inkData: UIMInkData) {
    for (position, value) in inkData.properties.enumerated() where !value.holdsNaN {
      if properties[value] == nil { properties[value] = UInt32(position + 1) }
    }
    for (position, uri) in inkData.brushURIs.enumerated() where brushURIs[uri] == nil {
      brushURIs[uri] = UInt32(position + 1)
    }
    for (position, uri) in inkData.renderModeURIs.enumerated() where renderModeURIs[uri] == nil {
      renderModeURIs[uri] = UInt32(position + 1)
    }
  }

  /// The 1-based index of `value` in `inkData.properties`, entered at the end when absent.
  mutating func index(of value: UIMPathPointProperties, in inkData: inout UIMInkData) -> UInt32 {
    if value.holdsNaN {
      inkData.properties.append(value)
      return UInt32(inkData.properties.count)
    }
    if let index = properties[value] { return index }
    inkData.properties.append(value)
    let index = UInt32(inkData.properties.count)
    properties[value] = index
    return index
  }

  /// The 1-based index of `uri` in `inkData.brushURIs`, entered at the end when absent.
  mutating func index(ofBrush uri: String, in inkData: inout UIMInkData) -> UInt32 {
    Self.index(of: uri, in: &inkData.brushURIs, &brushURIs)
  }

  /// The 1-based index of `uri` in `inkData.renderModeURIs`, entered at the end when absent.
  mutating func index(ofRenderMode uri: String, in inkData: inout UIMInkData) -> UInt32 {
    Self.index(of: uri, in: &inkData.renderModeURIs, &renderModeURIs)
  }

  private static func index(
    of uri: String, in table: inout [String], _ lookup: inout [String: UInt32]
  ) -> UInt32 {
    if let index = lookup[uri] { return index }
    table.append(uri)
    let index = UInt32(table.count)
    lookup[uri] = index
    return index
  }
}

extension UIMPathPointProperties {
  /// Whether a value is NaN, which makes the properties equal to nothing, themselves included.
  var holdsNaN: Bool {
    size.isNaN || rotation.isNaN || scaleX.isNaN || scaleY.isNaN || scaleZ.isNaN
      || offsetX.isNaN || offsetY.isNaN || offsetZ.isNaN
  }
}
