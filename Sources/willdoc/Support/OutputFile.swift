import ArgumentParser
import Foundation
import InkCodec

/// Writes a command's output: to standard output for `-`, otherwise atomically (a temporary
/// file beside `path`, then a rename), so an interrupted write never leaves half a file.
/// Errors print as `willdoc: error: <path>: …` and exit like the other I/O errors.
func writeOutput(_ bytes: [UInt8], to path: String) throws(ExitCode) {
  try reportingErrors(file: path) { () throws(WillError) in
    if path == "-" {
      FileHandle.standardOutput.write(Data(bytes))
    } else {
      try FileIO.write(bytes, to: URL(fileURLWithPath: path))
    }
  }
}
