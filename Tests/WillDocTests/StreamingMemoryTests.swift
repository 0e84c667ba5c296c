import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// `willdoc validate`, `inspect` and `dump` hold one paths part of a package at a time: a
/// package whose parts together exceed the address space given to the process is read within
/// it, while reading it whole as a document (what `reencode` does) runs out of memory.
@Suite(.serialized) struct StreamingMemoryTests {
  static let partCount = 6
  static let partBytes = 48 << 20

  /// A package of `partCount` sections, each including a paths part of about `partBytes`:
  /// 1,000-point strokes that stand still (every delta zero), which compress to almost nothing.
  static func largePackage(in directory: TemporaryDirectory) throws -> URL {
    let still = Stroke(points: Array(repeating: InkPoint(x: 10, y: 10), count: 1_000), widths: [2])
    let record = try PathsStream(strokes: [still]).serialized()
    let repeats = partBytes / record.count
    let stream = [UInt8](unsafeUninitializedCapacity: repeats * record.count) { buffer, count in
      for index in 0..<repeats {
        _ = UnsafeMutableBufferPointer(rebasing: buffer[(index * record.count)...])
          .initialize(from: record)
      }
      count = repeats * record.count
    }
    let document = WillDocument(
      sections: (0..<partCount).map { _ in
        Section(
          width: 500, height: 500, background: nil,
          nodes: [.paths(PathsElement(strokes: [still]))])
      })
    // Each section's one-stroke part, swapped for the large stream.
    let entries = try ZipArchive.read(document.serialized()).map { entry in
      var input = entry.input
      if entry.name.description.hasSuffix(".protobuf") { input.data = stream }
      return input
    }
    let url = directory.url.appendingPathComponent("parts.will")
    try Data(try ZipArchive.write(entries)).write(to: url)
    return url
  }

  static let limits = [
    "--max-total-bytes", "1000000000", "--max-strokes", "10000000", "--max-total-points",
    "1000000000",
  ]

  @Test(.enabled(if: BudgetedRun.releaseBinary != nil, "needs the optimised binary"))
  func commandsHoldOnePartAtATime() throws {
    let directory = try TemporaryDirectory()
    let url = try Self.largePackage(in: directory)
    let cap = 260 << 20  // the six parts together are 288 MiB
    for command in [
      ["validate"], ["inspect"], ["inspect", "--format", "json"], ["dump", "--stroke", "0"],
      ["dump", "--format", "json", "--stroke", "0"],
    ] {
      let outcome = try BudgetedRun.run(
        command + [url.lastPathComponent] + Self.limits, in: directory.url, memory: cap)
      #expect(outcome.status == 0, "\(command): \(outcome.stderr)")
      #expect(!outcome.timedOut, "\(command)")
    }
    // Reading every part at once does not fit: the cap binds.
    let whole = try BudgetedRun.run(
      ["reencode", url.lastPathComponent, "-o", directory.file("copy.will").path] + Self.limits,
      in: directory.url, memory: cap)
    #expect(whole.status == 1, "\(whole.stderr)")
    #expect(whole.stderr.contains("out of memory"), "\(whole.stderr)")
  }
}
