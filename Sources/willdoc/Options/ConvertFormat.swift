import ArgumentParser

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The formats `willdoc convert` writes: documents, and pictures of their pages.
enum ConvertFormat: String, ExpressibleByArgument, CaseIterable {
  /// WILL 2 (`.will`), an OPC package.
  case will
  /// Universal Ink Model 3.1.0 (`.uim`).
  case uim
  /// W3C InkML 1.0 (`.inkml`).
  case inkml
  /// A PNG image per section.
  case png
  /// A JPEG image per section (`.jpg`), over white.
  case jpeg
  /// An SVG drawing per section.
  case svg
  /// One PDF with a page per section.
  case pdf

  /// The format an output path's extension names, or `nil`.
  init?(extensionOf path: String) {
    let pathExtension = URL(fileURLWithPath: path).pathExtension.lowercased()
    self.init(rawValue: pathExtension == "jpg" ? "jpeg" : pathExtension)
  }

  /// The extension of the files written in this format, without its dot.
  var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

  /// The picture format `render` draws for this target, or `nil` for a document format.
  var picture: PictureFormat? {
    switch self {
    case .will, .uim, .inkml: nil
    case .png: .png
    case .jpeg: .jpeg
    case .svg: .svg
    case .pdf: .pdf
    }
  }

  /// Whether `path` ends in an extension of a format convert reads (`.will`, `.uim`,
  /// `.inkml`, in any case): the files taken from a folder.
  static func isConvertible(_ path: String) -> Bool {
    ConvertFormat(extensionOf: path).map { $0.picture == nil } ?? false
  }

  /// Whether `path` ends in `.json` (any case): a tuhi drawing when its first bytes say so.
  static func isJSON(_ path: String) -> Bool {
    URL(fileURLWithPath: path).pathExtension.lowercased() == "json"
  }
}
