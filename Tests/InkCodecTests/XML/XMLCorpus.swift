import Foundation
import InkCodec
import InkTestFixtures
import InkTestSupport
import Testing

/// The XML parts the backends are compared on: what real producers and this project write,
/// and the hostile samples.
enum XMLCorpus {
  /// A named part.
  struct Part: Sendable, CustomTestStringConvertible {
    /// Where it comes from: a file and part name, or a fixture's name.
    let name: String
    /// Its bytes.
    let bytes: [UInt8]

    var testDescription: String { name }
  }

  /// The producers' shapes of ``XMLSamples``, and InkML as this project writes it.
  static let fixtures: [Part] = {
    var parts = XMLSamples.all.map { Part(name: $0.name, bytes: Array($0.xml.utf8)) }
    for seed: UInt64 in [1, 2] {
      let page = SampleDocuments.handwritingPage(seed: seed)
      if let inkML = try? InkMLDocument(converting: page).serialized() {
        parts.append(Part(name: "InkML of handwriting page \(seed)", bytes: inkML))
      }
    }
    return parts
  }()

  /// Every XML part of the real WILL packages (`../shared/will-samples`), and the real InkML
  /// files (`../shared/inkml-samples`); empty when the folders are absent.
  static let realParts: [Part] = {
    var parts: [Part] = []
    for name in ExternalSamples.names {
      guard let bytes = try? ExternalSamples.bytes(name) else { continue }
      parts += xmlParts(ofPackage: bytes, named: name)
    }
    if let folder = inkMLFolder,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    {
      for name in names.sorted() where name.hasSuffix(".inkml") {
        if let bytes = try? Fixtures.bytes(of: folder.appendingPathComponent(name)) {
          parts.append(Part(name: name, bytes: bytes))
        }
      }
    }
    return parts
  }()

  /// The real InkML files' folder, or `nil`.
  static let inkMLFolder = Fixtures.sharedFolder("inkml-samples", variable: "INKML_SAMPLES")

  /// Every XML part of `SampleDocuments/`: the valid packages this project writes, and the
  /// hostile XML samples (`x-xml-*`, `r-xml-*`).
  static let sampleParts: [Part] = {
    var parts: [Part] = []
    for folder in ["valid", "invalid"] {
      let url = Fixtures.sampleDocuments.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      for name in names.sorted()
      where folder == "valid" || name.hasPrefix("x-xml-") || name.hasPrefix("r-xml-") {
        guard let bytes = try? Fixtures.bytes(of: url.appendingPathComponent(name)) else {
          continue
        }
        parts += xmlParts(ofPackage: bytes, named: "\(folder)/\(name)")
      }
    }
    return parts
  }()

  /// The parts of a zip package whose name says XML, or none when `bytes` is not one.
  private static func xmlParts(ofPackage bytes: [UInt8], named name: String) -> [Part] {
    guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]),
      let entries = try? ZipArchive.read(bytes, limits: .unlimited)
    else { return [] }
    return entries.filter { ["xml", "rels", "svg"].contains($0.name.fileExtension) }.map {
      Part(name: "\(name) \($0.name)", bytes: $0.data)
    }
  }
}
