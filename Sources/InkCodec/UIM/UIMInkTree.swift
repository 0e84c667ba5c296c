/// An ink tree: the main tree (no name) or a named view (`hwr`, `ner`, …), its nodes in
/// depth-first pre-order.
public struct UIMInkTree: Sendable, Hashable, Codable {
  /// The tree's name; empty for the main tree.
  public var name: String
  /// The nodes in pre-order, each with its depth.
  public var nodes: [UIMNode]
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a tree.
  public init(name: String = "", nodes: [UIMNode]) {
    self.name = name
    self.nodes = nodes
  }

  /// The stroke indices in pre-order: the order strokes are drawn.
  public var strokeIndices: [Int] {
    nodes.compactMap { node in
      if case .stroke(let index) = node.content { Int(index) } else { nil }
    }
  }

  /// The index of every node's parent (`nil` for the root), checked: node 0 is the only one at
  /// depth 0, and every other node's parent is the last group one level up.
  /// - Throws: ``WillErrorKind/malformedUIM(_:)`` naming the first node that breaks the rule.
  public func parents() throws(WillError) -> [Int?] {
    var path: [Int] = []
    var parents: [Int?] = []
    parents.reserveCapacity(nodes.count)
    for (index, node) in nodes.enumerated() {
      let depth = Int(node.depth)
      if index == 0 {
        guard depth == 0 else {
          throw WillError(.malformedUIM("tree \"\(name)\": the first node has depth \(depth)"))
        }
        parents.append(nil)
      } else {
        guard depth >= 1, depth <= path.count else {
          throw WillError(
            .malformedUIM(
              "tree \"\(name)\": node \(index) at depth \(depth) has no group at depth \(depth - 1)"
            ))
        }
        parents.append(path[depth - 1])
      }
      path.removeSubrange(min(depth, path.count)...)
      if case .stroke = node.content {} else { path.append(index) }
    }
    return parents
  }

  init(reading r: inout MessageReader, limits: DecodingLimits, nodeCount: inout Int)
    throws(WillError)
  {
    name = ""
    nodes = []
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: name = try r.string("InkTree.name")
      case 2:
        nodeCount += 1
        try limits.check(.elements, nodeCount, offset: r.fieldOffset)
        var m = try r.message("InkTree.tree")
        nodes.append(try UIMNode(reading: &m))
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.nonEmptyString(1, name)
    for node in nodes { w.message(2) { node.encode(into: &$0) } }
    w.bytes += unknownFields
  }
}

/// The `INKS` chunk: the main ink tree and the named views.
public struct UIMInkStructure: Sendable, Hashable, Codable {
  /// The structure type as stored: STROKE 0, SENSOR_DATA 1.
  public var type: UInt32 = 0
  /// The main tree, `nil` when absent.
  public var mainTree: UIMInkTree?
  /// The named views.
  public var views: [UIMInkTree] = []
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a structure.
  public init(mainTree: UIMInkTree?, views: [UIMInkTree] = []) {
    self.mainTree = mainTree
    self.views = views
  }

  init(reading r: inout MessageReader, limits: DecodingLimits) throws(WillError) {
    var nodeCount = 0
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: type = try r.uint32("InkStructure.type")
      case 2:
        var m = try r.message("InkStructure.inkTree")
        mainTree = try UIMInkTree(reading: &m, limits: limits, nodeCount: &nodeCount)
      case 3:
        var m = try r.message("InkStructure.views")
        views.append(try UIMInkTree(reading: &m, limits: limits, nodeCount: &nodeCount))
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.uint32(1, type)
    if let mainTree { w.message(2) { mainTree.encode(into: &$0) } }
    for view in views { w.message(3) { view.encode(into: &$0) } }
    w.bytes += unknownFields
  }
}
