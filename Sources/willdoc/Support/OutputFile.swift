import ArgumentParser
import Foundation
import InkCodec

/// Writes a command's output: to standard output for `-`, otherwise as ``FileIO/write(_:to:)``
/// does (links followed, regular files replaced atomically with their permissions kept,
/// devices and FIFOs written directly), so an interrupted write never leaves half a file.
/// Errors print as `willdoc: error: <path>: …` and exit like the other I/O errors.
func writeOutput(_ bytes: [UInt8], to path: String) throws(ExitCode) {
  try reportingErrors(file: path) { () throws(WillError) in
    if path == "-" {
      StandardOutput.write(bytes)
    } else {
      try FileIO.write(bytes, to: URL(fileURLWithPath: path))
    }
  }
}
