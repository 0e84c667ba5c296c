import ArgumentParser
import InkCodec

extension Pages {
  /// `willdoc pages list FILE`: one line per page.
  struct List: RunnableCommand {
    /// The document, or - for standard input.
    var file: String = ""

    /// text or json (see docs/json.md).
    var format: ReportFormat = .text

    /// The decoding limits (`--max-strokes`, …).
    var limitOptions = LimitOptions()

    func run() throws {
      let document = try PageDocuments.read(file, limits: limitOptions.limits)
      if format == .json {
        try reportingErrors(file: "-") { () throws(WillError) in
          try json(document).write { StandardOutput.write($0) }
        }
        return
      }
      let rows = document.sections.enumerated().map { index, section in
        Self.row(index, section)
      }
      var table = TextTable(
        header: [
          "section", "part", "page", "orientation", "turned", "background", "paths", "strokes",
        ],
        rows: rows)
      table.rightAligned = [0, 6, 7]
      for line in table.lines() { StandardOutput.line(line) }
    }

    /// The pages as `docs/json.md` describes them.
    func json(_ document: WillDocument) -> JSONValue {
      .object([
        ("schema", .int(1)), ("file", .string(file)),
        ("container", .string(document.container.rawValue)),
        (
          "sections",
          .array(
            document.sections.enumerated().map { index, section in
              let turn = Self.turn(section)
              return .object([
                ("index", .int(index)), ("part", section.partName.map { .string($0) } ?? .null),
                ("width", .number(section.pageSize?.width)),
                ("height", .number(section.pageSize?.height)),
                ("turned", Int(turn).map { .int($0) } ?? (turn == "-" ? .int(0) : .null)),
                ("background", section.background.map { .string("\($0)") } ?? .null),
                ("paths", .int(section.pathsElements.count)),
                ("strokes", .int(section.strokes.count)),
              ])
            })
        ),
      ])
    }

    /// One page's line.
    static func row(_ index: Int, _ section: Section) -> [String] {
      let page = section.pageSize
      let size: String =
        page.map { "\(Format.number($0.width)) × \(Format.number($0.height))" } ?? "-"
      let orientation: String = page.map { $0.width > $0.height ? "landscape" : "portrait" } ?? "-"
      let background: String = section.background.map { "\($0)" } ?? "-"
      let part: String = section.partName?.terminalSafe ?? "-"
      return [
        "\(index)", part, size, orientation, turn(section), background,
        "\(section.pathsElements.count)", Format.count(section.strokes.count),
      ]
    }

    /// The quarter turn every paths element of the section is drawn under, if they share one.
    static func turn(_ section: Section) -> String {
      let turns = Set(section.pathsElements.map { quarterTurn($0.transform) })
      guard turns.count == 1, let turn = turns.first else { return turns.isEmpty ? "-" : "other" }
      guard let turn else { return "other" }
      return turn == 0 ? "-" : "\(turn)"
    }

    /// The clockwise quarter turn a transform makes (translation allowed, no scaling), or
    /// `nil` for any other transform.
    static func quarterTurn(_ transform: AffineTransform) -> Int? {
      switch (transform.a, transform.b, transform.c, transform.d) {
      case (1, 0, 0, 1): 0
      case (0, 1, -1, 0): 90
      case (-1, 0, 0, -1): 180
      case (0, -1, 1, 0): 270
      default: nil
      }
    }
  }
}

extension Pages.List {
  static var ownDirectOptions: [DirectOption<Self>] {
    [.value("--format") { $0.format = $1 }]
  }

  static var directPositionals: DirectPositionals<Self> { .one { $0.file = $1 } }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.limitOptions) }
    ]
  }
}

extension Pages.List {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Pages/List`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List the pages: number, part, size, orientation, background, strokes.",
      discussion: """
        The orientation is the page's (portrait or landscape); "turned" gives the quarter \
        turn the ink is drawn under, when it is one (270 for ink stored portrait on a \
        landscape page, as Wacom's cloud conversion writes it), "-" when there is no turn \
        and "other" for any other transform.
        """)

    @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: "text or json (see docs/json.md).")
    var format: ReportFormat = .text

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Pages.List {
      var plain = Pages.List()
      plain.file = file
      plain.format = format
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
