/// How vector output (SVG, PDF) lays out the masks of erasers so that their nesting stays
/// logarithmic in the number of times a page alternates between ink and erasers.
///
/// The strokes are cut into *units*: a run of erasers and the strokes after it, up to the
/// next eraser (the first unit may have no erasers; they would erase nothing anyway). The
/// units are split in two, recursively: a join draws the ink of its earlier half through a
/// mask of every eraser of its later half, then the ink of its later half. Chaining one mask
/// per unit would nest as deep as there are units; the halves nest ⌈log₂ units⌉ deep.
///
/// The erasers of a later half are drawn once, in a group of their own that masks refer to:
/// a unit's group holds its erasers' paths, a join's group refers to its two halves' groups.
/// A join's mask refers to its later half's group, or holds that group's content itself when
/// nothing else refers to it. So every path is written once, and every join adds a constant
/// number of elements: the output grows with the ink and the erasers, not with their product.
/// A renderer draws each eraser once per join whose later half holds it: ⌈log₂ units⌉ times
/// at most.
///
/// A join masks its earlier half as one group and lays its later half's ink over it, where
/// the ink layer erases both together: where an eraser covers a pixel partly (an anti-aliased
/// edge, a translucent eraser) and crosses ink of its own half drawn before it over ink of
/// the earlier half, that earlier ink keeps a share it should not. SVG and PDF have no
/// additive compositing to avoid it; only a chain of one mask per run does.
struct EraserTree: Sendable, Hashable {
  /// A unit or a join of units.
  struct Node: Sendable, Hashable {
    /// The units it covers.
    var units: Range<Int>
    /// The node of the earlier half; `nil` for a unit.
    var earlier: Int?
    /// The node of the later half; `nil` for a unit.
    var later: Int?
    /// Whether it lies in the later half of a join: its erasers mask earlier ink, so a mask
    /// or a group draws them.
    var isLater: Bool
  }

  /// The strokes of each unit: indices into the strokes the tree was made from.
  let units: [Range<Int>]
  /// The nodes; the first is the root. Empty when there are no strokes.
  private(set) var nodes: [Node] = []

  /// The tree of strokes drawn with `blends`, in drawing order.
  init(_ blends: [VectorBlend]) {
    var units: [Range<Int>] = []
    var start = 0
    for index in blends.indices.dropFirst()
    where blends[index] == .erase && blends[index - 1] != .erase {
      units.append(start..<index)
      start = index
    }
    if !blends.isEmpty { units.append(start..<blends.count) }
    self.units = units
    if !units.isEmpty { _ = add(0..<units.count, isLater: false) }
  }

  /// Adds the node for `units` and its descendants; returns its index.
  private mutating func add(_ range: Range<Int>, isLater: Bool) -> Int {
    let index = nodes.count
    nodes.append(Node(units: range, earlier: nil, later: nil, isLater: isLater))
    guard range.count > 1 else { return index }
    // The later half is the smaller one: two alternations keep the plain chain of two masks.
    let middle = range.lowerBound + (range.count + 1) / 2
    let earlier = add(range.lowerBound..<middle, isLater: isLater)
    let later = add(middle..<range.upperBound, isLater: true)
    nodes[index].earlier = earlier
    nodes[index].later = later
    return index
  }

}
