import Foundation
import InkCodec

/// The memory figures of opening one document, from /proc/self/status: the resident set
/// before reading, the peak while opening, and the decoded point data for comparison.
enum PeakMemory {
  static func kilobytes(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
    return 0
  }

  static func report(path: String) throws {
    let before = kilobytes("VmRSS")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let document = try WillDocument(parsing: bytes, limits: .unlimited)
    let peak = kilobytes("VmHWM")
    let held = kilobytes("VmRSS")
    let points = document.strokes.reduce(0) { $0 + $1.pointCount }
    let widths = document.strokes.reduce(0) { $0 + $1.widths.count }
    // x and y as Double per point, and each stored width as Double.
    let decoded = (points * 16 + widths * 8) / 1024
    let object: [String: Any] = [
      "file": (path as NSString).lastPathComponent, "fileKiB": bytes.count / 1024,
      "points": points, "baselineKiB": before, "peakKiB": peak, "heldKiB": held,
      "decodedKiB": decoded,
    ]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    FileHandle.standardOutput.write(data)
    withExtendedLifetime(document) {}
  }
}
