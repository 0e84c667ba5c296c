import ArgumentParser
import InkCodec

extension Pages {
  /// `willdoc pages reorder FILE --order 2,0,1 -o OUT`: the same pages in a new order.
  struct Reorder: RunnableCommand {
    /// The document, or - for standard input.
    var file: String = ""

    /// Every page once, in the new order, such as 2,0,1.
    var order: String = ""

    /// Where the result is written (`-o`, `--in-place`).
    var outputOptions = PageOutputOptions()

    /// The decoding limits (`--max-strokes`, …).
    var limitOptions = LimitOptions()

    func validate() throws {
      let list = try SectionList(parsing: order, option: "--order")
      try list.checkNoRepeats(option: "--order")
      try outputOptions.validate(input: file)
    }

    func run() throws {
      let limits = limitOptions.limits
      let list = try SectionList(parsing: order, option: "--order")
      var document = try PageDocuments.read(file, limits: limits, editing: "reorder")
      try list.check(against: document.sections.count, option: "--order")
      let missing = document.sections.indices.filter { !list.indices.contains($0) }
      if !missing.isEmpty {
        throw ValidationError(
          "--order \(order.terminalSafe) leaves out section"
            + "\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")): "
            + "list every page once (pages extract keeps some)")
      }
      document.reorderSections(list.indices)
      try PageDocuments.write(document, to: outputOptions.destination(input: file), limits: limits)
    }
  }
}

extension Pages.Reorder: PageRewriteCommand {
  static var ownDirectOptions: [DirectOption<Self>] {
    [.value("--order", as: String.self, required: true) { $0.order = $1 }]
  }
}

extension Pages.Reorder {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Pages/Reorder`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "reorder",
      abstract: "Write the pages in a new order.",
      discussion: """
        --order lists every page once, counted from 0, in the order wanted: 2,0,1 puts the \
        last of three pages first; ranges count too (3,0-2). To keep only some pages, use \
        pages extract.
        """)

    @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "file"))
    var file: String

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Every page once, in the new order, such as 2,0,1.", valueName: "list"))
    var order: String

    @OptionGroup
    var outputOptions: PageOutputOptions.Declaration

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Pages.Reorder {
      var plain = Pages.Reorder()
      plain.file = file
      plain.order = order
      plain.outputOptions = outputOptions.plain
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
