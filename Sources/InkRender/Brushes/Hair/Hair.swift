/// One hair: a thin tapered line from its root to its tip, in output pixels.
struct Hair: Sendable, Hashable {
  var rootX: Double
  var rootY: Double
  var tipX: Double
  var tipY: Double
  /// Half the line's width at the root; the tip is a third as wide.
  var halfWidth: Double
}
