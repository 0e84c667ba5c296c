import ArgumentParser
import InkCodec

/// Reading and writing the documents of `willdoc pages`: WILL 2 in any container in, an OPC
/// package out, checked by reading it back before it is written.
enum PageDocuments {
  /// Reads a WILL 2 document. UIM and InkML files are refused with a usage error saying how
  /// to convert them: page tools keep the WILL 2 parts as they are, and a conversion would
  /// not. With `editing`, a RIFF or raw file is refused too, naming what it cannot do: it
  /// holds one page and no sections.
  static func read(_ name: String, limits: DecodingLimits, editing action: String? = nil) throws
    -> WillDocument
  {
    let input = try reportingErrors(file: name) { () throws(WillError) in
      try InputFile.read(name, limits: limits)
    }
    if UIMFile.sniff(input.bytes) || InkMLSniffer.sniff(input.bytes) {
      let kind = UIMFile.sniff(input.bytes) ? "a UIM" : "an InkML"
      throw ValidationError(
        "\(name.terminalSafe) is \(kind) file: willdoc pages works on WILL 2 documents; "
          + "convert it first (willdoc convert \(name.terminalSafe) -o OUT.will)")
    }
    let document = try reportingErrors(file: name) { () throws(WillError) in
      try WillDocument(parsing: input.bytes, limits: limits)
    }
    if let action, document.container != .opc {
      let kind = document.container == .riff ? "a RIFF file" : "a raw paths stream"
      throw ValidationError(
        "\(name.terminalSafe) is \(kind), which holds one page and no sections, so there are "
          + "no pages to \(action); willdoc reencode \(name.terminalSafe) --container opc "
          + "-o OUT.will makes a package of it")
    }
    return document
  }

  /// Writes `document` as a package to `path` (`-` for standard output) after reading the
  /// bytes back and finding every section's strokes, and returns the report line.
  @discardableResult
  static func write(_ document: WillDocument, to path: String, limits: DecodingLimits) throws
    -> String
  {
    let bytes = try checkedPackage(document, for: path, limits: limits)
    try writeOutput(bytes, to: path)
    let line = reportLine(document, path: path, bytes: bytes.count)
    if path == "-" { printError(line) } else { StandardOutput.line(line) }
    return line
  }

  /// The `wrote …` line of `document` written to `path` in `bytes` bytes.
  static func reportLine(_ document: WillDocument, path: String, bytes: Int) -> String {
    "wrote \(path.terminalSafe)  \(Format.plural(document.sections.count, "section"))  "
      + "\(Format.plural(document.strokes.count, "stroke"))  \(Format.count(bytes)) bytes"
  }

  /// `document` as a package, read back and checked; errors name `path`.
  static func checkedPackage(
    _ document: WillDocument, for path: String, limits: DecodingLimits
  ) throws -> [UInt8] {
    let bytes = try reportingErrors(file: path) { () throws(WillError) in
      try document.serialized(container: .opc)
    }
    // Closed loop: the package reads back, under the same limits, with every page's strokes.
    let written = try reportingErrors(file: path) { () throws(WillError) in
      try WillDocument(parsing: bytes, limits: limits)
    }
    guard written.sections.map(\.strokes) == document.sections.map(\.strokes) else {
      printError(
        "willdoc: error: \(path.terminalSafe): the written package does not read back with "
          + "the pages' strokes")
      throw ExitStatus.invalid.exitCode
    }
    return bytes
  }
}
