import ArgumentParser
import Foundation
import InkCodec

extension Pages {
  /// `willdoc pages split FILE -d DIR`: one package per page.
  struct Split: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write each page as a package of its own.",
      discussion: """
        The files are named after the input and numbered from 0, as --section counts and \
        render numbers its files: notes.will gives DIR/notes-0.will, DIR/notes-1.will, … Each keeps \
        the document's properties, paints and other parts, and the parts its page includes. \
        The folder is created when missing; no file is written when one of them exists, \
        unless --force.
        """)

    @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "file"))
    var file: String

    @Option(
      name: [.customShort("d"), .customLong("directory")],
      help: ArgumentHelp("The folder to write the pages into.", valueName: "dir"))
    var directory: String

    @Option(
      help: ArgumentHelp(
        "The start of each file's name (default: the input's name without its extension).",
        valueName: "name"))
    var prefix: String?

    @OptionGroup var overwrite: OverwriteOptions

    @OptionGroup var limitOptions: LimitOptions

    func validate() throws {
      if let prefix, prefix.isEmpty || prefix.contains("/") {
        throw ValidationError("--prefix must be a file name, without /")
      }
    }

    /// The file name of section `number` (from 0).
    func name(_ number: Int) -> String {
      let stem =
        prefix
        ?? (file == "-"
          ? "page" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)
      return "\(stem)-\(number).will"
    }

    func run() throws {
      let limits = limitOptions.limits
      let document = try PageDocuments.read(file, limits: limits, editing: "split")
      let folder = URL(fileURLWithPath: directory)
      let paths = document.sections.indices.map { folder.appendingPathComponent(name($0)).path }
      for path in paths {
        if file != "-", isSameFile(file, path) {
          throw ValidationError("\(path.terminalSafe) is the input file")
        }
        try PageOutputOptions.checkReplacing(path, overwrite: overwrite)
      }
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        printError(
          "willdoc: error: \(directory.terminalSafe): cannot create the folder: "
            + error.localizedDescription.terminalSafe)
        throw ExitCode(ExitStatus.unreadable)
      }
      for (index, path) in paths.enumerated() {
        try PageDocuments.write(document.keepingSections([index]), to: path, limits: limits)
      }
    }
  }
}
