extension UIMDocument {
  /// The document as Wacom's library upgrades UIM 3.0.0 to 3.1.0 when it saves one: view names
  /// `will://views/3.0/HWR` and `…/NER` become `hwr` and `ner`, knowledge-graph URIs
  /// `uim:node/<uuid>` of a view's group become `uim:node/<view>/<uuid>`, and statements with an
  /// empty subject are dropped. A 3.1.0 document comes back unchanged. ``serialized()`` writes
  /// this form.
  public func upgradedFromVersion300() -> UIMDocument {
    guard version == [3, 0, 0] else { return self }
    var copy = self
    copy.version = [3, 1, 0]
    let prefix = "will://views/3.0/"
    var viewOfGroup: [String: String] = [:]
    for index in copy.structure.views.indices {
      var name = copy.structure.views[index].name
      if name.hasPrefix(prefix) { name = String(name.dropFirst(prefix.count)).lowercased() }
      copy.structure.views[index].name = name
      for node in copy.structure.views[index].nodes {
        if case .group(let id) = node.content { viewOfGroup[id.description] = name }
      }
    }
    func upgraded(_ uri: String) -> String {
      let node = "uim:node/"
      guard uri.hasPrefix(node) else { return uri }
      let rest = String(uri.dropFirst(node.count))
      guard let view = viewOfGroup[rest] else { return uri }
      return node + view + "/" + rest
    }
    copy.knowledgeGraph = copy.knowledgeGraph.compactMap { triple in
      guard !triple.subject.isEmpty else { return nil }
      var result = triple
      result.subject = upgraded(triple.subject)
      result.object = upgraded(triple.object)
      return result
    }
    return copy
  }
}
