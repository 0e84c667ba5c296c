import ArgumentParser
import InkCodec

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Pages {
  /// `willdoc pages split FILE -d DIR`: one package per page.
  struct Split: RunnableCommand {
    /// The document, or - for standard input.
    var file: String = ""

    /// The folder to write the pages into.
    var directory: String = ""

    /// The start of each file's name (default: the input's name without its extension).
    var prefix: String?

    /// Whether an existing output may be replaced (`--force`).
    var overwrite = OverwriteOptions()

    /// The decoding limits (`--max-strokes`, …).
    var limitOptions = LimitOptions()

    func validate() throws {
      if let prefix, prefix.isEmpty || prefix.contains("/") {
        throw ValidationError("--prefix must be a file name, without /")
      }
    }

    /// The file name of section `number` (from 0) of `count`, zero-padded to sort in order.
    func name(_ number: Int, of count: Int) -> String {
      let stem =
        prefix
        ?? (file == "-"
          ? "page"
          : SystemPath.string(OutputNaming.stem(OutputNaming.lastName(SystemPath.bytes(file)))))
      return "\(stem)-\(OutputNaming.sectionNumber(number, of: count)).will"
    }

    func run() throws {
      let limits = limitOptions.limits
      let document = try PageDocuments.read(file, limits: limits, editing: "split")
      // Generated names: never written through a link, and all or nothing (GeneratedOutputs).
      let folder = try reportingErrors(file: directory) { () throws(WillError) in
        try GeneratedOutputs.openFolder(directory)
      }
      let outputs = GeneratedOutputs(force: overwrite.force)
      let names = document.sections.indices.map { name($0, of: document.sections.count) }
      for name in names {
        let path = folder.child(name)
        if file != "-", isSameFile(file, path) {
          throw ValidationError("\(path.terminalSafe) is the input file")
        }
        if let refusal = outputs.refusal(toWrite: name, in: folder) {
          throw ValidationError(refusal.terminalSafe)
        }
      }
      var lines: [String] = []
      for (index, name) in names.enumerated() {
        let page = document.keepingSections([index])
        let path = folder.child(name)
        let bytes = try PageDocuments.checkedPackage(page, for: path, limits: limits)
        try reportingErrors(file: path) { () throws(WillError) in
          try outputs.stage(bytes, as: name, in: folder)
        }
        lines.append(PageDocuments.reportLine(page, path: path, bytes: bytes.count))
      }
      try reportingErrors(file: directory) { () throws(WillError) in try outputs.commit() }
      for line in lines { StandardOutput.line(line) }
    }
  }
}

extension Pages.Split {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .value("-d", "--directory", as: String.self, required: true) { $0.directory = $1 },
      .value("--prefix", as: String.self) { $0.prefix = $1 },
    ]
  }

  static var directPositionals: DirectPositionals<Self> { .one { $0.file = $1 } }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.overwrite) },
      DirectGroup { try $1(&$0.limitOptions) },
    ]
  }
}

extension Pages.Split {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Pages/Split`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "split",
      abstract: "Write each page as a package of its own.",
      discussion: """
        The files are named after the input and numbered from 0, as --section counts and \
        render numbers its files: notes.will gives DIR/notes-0.will, DIR/notes-1.will, … Each keeps \
        the document's properties, paints and other parts, and the parts its page includes. \
        The folder is created when missing; no file is written when one of them exists, \
        unless --force. The names are never followed through a symbolic link (--force replaces \
        the link itself), and no file appears unless every page was written.
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

    @OptionGroup
    var overwrite: OverwriteOptions.Declaration

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Pages.Split {
      var plain = Pages.Split()
      plain.file = file
      plain.directory = directory
      plain.prefix = prefix
      plain.overwrite = overwrite.plain
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
