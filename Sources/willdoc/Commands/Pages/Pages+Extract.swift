import ArgumentParser
import InkCodec

extension Pages {
  /// `willdoc pages extract FILE --section 0,2-3 -o OUT`: a package of some pages.
  struct Extract: RunnableCommand {
    /// The document, or - for standard input.
    var file: String = ""

    /// The pages to keep, counted from 0: numbers and ranges, such as 0,2-3.
    var section: String = ""

    /// Where the result is written (`-o`, `--in-place`).
    var outputOptions = PageOutputOptions()

    /// The decoding limits (`--max-strokes`, …).
    var limitOptions = LimitOptions()

    func validate() throws {
      let list = try SectionList(parsing: section, option: "--section")
      try list.checkNoRepeats(option: "--section")
      try outputOptions.validate(input: file)
    }

    func run() throws {
      let limits = limitOptions.limits
      let list = try SectionList(parsing: section, option: "--section")
      let document = try PageDocuments.read(file, limits: limits, editing: "extract")
      try list.check(against: document.sections.count, option: "--section")
      try PageDocuments.write(
        document.keepingSections(list.indices), to: outputOptions.destination(input: file),
        limits: limits)
    }
  }
}

extension Pages.Extract: PageRewriteCommand {
  static var ownDirectOptions: [DirectOption<Self>] {
    [.value("--section", as: String.self, required: true) { $0.section = $1 }]
  }
}

extension Pages.Extract {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Pages/Extract`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "extract",
      abstract: "Write a package of the pages listed, in the order listed.",
      discussion: """
        Everything else the document holds (properties, paints, other parts) is kept; parts \
        only the pages left out include are not written.
        """)

    @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "file"))
    var file: String

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "The pages to keep, counted from 0: numbers and ranges, such as 0,2-3.",
        valueName: "list"))
    var section: String

    @OptionGroup
    var outputOptions: PageOutputOptions.Declaration

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Pages.Extract {
      var plain = Pages.Extract()
      plain.file = file
      plain.section = section
      plain.outputOptions = outputOptions.plain
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
