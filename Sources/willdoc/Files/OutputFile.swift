import ArgumentParser
import InkCodec

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes a command's output: to standard output for `-`, otherwise as ``FileIO/write(_:to:)``
/// does (links followed, regular files replaced atomically with their permissions kept,
/// devices and FIFOs written directly), so an interrupted write never leaves half a file.
/// Errors print as `willdoc: error: <path>: …` and exit like the other I/O errors.
func writeOutput(_ bytes: [UInt8], to path: String) throws(ExitCode) {
  try reportingErrors(file: path) { () throws(WillError) in
    if path == "-" {
      StandardOutput.write(bytes)
    } else {
      try writeFile(bytes, to: path, force: true)
    }
  }
}

/// Writes a file named on the command line: ``FileIO/write(_:to:)`` for a UTF-8 path; a path
/// that is not UTF-8 (``SystemPath``) is written as a generated name is
/// (``GeneratedOutputs``: a temporary file renamed into place, a link at the name replaced,
/// not followed), as Foundation cannot spell it. `force` is whether an existing file may be
/// replaced, once the command's overwrite policy allowed it.
func writeFile(_ bytes: [UInt8], to path: String, force: Bool) throws(WillError) {
  if SystemPath.isPlain(path) {
    try FileIO.write(bytes, to: SystemPath.fileURL(path))
    return
  }
  let (folderPath, name) = SystemPath.split(path)
  let folder = try GeneratedOutputs.openFolder(folderPath)
  let outputs = GeneratedOutputs(force: force)
  try outputs.stage(bytes, as: name, in: folder)
  try outputs.commit()
}
