import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc pages merge` of notes that both carry particle paints: the paints are merged by
/// value, and every stroke still draws with the paint it drew with.
struct PagesMergePaintsTests {
  static func paint(spacing: Float) -> ParticlesPaint {
    var paint = ParticlesPaint()
    paint.spacing = spacing
    return paint
  }

  /// A note with `paints`, and a stroke per paint selecting it (by its index), plus one stroke
  /// without a paint.
  static func note(_ paints: [ParticlesPaint]) -> WillDocument {
    var strokes = paints.indices.map { index in
      Stroke(
        points: [InkPoint(x: 10, y: 10 + Double(index)), InkPoint(x: 50, y: 20)], widths: [2],
        paintIndex: UInt32(index))
    }
    strokes.append(Stroke(points: [InkPoint(x: 5, y: 5), InkPoint(x: 9, y: 9)], widths: [1]))
    var document = WillDocument(strokes: strokes, pageWidth: 100, pageHeight: 100)
    document.paints = paints
    return document
  }

  /// Each stroke's paint, by value (`nil` for none), page by page.
  static func strokePaints(_ document: WillDocument) -> [[ParticlesPaint?]] {
    document.sections.map { section in
      section.strokes.map { stroke in
        stroke.paintIndex.flatMap {
          document.paints.indices.contains(Int($0)) ? document.paints[Int($0)] : nil
        }
      }
    }
  }

  @Test func strokesKeepTheirPaintsInEitherOrder() throws {
    let directory = try TemporaryDirectory()
    let shared = Self.paint(spacing: 0.3)
    let a = Self.note([Self.paint(spacing: 0.1), shared])
    let b = Self.note([shared, Self.paint(spacing: 0.7), Self.paint(spacing: 0.9)])
    let aURL = try SyntheticDocuments.write(a, to: directory, name: "a.will")
    let bURL = try SyntheticDocuments.write(b, to: directory, name: "b.will")
    for (first, second, names) in [(a, b, ["a.will", "b.will"]), (b, a, ["b.will", "a.will"])] {
      let out = directory.file("merged-\(names[0])")
      let result = try WillDocRunner.run(
        ["pages", "merge"] + names + ["-o", out.lastPathComponent], in: directory.url)
      #expect(result.status == 0, "\(result.stderr)")
      let merged = try WillDocument(parsing: Array(try Data(contentsOf: out)))
      // Every paint once: the shared one is not repeated.
      #expect(merged.paints.count == 4)
      #expect(
        Self.strokePaints(merged)
          == Self.strokePaints(first) + Self.strokePaints(second), "\(names)")
      let validate = try WillDocRunner.run(["validate", out.path])
      #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
      #expect(!validate.stdout.contains("paint-without-paints-part"))
      // The second document's strokes are renumbered, and said so.
      let expected =
        names[0] == "a.will"
        ? "changed  b.will: 3 strokes renumbered to keep their paints: paint 0 → 1, 1 → 2, 2 → 3"
        : "changed  a.will: 2 strokes renumbered to keep their paints: paint 0 → 3, 1 → 0"
      #expect(result.stdout.contains(expected), "\(result.stdout)")
      #expect(!result.stdout.contains("changed  \(names[0])"))
    }
    _ = (aURL, bURL)
  }

  /// A later note whose paints extend the first's keeps them at their indices: nothing is
  /// renumbered, and the paints part keeps its bytes.
  @Test func extendingPaintsRenumberNothing() throws {
    let directory = try TemporaryDirectory()
    let one = Self.note([Self.paint(spacing: 0.1)])
    let two = Self.note([Self.paint(spacing: 0.1), Self.paint(spacing: 0.2)])
    _ = try SyntheticDocuments.write(one, to: directory, name: "one.will")
    _ = try SyntheticDocuments.write(two, to: directory, name: "two.will")
    let result = try WillDocRunner.run(
      ["pages", "merge", "one.will", "two.will", "-o", "m.will"], in: directory.url)
    #expect(result.status == 0 && !result.stdout.contains("changed"), "\(result.stdout)")
    let merged = try WillDocument(
      parsing: Array(try Data(contentsOf: directory.file("m.will"))))
    #expect(merged.paints == two.paints)
    #expect(Self.strokePaints(merged) == Self.strokePaints(one) + Self.strokePaints(two))
  }
}
