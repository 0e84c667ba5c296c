/// Any bytes as a set of file names through `convert -d`'s naming (``OutputNaming``, compiled
/// here from willdoc's own source) and the lossless spelling of names (``SystemPath``). The
/// first byte picks folding (bit 0) and the extension; the rest is names separated by NUL,
/// their folders by `/`. Never traps; a name comes back from its spelling byte for byte;
/// every output stays inside the target folder (no empty, `.` or `..` name, no `/`) and ends
/// with the extension; two inputs get one output only when the second is reported as taken,
/// and then the two outputs are one name under the rule.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatchNames(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let flags = bytes.first else { return 0 }
  let folding = flags & 1 == 1
  let fileExtension = Array(["will", "uim", "inkml"][Int(flags >> 1) % 3].utf8)
  var naming = OutputNaming(folding: folding)
  var outputs: [[[UInt8]]] = []
  var free = Set<[UInt8]>()
  for name in bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).prefix(4096) {
    let spelled = SystemPath.string(name)
    precondition(SystemPath.bytes(spelled) == Array(name), "spelling lost bytes")
    precondition(
      SystemPath.isPlain(spelled) == (String(validating: name, as: UTF8.self) == spelled))
    let relative = name.split(separator: 0x2F, omittingEmptySubsequences: false).map(Array.init)
    guard let output = OutputNaming.output(for: relative, fileExtension: fileExtension) else {
      precondition(!relative.allSatisfy(OutputNaming.isEntryName), "a good name refused")
      continue
    }
    precondition(output.count == relative.count)
    precondition(output.allSatisfy(OutputNaming.isEntryName), "an output leaves the folder")
    precondition(output.last!.suffix(fileExtension.count + 1) == [0x2E] + fileExtension)
    let joined = Array(output.joined(separator: [0x2F]))
    if let first = naming.claim(output, by: outputs.count) {
      precondition(naming.key(outputs[first]) == naming.key(output), "a collision not real")
    } else {
      precondition(free.insert(joined).inserted, "two inputs given one output")
      outputs.append(output)
    }
  }
  return 0
}
