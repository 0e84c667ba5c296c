import ArgumentParser
import InkCodec

extension Pages {
  /// `willdoc pages rotate FILE --section 1 --by 90 -o OUT`: turned pages.
  struct Rotate: RunnableCommand {
    /// The document, or - for standard input.
    var file: String = ""

    /// The pages to turn, counted from 0, such as 1 or 0,2-3 (default: every page).
    var section: String?

    /// Degrees clockwise: 90, 180, 270, or -90, -180, -270 anticlockwise.
    var by: String = ""

    /// Where the result is written (`-o`, `--in-place`).
    var outputOptions = PageOutputOptions()

    /// The decoding limits (`--max-strokes`, …).
    var limitOptions = LimitOptions()

    /// The rotation `--by` gives.
    func rotation() throws(ValidationError) -> PageRotation {
      guard let degrees = Int(by), let rotation = PageRotation(degrees: degrees) else {
        throw ValidationError(
          "--by \(by.terminalSafe): give a multiple of 90 degrees, such as 90, 180, 270 or -90")
      }
      return rotation
    }

    func validate() throws {
      _ = try rotation()
      if let section {
        let list = try SectionList(parsing: section, option: "--section")
        try list.checkNoRepeats(option: "--section")
      }
      try outputOptions.validate(input: file)
    }

    func run() throws {
      let limits = limitOptions.limits
      let rotation = try rotation()
      var document = try PageDocuments.read(file, limits: limits, editing: "rotate")
      let indices: [Int]
      if let section {
        let list = try SectionList(parsing: section, option: "--section")
        try list.check(against: document.sections.count, option: "--section")
        indices = list.indices
      } else {
        indices = Array(document.sections.indices)
      }
      for index in indices {
        // A page without a size names its part in the error.
        try reportingErrors(file: file) { () throws(WillError) in
          try document.sections[index].rotate(rotation)
        }
      }
      try PageDocuments.write(document, to: outputOptions.destination(input: file), limits: limits)
    }
  }
}

extension Pages.Rotate: PageRewriteCommand {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .value("--section", as: String.self) { $0.section = $1 },
      .value("--by", as: String.self, required: true) { $0.by = $1 },
    ]
  }
}

extension Pages.Rotate {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Pages/Rotate`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "rotate",
      abstract: "Turn pages by quarter turns, clockwise (negative: anticlockwise).",
      discussion: """
        The page's content is wrapped in a <g transform> (or the bare group that holds it \
        takes the turn), the page's width and height trade places after a quarter turn, \
        and its view boxes and background turn with it; the strokes keep their bytes. A \
        turn and its opposite (--by 90, then --by -90) give back the same page.
        """)

    @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "file"))
    var file: String

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "The pages to turn, counted from 0, such as 1 or 0,2-3 (default: every page).",
        valueName: "list"))
    var section: String?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Degrees clockwise: 90, 180, 270, or -90, -180, -270 anticlockwise.",
        valueName: "degrees"))
    var by: String

    @OptionGroup
    var outputOptions: PageOutputOptions.Declaration

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Pages.Rotate {
      var plain = Pages.Rotate()
      plain.file = file
      plain.section = section
      plain.by = by
      plain.outputOptions = outputOptions.plain
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
