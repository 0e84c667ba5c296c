/// An attribute of an ``XMLElement``, with its name exactly as written.
///
/// Namespace declarations are attributes too: `xmlns="…"` and `xmlns:r="…"` keep those names.
package struct XMLAttribute: Sendable, Hashable {
  /// The qualified name as written, such as `width`, `r:id` or `xmlns:r`.
  package var name: String
  /// The value, unescaped and normalised as XML requires (a literal tab or newline reads as a
  /// space; `&#10;` reads as a newline).
  package var value: String

  /// Creates an attribute.
  /// - Parameters:
  ///   - name: The qualified name, such as `r:id`.
  ///   - value: The unescaped value.
  package init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }

  /// The part of ``name`` before the first colon, or `nil` when there is no colon.
  package var prefix: String? { XMLQualifiedName.prefix(of: name) }

  /// The part of ``name`` after the first colon, or the whole name when there is no colon.
  package var localName: String { XMLQualifiedName.localName(of: name) }

  /// The prefix this attribute declares: `""` for `xmlns` (the default namespace), `"r"` for
  /// `xmlns:r`, and `nil` when the attribute is not a namespace declaration.
  package var declaredPrefix: String? {
    if name == "xmlns" { return "" }
    return prefix == "xmlns" ? localName : nil
  }
}
