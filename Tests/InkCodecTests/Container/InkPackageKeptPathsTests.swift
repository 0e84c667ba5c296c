import Testing

@testable import InkCodec

/// Opening a package with its paths read on demand keeps the paths parts that fit the budget,
/// in zip order, and reads the others again when asked: the same bytes either way.
@Suite struct InkPackageKeptPathsTests {
  /// A package of three sections, each drawing its own paths part of a different size.
  static func package() throws -> [UInt8] {
    let sections = [3, 7, 5].map { count in
      let strokes = (0..<count).map { index in
        Stroke(
          points: (0..<20).map { InkPoint(x: Double($0 * 3 + index), y: Double($0 + index)) },
          widths: [1.5])
      }
      return Section(
        width: 500, height: 500, background: nil, nodes: [.paths(PathsElement(strokes: strokes))])
    }
    return try WillDocument(sections: sections).serialized()
  }

  static func isPaths(_ part: ZipEntry) -> Bool { part.name.description.hasSuffix(".protobuf") }

  @Test func keptWithinTheBudgetAndReadAgainPastIt() throws {
    let bytes = try Self.package()
    let whole = try ZipArchive.read(bytes).filter(Self.isPaths)
    let sizes = whole.map(\.size)
    #expect(sizes.count == 3 && Set(sizes).count == 3)
    let budgets = [
      0, sizes[0], sizes[0] + sizes[1] - 1, sizes[0] + sizes[2], sizes.reduce(0, +),
      InkPackage.keptPathsBytes,
    ]
    for budget in budgets {
      try InkPackage.reading(bytes, limits: .default, pathsOnDemand: true, keptPathsBytes: budget) {
        (package) throws(WillError) in
        let paths = package.parts.filter(Self.isPaths)
        #expect(paths.map(\.name) == whole.map(\.name))
        // Each part is kept when it fits what the parts before it left of the budget.
        var left = budget
        for part in paths {
          let fits = part.size <= left
          if fits { left -= part.size }
          #expect(part.isLoaded == fits, "budget \(budget): \(part.name)")
        }
        for (part, expected) in zip(paths, whole) {
          #expect(try package.data(of: part) == expected.data, "budget \(budget): \(part.name)")
        }
      }
    }
  }
}
