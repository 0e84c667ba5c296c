/// The relationships of one `.rels` part being written, with unique ids.
struct RelationshipList {
  var items: [Relationship] = []
  /// The position in ``items`` of each id.
  var positions: [String: Int] = [:]
  var counter = 0

  var ids: Dictionary<String, Int>.Keys { positions.keys }

  @discardableResult
  mutating func add(_ type: String, _ target: PartName, preferredID: String?, fallback: String)
    -> String
  {
    var id = preferredID ?? ""
    if let position = positions[id], items[position].type == type,
      items[position].target == target.description
    {
      return id  // several elements include the same part by the same relationship
    }
    if id.isEmpty || ids.contains(id) {
      if fallback != "rId" && !ids.contains(fallback) {
        id = fallback
      } else {
        repeat {
          id = "rId\(counter)"
          counter += 1
        } while ids.contains(id)
      }
    }
    positions[id] = items.count
    items.append(Relationship(id: id, type: type, target: target.description))
    return id
  }

  mutating func keep(_ relationship: Relationship) {
    var kept = relationship
    while ids.contains(kept.id) { kept.id += "_" }
    positions[kept.id] = items.count
    items.append(kept)
  }
}
