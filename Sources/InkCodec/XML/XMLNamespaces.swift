/// The namespace bindings in scope at one element: which URI each prefix stands for.
///
/// Start from ``initial`` and apply each element's `xmlns` and `xmlns:p` attributes with
/// ``declaring(_:)``, outermost first; ``XMLElement/walk(inheriting:_:)`` does this for you.
package struct XMLNamespaces: Sendable, Hashable {
  /// The URI the `xml` prefix is bound to in every document.
  package static let xmlURI = "http://www.w3.org/XML/1998/namespace"
  /// The URI the `xmlns` prefix is bound to in every document.
  package static let xmlnsURI = "http://www.w3.org/2000/xmlns/"

  /// The bindings outside any element: only `xml` and `xmlns`, and no default namespace.
  package static let initial = XMLNamespaces(
    bindings: [Prefix("xml"): xmlURI, Prefix("xmlns"): xmlnsURI])

  /// Prefix to URI; the key `""` holds the default namespace.
  private var bindings: [Prefix: String]

  /// A prefix as a key of its own type: a `[String: String]`'s code is the standard library's
  /// or Foundation's, whose metadata comes from a mangled name and a scan of every protocol
  /// conformance in the executable when a process first uses it.
  private struct Prefix: Hashable, Sendable {
    var text: String
    init(_ text: String) { self.text = text }
  }

  /// The URI bound to `prefix`, or to the default namespace when `prefix` is `nil` or empty;
  /// `nil` when it is not bound.
  package func uri(forPrefix prefix: String?) -> String? {
    bindings[Prefix(prefix ?? "")]
  }

  /// The prefixes bound to `uri`, sorted (the default namespace is not a prefix).
  package func prefixes(boundTo uri: String) -> [String] {
    bindings.filter { $0.value == uri && !$0.key.text.isEmpty }.map(\.key.text).sorted()
  }

  /// These bindings with the namespace declarations of `element` applied. An empty value
  /// (`xmlns=""`) removes the binding.
  package func declaring(_ element: XMLElement) -> XMLNamespaces {
    var copy = self
    for attribute in element.attributes {
      guard let prefix = attribute.declaredPrefix else { continue }
      copy.bindings[Prefix(prefix)] = attribute.value.isEmpty ? nil : attribute.value
    }
    return copy
  }
}
