import Foundation
import InkTestFixtures
import InkTestSupport
import Testing

@testable import InkCodec

/// Section-level editing: keep, remove, reorder, insert, turn and merge pages, keeping every
/// part the edit does not touch.
@Suite struct SectionEditingTests {
  static func sample(_ name: String) throws -> (bytes: [UInt8], document: WillDocument) {
    let bytes = try Fixtures.bytes(
      of: Fixtures.sampleDocuments.appendingPathComponent("valid/\(name)"))
    return (bytes, try WillDocument(parsing: bytes))
  }

  /// The zip entries of a package by name.
  static func entries(_ bytes: [UInt8]) throws -> [String: [UInt8]] {
    Dictionary(
      uniqueKeysWithValues: try ZipArchive.read(bytes).map { ($0.name.description, $0.data) })
  }

  @Test func keepRemoveAndReorderKeepEachPageAndItsPathsBytes() throws {
    let (bytes, document) = try Self.sample("sections-transforms.will")
    let before = try Self.entries(bytes)
    let pages = document.sections
    let excerpt = document.keepingSections([2, 0])
    var removed = document
    removed.removeSections(at: [1, 1])
    var reordered = document
    reordered.reorderSections([2, 0, 1])
    for (edited, order) in [(excerpt, [2, 0]), (removed, [0, 2]), (reordered, [2, 0, 1])] {
      let saved = try edited.serialized()
      let read = try WillDocument(parsing: saved)
      #expect(read.sections.map(\.strokes) == order.map { pages[$0].strokes })
      #expect(read.sections.map(\.pageSize) == order.map { pages[$0].pageSize })
      #expect(
        read.sections.map { $0.pathsElements.map(\.transform) }
          == order.map { pages[$0].pathsElements.map(\.transform) })
      let after = try Self.entries(saved)
      for section in read.sections {
        for placed in section.pathsElements {
          let name = try #require(placed.element.partName)
          #expect(after[name] == before[name], "\(name) is byte-identical")
        }
      }
      // What no kept page includes is gone; the props parts stay as they were.
      #expect(after.count == 4 + 2 * order.count + read.sections.flatMap(\.pathsElements).count)
      #expect(after["/props/core.xml"] == before["/props/core.xml"])
      #expect(after["/props/app.xml"] == before["/props/app.xml"])
    }
  }

  @Test func aRepeatedPageIsReadTwiceAndWrittenOnce() throws {
    let (_, document) = try Self.sample("sections-transforms.will")
    var repeated = document.keepingSections([1, 0, 1])
    repeated.insertSection(document.sections[2], at: 0)
    repeated.insertSection(document.sections[2], at: 4)
    let saved = try repeated.serialized()
    let read = try WillDocument(parsing: saved)
    #expect(read.sections.map(\.strokes) == [2, 1, 0, 1, 2].map { document.sections[$0].strokes })
    #expect(try Self.entries(saved).keys.filter { $0.hasSuffix(".svg") }.count == 3)
  }

  @Test func insertingASectionOfAnotherDocumentGivesItFreshPartsWhenNamesClash() throws {
    var document = try Self.sample("sections-transforms.will").document
    let other = try Self.sample("handwriting-opc.will").document
    document.insertSection(other.sections[0], at: 1)
    let read = try WillDocument(parsing: try document.serialized())
    #expect(read.sections.count == 4)
    #expect(read.sections[1].strokes == other.sections[0].strokes)
    #expect(read.sections[2].strokes == document.sections[2].strokes)
    let names = read.sections.flatMap { $0.pathsElements.compactMap(\.element.partName) }
    #expect(Set(names).count == names.count)
  }

  @Test func quarterTurnsMapThePageOntoItsTurnedSelf() {
    let box = (x: 10.0, y: 20.0, width: 300.0, height: 500.0)
    for rotation in PageRotation.allCases {
      let turn = rotation.transform(x: box.x, y: box.y, width: box.width, height: box.height)
      let turned = Section.turned(box, by: turn)
      let size = rotation.swapsSides ? (box.height, box.width) : (box.width, box.height)
      #expect(turned.x == box.x && turned.y == box.y, "\(rotation)")
      #expect(turned.width == size.0 && turned.height == size.1, "\(rotation)")
      let back = rotation.inverse.transform(
        x: box.x, y: box.y, width: turned.width, height: turned.height)
      #expect(back.concatenating(turn) == .identity, "\(rotation)")
    }
    // Clockwise as seen on the page (y down): the top-left corner goes to the top right.
    let quarter = PageRotation.clockwise90.transform(x: 0, y: 0, width: 600, height: 800)
    #expect(quarter.apply(x: 0, y: 0) == InkPoint(x: 800, y: 0))
    #expect(quarter.apply(x: 0, y: 800) == InkPoint(x: 0, y: 0))
    #expect(PageRotation(degrees: -90) == .clockwise270)
    #expect(PageRotation(degrees: 450) == .clockwise90)
    #expect(PageRotation(degrees: 45) == nil)
    #expect(PageRotation.clockwise90.followed(by: .clockwise270) == PageRotation.none)
  }

  @Test(arguments: PageRotation.allCases)
  func turningAPageWrapsItsContentAndKeepsTheStrokes(rotation: PageRotation) throws {
    let (bytes, document) = try Self.sample("sections-transforms.will")
    for index in document.sections.indices {
      var edited = document
      try edited.sections[index].rotate(rotation)
      let saved = try edited.serialized()
      let read = try WillDocument(parsing: saved)
      let original = document.sections[index]
      let page = try #require(original.pageSize)
      let turn = rotation.transform(x: 0, y: 0, width: page.width, height: page.height)
      let section = read.sections[index]
      #expect(
        section.pageSize
          == (rotation.swapsSides
            ? PageSize(width: page.height, height: page.width) : page))
      #expect(section.background == original.background)
      #expect(section.strokes == original.strokes)
      #expect(
        section.pathsElements.map(\.transform)
          == original.pathsElements.map { turn.concatenating($0.transform) })
      let before = try Self.entries(bytes)
      let after = try Self.entries(saved)
      for name in section.pathsElements.compactMap(\.element.partName) {
        #expect(after[name] == before[name], "\(name) is byte-identical")
      }
      // The other pages are untouched.
      for other in document.sections.indices where other != index {
        #expect(read.sections[other] == document.sections[other])
      }
      // The inverse turn gives back the same placement.
      var back = read
      try back.sections[index].rotate(rotation.inverse)
      #expect(back.sections[index].pageSize == original.pageSize)
      #expect(
        back.sections[index].pathsElements.map(\.transform)
          == original.pathsElements.map(\.transform))
    }
  }

  @Test func aTurnAndItsInverseGiveBackTheSameSectionWhenABareGroupHoldsTheInk() throws {
    let document = WillDocument(
      strokes: [Stroke(points: [InkPoint(x: 1, y: 2), InkPoint(x: 3, y: 4)], widths: [1])],
      pageWidth: 600, pageHeight: 800)
    var turned = document
    try turned.sections[0].rotate(.clockwise90)
    #expect(turned.sections[0].pageSize == PageSize(width: 800, height: 600))
    // The page's one group took the turn: no new group.
    #expect(turned.sections[0].nodes.count == document.sections[0].nodes.count)
    try turned.sections[0].rotate(.clockwise270)
    #expect(turned == document)
  }

  @Test func viewBoxesTurnWithThePage() throws {
    var section = Section(width: 1188, height: 864)
    section.svgAttributes.append(XMLAttribute("viewBox", "0 0 1188 864"))
    section.nodes = [
      .unmodelled(
        UnmodelledNode(
          .element(
            XMLElement(
              "view",
              attributes: [
                XMLAttribute("viewTarget", "group0"), XMLAttribute("viewBox", "0 0 1188 864"),
              ])))),
      .group(SectionGroup(children: [.paths(PathsElement(strokes: []))])),
    ]
    try section.rotate(.clockwise270)
    #expect(section.width == 864 && section.height == 1188)
    #expect(section.svgAttributes.first { $0.name == "viewBox" }?.value == "0 0 864 1188")
    #expect(section.viewBox == [0, 0, 864, 1188])
    #expect(
      section.nodes.compactMap { node -> String? in
        guard case .unmodelled(let other) = node else { return nil }
        return other.attribute("viewBox")
      } == ["0 0 864 1188"])
  }

  @Test func aPageWithoutASizeCannotBeTurned() throws {
    var riff = try Self.sample("handwriting-riff.will").document
    let error = #expect(throws: WillError.self) { try riff.sections[0].rotate(.clockwise90) }
    #expect(error?.category == .unsupported)
  }

  @Test func pageSizeAndBackgroundSetOnASectionAreSaved() throws {
    var document = try Self.sample("sections-transforms.will").document
    document.sections[1].width = 700
    document.sections[1].height = 500
    document.sections[1].background = InkColor(rgba: 0x3366_99FF)
    let read = try WillDocument(parsing: try document.serialized())
    #expect(read.sections[1].pageSize == PageSize(width: 700, height: 500))
    #expect(read.sections[1].background == InkColor(rgba: 0x3366_99FF))
    #expect(read.sections[0] == document.sections[0])
    #expect(read.sections[1].strokes == document.sections[1].strokes)
  }

  @Test func mergingGivesEveryPartItsOwnNameAndKeepsSharedPartsShared() throws {
    let (bytes, sections) = try Self.sample("sections-transforms.will")
    let image = try Self.sample("image.will").document
    let riff = try Self.sample("handwriting-riff.will").document
    let merged = try WillDocument(merging: [sections, image, sections, riff])
    #expect(merged.container == .opc)
    #expect(merged.properties == sections.properties)
    let saved = try merged.serialized()
    let read = try WillDocument(parsing: saved)
    #expect(read.sections.count == 3 + 1 + 3 + 1)
    #expect(
      read.sections.map(\.strokes)
        == sections.sections.map(\.strokes) + image.sections.map(\.strokes)
        + sections.sections.map(\.strokes) + [riff.strokes])
    #expect(read.sections[3].images.map(\.data) == image.sections[0].images.map(\.data))
    let names = read.sections.compactMap(\.partName)
    #expect(Set(names).count == names.count)
    let paths = read.sections.flatMap { $0.pathsElements.compactMap(\.element.partName) }
    #expect(Set(paths).count == paths.count)
    // Stroke bytes are the originals', under their old or new names.
    let before = try Self.entries(bytes)
    let after = try Self.entries(saved)
    for (offset, section) in read.sections[4..<7].enumerated() {
      for (placed, original) in zip(
        section.pathsElements, sections.sections[offset].pathsElements)
      {
        #expect(after[placed.element.partName!] == before[original.element.partName!])
      }
    }
    // A part two sections share is written once, and stays shared after the merge.
    let shared = try WillDocument(
      parsing: try SharedPartsTests.document(references: 2, sections: 2))
    let twice = try WillDocument(parsing: try WillDocument(merging: [shared, shared]).serialized())
    let sharedNames = twice.sections.map { Set($0.pathsElements.compactMap(\.element.partName)) }
    #expect(sharedNames.map(\.count) == [1, 1, 1, 1])
    #expect(sharedNames[0] == sharedNames[1] && sharedNames[2] == sharedNames[3])
    #expect(sharedNames[0] != sharedNames[2])
    #expect(twice.sections.map(\.partName)[0] == twice.sections.map(\.partName)[1])
  }

  @Test func strokesKeepSelectingThePaintsTheySelectedOrNone() throws {
    var painted = WillDocument(
      strokes: [
        Stroke(
          points: [InkPoint(x: 1, y: 2), InkPoint(x: 3, y: 4)], widths: [1], paintIndex: 0)
      ], pageWidth: 100, pageHeight: 100)
    painted.paints = [ParticlesPaint()]
    let plain = WillDocument(strokes: [], pageWidth: 100, pageHeight: 100)
    #expect(try WillDocument(merging: [painted, plain]).paints == painted.paints)
    #expect(try WillDocument(merging: [painted, painted]).paints == painted.paints)
    // Paints that extend the merge's are taken in, their part's bytes kept.
    let extended = try WillDocument(merging: [plain, painted])
    #expect(extended.paints == painted.paints)
    #expect(try WillDocument(parsing: try extended.serialized()).paints == painted.paints)
    // A dangling index (no paint in its own document) must not come to select one…
    var dangling = painted
    dangling.paints = []
    let error = #expect(throws: WillError.self) {
      try WillDocument(merging: [painted, dangling])
    }
    #expect(error?.category == .unsupported)
    // …so the paints cannot be taken in after it, and strokes that use them are refused.
    #expect(throws: WillError.self) { try WillDocument(merging: [dangling, painted]) }
    let unpaintedInk = WillDocument(
      strokes: [Stroke(points: [InkPoint(x: 5, y: 5), InkPoint(x: 6, y: 6)], widths: [1])],
      pageWidth: 100, pageHeight: 100)
    var unusedPaints = unpaintedInk
    unusedPaints.paints = [ParticlesPaint()]
    #expect(try WillDocument(merging: [dangling, unusedPaints]).paints.isEmpty)
    // Other paints at the same index are refused.
    var other = painted
    other.paints = [
      {
        var paint = ParticlesPaint()
        paint.spacing = 7
        return paint
      }()
    ]
    #expect(throws: WillError.self) { try WillDocument(merging: [painted, other]) }
  }

  /// Deleting a page keeps the other pages' section and relationships parts, and the content
  /// types that still describe the package, byte for byte; the package relationships, which
  /// list the pages, are written anew.
  @Test func untouchedSectionsAndContentTypesKeepTheirBytes() throws {
    let (bytes, document) = try Self.sample("sections-transforms.will")
    let before = try Self.entries(bytes)
    var edited = document
    edited.removeSections(at: [1])
    let after = try Self.entries(try edited.serialized())
    for name in [
      "/sections/section0.svg", "/sections/_rels/section0.svg.rels", "/sections/section2.svg",
      "/sections/_rels/section2.svg.rels", "/[Content_Types].xml",
    ] {
      #expect(after[name] != nil && after[name] == before[name], "\(name)")
    }
    #expect(after["/_rels/.rels"] != before["/_rels/.rels"])
    #expect(after["/sections/section1.svg"] == nil)
    // A normalised save writes every XML part anew.
    let normalized = try Self.entries(
      try document.serialized(options: WriteOptions(normalize: true)))
    #expect(normalized.keys.contains("/sections/section0.svg"))
  }

  /// Opening and saving a real package gives back every zip entry byte for byte: the XML
  /// parts too, while they say what they said.
  @Test(
    .enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"),
    arguments: ExternalSamples.names)
  func savingAnUnchangedRealPackageKeepsEveryEntry(name: String) throws {
    let bytes = try ExternalSamples.bytes(name)
    let document = try WillDocument(parsing: bytes)
    guard document.container == .opc else { return }
    let before = try Self.entries(bytes)
    let after = try Self.entries(try document.serialized())
    #expect(Set(after.keys) == Set(before.keys))
    for (part, data) in before {
      #expect(after[part] == data, "\(name): \(part)")
    }
  }
}
