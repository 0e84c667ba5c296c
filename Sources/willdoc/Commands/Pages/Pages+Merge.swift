import ArgumentParser
import InkCodec

extension Pages {
  /// `willdoc pages merge A B … -o OUT`: the pages of several documents in one package.
  struct Merge: RunnableCommand {
    /// The documents, in page order (one of them may be - for standard input).
    var files: [String] = []

    /// The file to write, or - for standard output.
    var output: String = ""

    /// Whether an existing output may be replaced (`--force`).
    var overwrite = OverwriteOptions()

    /// The decoding limits (`--max-strokes`, …).
    var limitOptions = LimitOptions()

    func validate() throws {
      guard files.count >= 2 else {
        throw ValidationError("give at least two documents to merge")
      }
      if files.filter({ $0 == "-" }).count > 1 {
        throw ValidationError("standard input (-) can be read once")
      }
      for file in files where file != "-" && output != "-" && isSameFile(file, output) {
        throw ValidationError("-o \(output.terminalSafe) is an input file")
      }
      try PageOutputOptions.checkReplacing(output, overwrite: overwrite)
    }

    func run() throws {
      let limits = limitOptions.limits
      var documents: [WillDocument] = []
      for file in files {
        documents.append(try PageDocuments.read(file, limits: limits))
      }
      let merged: WillDocument
      do {
        merged = try WillDocument(merging: documents)
      } catch {
        // Named after the first input that cannot join the ones before it.
        let culprit = WillDocument.firstMergeConflict(in: documents)?.index
        throw fail(file: files[culprit ?? documents.count - 1], error)
      }
      try PageDocuments.write(merged, to: output, limits: limits)
      let lines =
        Self.changed(files: files, documents: documents)
        + Self.dropped(files: files, documents: documents, merged: merged)
      for line in lines {
        if output == "-" { printError(line) } else { StandardOutput.line(line) }
      }
    }

    /// The strokes whose paint index the merge renumbers, a line per input: how many, and
    /// each index's new value (the first eight, then a count of the rest).
    static func changed(files: [String], documents: [WillDocument]) -> [String] {
      let renumbering = WillDocument.paintRenumbering(merging: documents)
      var lines: [String] = []
      for (file, (document, moves)) in zip(files, zip(documents, renumbering))
      where !moves.isEmpty {
        let moved = Set(moves.map(\.from))
        var strokes = 0
        for section in document.sections {
          for stroke in section.strokes where stroke.paintIndex.map(moved.contains) == true {
            strokes += 1
          }
        }
        var pairs = moves.prefix(8).map { "\($0.from) → \($0.to)" }.joined(separator: ", ")
        if moves.count > 8 { pairs += ", and \(moves.count - 8) more" }
        lines.append(
          "changed  \(file.terminalSafe): \(Format.plural(strokes, "stroke")) renumbered to "
            + "keep their paints: paint \(pairs)")
      }
      return lines
    }

    /// What the package does not hold of the inputs, a line each: a RIFF file's chunks other
    /// than its header and ink.
    static func dropped(files: [String], documents: [WillDocument], merged: WillDocument)
      -> [String]
    {
      var lines: [String] = []
      for (file, document) in zip(files, documents) {
        for chunk in document.riffChunks where !chunk.isInk && chunk.id != "HEAD" {
          lines.append("dropped  \(file.terminalSafe): RIFF chunk \(chunk.id.terminalSafe)")
        }
      }
      return lines
    }
  }
}

extension Pages.Merge {
  static var ownDirectOptions: [DirectOption<Self>] {
    [.value("-o", "--output", as: String.self, required: true) { $0.output = $1 }]
  }

  static var directPositionals: DirectPositionals<Self> {
    .list(atLeastOne: true) { $0.files = $1 }
  }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.overwrite) },
      DirectGroup { try $1(&$0.limitOptions) },
    ]
  }
}

extension Pages.Merge {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Pages/Merge`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "merge",
      abstract: "Write one package holding the pages of every document given, in order.",
      discussion: """
        Every page keeps its strokes (byte for byte), images and parts; clashing part names get \
        fresh ones (paths.protobuf becomes paths-1.protobuf), shared parts stay shared. A RIFF or \
        raw file comes in as one page. The first document gives the properties and paints; a \
        later one's particle paints not already held (by value) are added after them, and its \
        strokes' paint indices renumbered to match, each renumbering a `changed` line. In \
        full: docs/cli.md#pages.
        """)

    @Argument(
      help: ArgumentHelp(
        "The documents, in page order (one of them may be - for standard input).",
        valueName: "file"))
    var files: [String]

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp("The file to write, or - for standard output.", valueName: "file"))
    var output: String

    @OptionGroup
    var overwrite: OverwriteOptions.Declaration

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Pages.Merge {
      var plain = Pages.Merge()
      plain.files = files
      plain.output = output
      plain.overwrite = overwrite.plain
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
