import Foundation
import InkTestFixtures

// Writes SampleDocuments/ deterministically:
//   swift run make-samples [OUTPUT-DIR] [--seed N]
// Removes valid/, invalid/ and golden/manifest.txt files that the generator no longer makes.
var arguments = Array(CommandLine.arguments.dropFirst())
var seed = SampleDocuments.defaultSeed
if let index = arguments.firstIndex(of: "--seed"), index + 1 < arguments.count,
  let value = UInt64(arguments[index + 1])
{
  seed = value
  arguments.removeSubrange(index...(index + 1))
}
let output = URL(fileURLWithPath: arguments.first ?? "SampleDocuments")
let manager = FileManager.default
let files = try SampleDocuments.generate(seed: seed)
for folder in ["valid", "invalid"] {
  let url = output.appendingPathComponent(folder)
  if let existing = try? manager.contentsOfDirectory(atPath: url.path) {
    let kept = Set(files.map(\.path))
    for name in existing where !kept.contains(folder + "/" + name) {
      try manager.removeItem(at: url.appendingPathComponent(name))
    }
  }
}
var total = 0
for file in files {
  let url = output.appendingPathComponent(file.path)
  try manager.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try Data(file.bytes).write(to: url)
  total += file.bytes.count
  print(String(file.bytes.count).padding(toLength: 10, withPad: " ", startingAt: 0) + file.path)
}
print("\(files.count) files, \(total) bytes, seed \(seed)")
