import Testing

@testable import InkCodec

/// Strokes are aligned in document order: insertions and removals anywhere, a removed stroke
/// facing an added one as a change, coordinates compared where they land on the page.
@Suite struct DocumentDifferenceTests {
  static func stroke(_ index: Int, color: InkColor = .black) -> Stroke {
    Stroke(
      points: (0..<5).map { InkPoint(x: Double(index * 10 + $0), y: Double(index)) },
      widths: [1 + Double(index) / 10], colors: [color])
  }

  static func document(_ strokes: [Stroke]) -> WillDocument {
    WillDocument(strokes: strokes, pageWidth: 500, pageHeight: 500)
  }

  let strokes = (0..<10).map { stroke($0) }

  @Test func theSameDocumentIsEqual() {
    let difference = DocumentDifference(
      comparing: Self.document(strokes), with: Self.document(strokes))
    #expect(difference.isEqual && difference.unchanged == 10)
  }

  @Test func anInsertionInTheMiddleIsOneAddedStroke() {
    var inserted = strokes
    inserted.insert(Self.stroke(42), at: 5)
    let difference = DocumentDifference(
      comparing: Self.document(strokes), with: Self.document(inserted))
    #expect(difference.unchanged == 10)
    #expect(difference.added == [DocumentDifference.Location(section: 0, element: 0, index: 5)])
    #expect(difference.removed.isEmpty && difference.changed.isEmpty)
    // And the other way round, a removal.
    let reverse = DocumentDifference(
      comparing: Self.document(inserted), with: Self.document(strokes))
    #expect(reverse.removed == [DocumentDifference.Location(section: 0, element: 0, index: 5)])
  }

  @Test func aReplacedStrokeIsAChangeWithItsFields() {
    var recoloured = strokes
    recoloured[3] = Self.stroke(3, color: InkColor(red: 200, green: 0, blue: 0))
    recoloured[7].points[2].x += 0.25
    recoloured[7].blendMode = .destinationOut
    let difference = DocumentDifference(
      comparing: Self.document(strokes), with: Self.document(recoloured))
    #expect(difference.unchanged == 8)
    #expect(difference.changed.map(\.first.index) == [3, 7])
    #expect(difference.changed.map(\.fields) == [[.colors], [.points, .blendMode]])
    #expect(difference.changed[1].largestPointError == 0.25)
    // Within a tolerance, the moved point is the same.
    let tolerant = DocumentDifference(
      comparing: Self.document(strokes), with: Self.document(recoloured), tolerance: 0.3)
    #expect(tolerant.changed.map(\.fields) == [[.colors], [.blendMode]])
    #expect(tolerant.largestUnchangedError == 0)
  }

  /// A transformed element and its flattened copy land in the same place.
  @Test func transformsAreApplied() throws {
    var section = Section(
      width: 500, height: 500, background: nil,
      nodes: [.paths(PathsElement(strokes: strokes, transform: .scale(x: 2, y: 2)))])
    section.partName = nil
    let scaled = WillDocument(sections: [section])
    let flat = try scaled.flattened()
    let difference = DocumentDifference(comparing: scaled, with: flat, tolerance: 1e-9)
    #expect(difference.isEqual, "\(difference)")
    let raw = DocumentDifference(comparing: Self.document(strokes), with: scaled)
    #expect(raw.changed.count == 10 && raw.changed.allSatisfy { $0.fields == [.points, .widths] })
  }

  /// Strokes that match none on the other side never enter the edit script: two documents
  /// whose strokes all differ cost no alignment work, every stroke a change.
  @Test func strokesThatAllDifferPairWithoutWork() {
    let count = 2_000
    let many = (0..<count).map { Self.stroke($0) }
    var moved = many
    for index in moved.indices { moved[index].points[4].y += 1 }  // every last point moved
    let difference = DocumentDifference(
      comparing: Self.document(many), with: Self.document(moved + [Self.stroke(5_000)]))
    #expect(difference.alignment == .editScript && difference.alignmentWork == 0)
    #expect(difference.changed.count == count && difference.unchanged == 0)
    #expect(difference.changed.allSatisfy { $0.fields == [.points] && $0.first == $0.second })
    #expect(difference.added.map(\.index) == [count] && difference.removed.isEmpty)
  }
}
