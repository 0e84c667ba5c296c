import ArgumentParser
import InkCodec

extension Pages {
  /// `willdoc pages list FILE`: one line per page.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the pages: number, part, size, orientation, background, strokes.",
      discussion: """
        The orientation is the page's (portrait or landscape); "turned" gives the quarter \
        turn the ink is drawn under, when it is one (270 for ink stored portrait on a \
        landscape page, as Wacom's cloud conversion writes it), "-" when there is no turn \
        and "other" for any other transform.
        """)

    @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "file"))
    var file: String

    @OptionGroup var limitOptions: LimitOptions

    func run() throws {
      let document = try PageDocuments.read(file, limits: limitOptions.limits)
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
