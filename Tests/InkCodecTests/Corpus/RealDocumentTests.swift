import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// Every real sample opens as a document whose sections, page sizes, transforms, properties
/// and strokes equal what the independent oracle reports; saving keeps every part.
@Suite(.enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"))
struct RealDocumentTests {
  static let expectedDirectory = RealStreamTests.expectedDirectory

  /// The cases below come from the samples folder: it must hold every sample.
  @Test func everySampleIsThere() {
    ExternalSamples.expectEverySample()
  }

  @Test(arguments: ExternalSamples.names)
  func documentEqualsTheOracle(name: String) throws {
    let document = try WillDocument(parsing: try ExternalSamples.bytes(name))
    let expected = try OracleDocument.load(name, in: Self.expectedDirectory)
    #expect(document.container.rawValue == expected.container)
    #expect(document.sections.count == expected.sections.count)
    for (section, oracle) in zip(document.sections, expected.sections) {
      #expect(section.partName.map { String($0.dropFirst()) } == oracle.part)
      #expect(section.width == oracle.width)
      #expect(section.height == oracle.height)
      #expect(section.viewBox == oracle.viewBox)
      let elements = section.pathsElements
      let oracleElements = oracle.elements.filter { $0.kind == "paths" }
      #expect(elements.count == oracleElements.count)
      for (element, oracleElement) in zip(elements, oracleElements) {
        #expect(
          element.element.partName.map { String($0.dropFirst()) } == oracleElement.part
            || element.element.partName == "INK ")
        #expect(element.transform.coefficients == oracleElement.transform)
        try OracleComparison.expect(
          element.element.strokes, equal: oracleElement.strokes ?? [], sample: name)
      }
    }
    if let props = expected.props {
      #expect(document.properties.title == props.title)
      #expect(document.properties.created == props.created)
      #expect(document.properties.modified == props.modified)
      #expect(document.properties.application == props.application)
      #expect(document.properties.appVersion == props.appVersion)
    }
  }

  @Test(arguments: ExternalSamples.names)
  func openAndSaveKeepsPathsPartsAndEveryOtherPart(name: String) throws {
    let bytes = try ExternalSamples.bytes(name)
    let document = try WillDocument(parsing: bytes)
    let saved = try document.serialized()
    #expect(try WillDocument(parsing: saved) == document)
    #expect(try document.serialized() == saved, "saving is deterministic")
    guard document.container == .opc else {
      // RIFF files are rewritten whole, byte for byte; raw streams too.
      #expect(saved == bytes)
      return
    }
    let before = try ZipArchive.read(bytes)
    let after = Dictionary(
      uniqueKeysWithValues: try ZipArchive.read(saved).map { ($0.name, $0.data) })
    let paths = Set(document.sections.flatMap { $0.pathsElements.compactMap(\.element.partName) })
    for part in before {
      let isRegeneratedXML =
        ["rels", "svg"].contains(part.name.fileExtension) || part.name == .contentTypes
      if isRegeneratedXML {
        #expect(after[part.name] != nil, "\(part.name) is kept")
      } else {
        #expect(after[part.name] == part.data, "\(part.name) is byte-identical")
      }
    }
    #expect(paths.allSatisfy { after[try! PartName($0)] != nil })
  }

  @Test(arguments: ExternalSamples.names)
  func conversionsKeepEveryStroke(name: String) throws {
    let document = try WillDocument(parsing: try ExternalSamples.bytes(name))
    for container in ContainerKind.allCases {
      let converted = try WillDocument(parsing: try document.serialized(container: container))
      #expect(converted.container == container)
      #expect(converted.strokes == document.strokes, "\(name) → \(container)")
    }
  }

  @Test(arguments: ExternalSamples.names)
  func normalizedLayoutKeepsEverything(name: String) throws {
    let document = try WillDocument(parsing: try ExternalSamples.bytes(name))
    guard document.container == .opc else { return }
    let normalized = try WillDocument(
      parsing: try document.serialized(options: WriteOptions(normalize: true)))
    #expect(normalized.strokes == document.strokes)
    #expect(normalized.sections.map(\.pageSize?.width) == document.sections.map(\.pageSize?.width))
    #expect(
      normalized.sections.map { $0.pathsElements.map(\.transform) }
        == document.sections.map { $0.pathsElements.map(\.transform) })
    #expect(normalized.properties == document.properties)
    #expect(normalized.paints == document.paints)
  }
}
