import ArgumentParser
import InkCodec

extension Pages {
  /// `willdoc pages delete FILE --section 1 -o OUT`: the document without some pages.
  struct Delete: RunnableCommand {
    /// The document, or - for standard input.
    var file: String = ""

    /// The pages to delete, counted from 0: numbers and ranges, such as 1,4-5.
    var section: String = ""

    /// Where the result is written (`-o`, `--in-place`).
    var outputOptions = PageOutputOptions()

    /// The decoding limits (`--max-strokes`, …).
    var limitOptions = LimitOptions()

    func validate() throws {
      _ = try SectionList(parsing: section, option: "--section")
      try outputOptions.validate(input: file)
    }

    func run() throws {
      let limits = limitOptions.limits
      let list = try SectionList(parsing: section, option: "--section")
      var document = try PageDocuments.read(file, limits: limits, editing: "delete")
      try list.check(against: document.sections.count, option: "--section")
      if Set(list.indices).count == document.sections.count {
        throw ValidationError(
          "--section \(section.terminalSafe) names every page: the document would have none")
      }
      document.removeSections(at: list.indices)
      try PageDocuments.write(document, to: outputOptions.destination(input: file), limits: limits)
    }
  }
}

extension Pages.Delete: PageRewriteCommand {
  static var ownDirectOptions: [DirectOption<Self>] {
    [.value("--section", as: String.self, required: true) { $0.section = $1 }]
  }
}

extension Pages.Delete {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Pages/Delete`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "delete",
      abstract: "Write the document without the pages listed.",
      discussion: """
        The other pages keep their order and their parts; parts only the deleted pages \
        include are not written. Deleting every page is refused.
        """)

    @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "file"))
    var file: String

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "The pages to delete, counted from 0: numbers and ranges, such as 1,4-5.",
        valueName: "list"))
    var section: String

    @OptionGroup
    var outputOptions: PageOutputOptions.Declaration

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Pages.Delete {
      var plain = Pages.Delete()
      plain.file = file
      plain.section = section
      plain.outputOptions = outputOptions.plain
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
