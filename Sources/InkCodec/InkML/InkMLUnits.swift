/// InkML units (W3C InkML 1.0, §4.1.2 and §4.2.3) in page units, 1/96 inch.
enum InkMLUnits {
  /// Page units per `unit` of length (`in`, `cm`, `mm`, `m`, `pt`, `pc`, `px`, `himetric`),
  /// or `nil` for a unit that is no length (`ink`, `dev`, `s`, `deg`, …).
  static func pageUnits(per unit: String) -> Double? {
    switch unit.lowercased() {
    case "in": 96
    case "cm": 96 / 2.54
    case "mm": 96 / 25.4
    case "m": 9600 / 2.54
    case "pt": 96 / 72
    case "pc": 16
    case "px": 1
    case "himetric": 96 / 2540
    default: nil
    }
  }

  /// Page units per value of a channel with `units` and, from its ink source, a `resolution`
  /// (values per `resolutionUnits`, `1/in`, `1/cm`, `1/mm`, `1/himetric`, … — or per the
  /// channel's unit when it has none). `nil` when neither gives a length.
  static func scale(units: String?, resolution: Double?, resolutionUnits: String?) -> Double? {
    if let resolution, resolution.isFinite, resolution > 0 {
      let per = resolutionUnits.map { $0.hasPrefix("1/") ? String($0.dropFirst(2)) : $0 } ?? units
      if let length = per.flatMap(pageUnits(per:)) { return length / resolution }
    }
    return units.flatMap(pageUnits(per:))
  }

  /// Page units per value of a channel with no length unit: HIMETRIC, 0.01 mm, the Tablet PC
  /// ink space ("1 HIMETRIC unit = .01mm", Microsoft's `IInkRenderer::PixelToInkSpace`).
  static let assumed = 96.0 / 2540

  /// Whether `channel` measures length: X, Y, Z and W take units and resolutions as lengths.
  static func isLength(_ channel: String) -> Bool {
    channel == "X" || channel == "Y" || channel == "Z" || channel == "W"
  }
}
