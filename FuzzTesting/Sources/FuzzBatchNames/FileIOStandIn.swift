import Foundation
import InkCodec

/// A stand-in for InkCodec's `FileIO`, which has package access and so is out of this
/// package's sight, for the `SystemPath.read` compiled here with willdoc's source: the target
/// fuzzes names and never reads a file.
enum FileIO {
  static func read(_ url: URL, limit: Int) throws(WillError) -> [UInt8] {
    try read(named: url.path, limit: limit) { -1 }
  }

  static func read(
    named path: String, limit: Int, opening openFile: () -> Int32
  ) throws(WillError) -> [UInt8] {
    throw WillError(.io("FuzzBatchNames reads no file (\(path))"))
  }
}
