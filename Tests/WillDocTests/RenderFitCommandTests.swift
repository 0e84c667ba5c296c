import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc render` on a page whose ink runs past its edges: the cropped strokes are counted
/// on standard error, and `--fit ink` draws them all.
struct RenderFitCommandTests {
  /// A 200 × 100 page: one stroke on it, one from x 150 to 250 (partly outside, 50 units
  /// past the right edge) and one from x 300 to 340 (wholly outside, 140 units past it).
  static var overflowing: WillDocument {
    func line(_ x0: Double, _ x1: Double, _ y: Double) -> Stroke {
      // The end points doubled, so the spline runs from x0 to x1.
      Stroke(
        points: [x0, y, x0, y, (x0 + x1) / 2, y, x1, y, x1, y], layout: .xy, width: 4,
        color: InkColor(red: 0, green: 0, blue: 0))
    }
    return WillDocument(
      strokes: [line(20, 80, 50), line(150, 250, 60), line(300, 340, 20)], pageWidth: 200,
      pageHeight: 100)
  }

  static let warning =
    "section 0: 2 strokes reach outside the 200 × 100 page (1 wholly), up to 140 page units "
    + "past its edge: cropped; --fit ink draws all the ink"

  /// The width and height a PNG's header declares.
  static func pngSize(_ bytes: [UInt8]) -> (Int, Int) {
    func u32(_ o: Int) -> Int { bytes[o..<o + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (u32(16), u32(20))
  }

  static func read(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

  @Test func croppedInkIsCountedAndFitInkDrawsItAll() throws {
    let directory = try TemporaryDirectory()
    let input = try SyntheticDocuments.write(Self.overflowing, to: directory, name: "wide.will")
    let plain = try WillDocRunner.run(["render", input.path, "-o", directory.file("a.png").path])
    #expect(plain.status == 0)
    #expect(plain.stderr == "willdoc: warning: \(input.path): \(Self.warning)\n")
    #expect(Self.pngSize(try Self.read(directory.file("a.png"))) == (200, 100))

    // --fit page is the default, byte for byte.
    let page = try WillDocRunner.run([
      "render", input.path, "--fit", "page", "-o", directory.file("b.png").path,
    ])
    #expect(page.status == 0 && page.stderr == plain.stderr)
    #expect(try Self.read(directory.file("a.png")) == Self.read(directory.file("b.png")))

    // --fit ink: the ink runs from x 18 to 342 and y 18 to 62 (the points ± half the width
    // of 4); the page is that plus 8 units on every side.
    let ink = try WillDocRunner.run([
      "render", input.path, "--fit", "ink", "-o", directory.file("c.png").path,
    ])
    #expect(ink.status == 0)
    #expect(ink.stderr.hasPrefix("willdoc: note: \(input.path): section 0: 2 strokes reach"))
    #expect(ink.stderr.contains("drawn in full on a page fitted to the ink (--fit ink)"))
    #expect(Self.pngSize(try Self.read(directory.file("c.png"))) == (340, 60))
  }

  @Test func svgAndPDFFitTheInkToo() throws {
    let directory = try TemporaryDirectory()
    let input = try SyntheticDocuments.write(Self.overflowing, to: directory, name: "wide.will")
    for format in ["svg", "pdf"] {
      var sizes: [String] = []
      for fit in ["page", "ink"] {
        let out = directory.file("\(fit).\(format)")
        let result = try WillDocRunner.run(["render", input.path, "--fit", fit, "-o", out.path])
        #expect(result.status == 0)
        #expect(result.stderr.contains("section 0: 2 strokes reach outside the 200 × 100 page"))
        let text = String(decoding: try Self.read(out), as: UTF8.self)
        if format == "svg" {
          let size = text.firstRange(of: /width="[^"]*" height="[^"]*"/).map { String(text[$0]) }
          sizes.append(size ?? "")
          if fit == "ink" {
            // Every stroke is drawn: the wholly outside one lies inside the fitted viewBox.
            #expect(text.contains("viewBox=\"0 0 340 60\""))
          }
        } else {
          let box = text.firstRange(of: /\/MediaBox\[[^\]]*\]/).map { String(text[$0]) }
          sizes.append(box ?? "")
        }
      }
      let expected =
        format == "svg"
        ? [#"width="200" height="100""#, #"width="340" height="60""#]
        : ["/MediaBox[0 0 150 75]", "/MediaBox[0 0 255 45]"]
      #expect(sizes == expected, "\(format)")
    }
  }

  /// A document whose ink lies on its page says nothing, whichever the fit.
  @Test func inkOnThePageSaysNothing() throws {
    let directory = try TemporaryDirectory()
    let input = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "two.will")
    for fit in ["page", "ink"] {
      let result = try WillDocRunner.run([
        "render", input.path, "--fit", fit, "-o", directory.file("\(fit).png").path,
      ])
      #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }
  }
}
