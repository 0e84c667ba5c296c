import ArgumentParser

/// The picture formats `render` writes; `convert --to` writes all but outline JSON.
enum PictureFormat: String, ExpressibleByArgument, CaseIterable {
  case png
  case jpeg
  case svg
  case outlineJSON = "outline-json"
  case pdf

  /// The format an output's extension names (`.json` is outline JSON, `.jpg` JPEG), or `nil`.
  init?(extensionOf path: String) {
    let name = path.lowercased()
    if name.hasSuffix(".png") {
      self = .png
    } else if name.hasSuffix(".jpg") || name.hasSuffix(".jpeg") {
      self = .jpeg
    } else if name.hasSuffix(".svg") {
      self = .svg
    } else if name.hasSuffix(".json") {
      self = .outlineJSON
    } else if name.hasSuffix(".pdf") {
      self = .pdf
    } else {
      return nil
    }
  }

  /// Whether one file holds every section (a page each), rather than a file per section.
  var holdsEverySection: Bool { self == .pdf }
}
