import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// WILL 2 → UIM names what UIM cannot hold, a `dropped` line each.
struct UIMLossesTests {
  static let valid = Fixtures.sampleDocuments.appendingPathComponent("valid")

  @Test func viewElementsAndTheContainerAreListed() throws {
    let directory = try TemporaryDirectory()
    var document = SyntheticDocuments.twoStrokes
    document.sections[0].nodes.append(
      .unmodelled(
        UnmodelledNode(.element(XMLElement("view", attributes: [.init("id", "v")], children: [])))
      ))
    let input = try SyntheticDocuments.write(document, to: directory, name: "view.will")
    let out = directory.file("view.uim").path
    let result = try WillDocRunner.run(["convert", input.path, "-o", out])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("dropped  the page's <view> element\n"), "\(result.stdout)")
    // The background rect and the six mapped properties are carried: no line for them.
    #expect(!result.stdout.contains("<rect>") && !result.stdout.contains("property"))

    let riff = try WillDocRunner.run([
      "convert", Self.valid.appendingPathComponent("handwriting-riff.will").path, "-o",
      directory.file("riff.uim").path,
    ])
    // A RIFF file's INK chunks come back by their part names (ConvertContainerTests); a raw
    // stream's container is lost.
    #expect(riff.status == 0 && !riff.stdout.contains("dropped"), "\(riff.stdout)")
    let raw = try WillDocRunner.run([
      "convert", Self.valid.appendingPathComponent("handwriting.will.bin").path, "-o",
      directory.file("raw.uim").path,
    ])
    #expect(raw.stdout.contains("dropped  the raw container"), "\(raw.stdout)")
  }

  @Test(.enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"))
  func aCoreVersionPropertyIsListed() throws {
    let directory = try TemporaryDirectory()
    let path = try #require(ExternalSamples.directory)
      .appendingPathComponent("ngmsoftware__will2svg__WCM0006.will").path
    let result = try WillDocRunner.run(["convert", path, "-o", directory.file("n.uim").path])
    #expect(result.status == 0)
    #expect(result.stdout.contains("dropped  property version \"1.0\"\n"), "\(result.stdout)")
  }
}
