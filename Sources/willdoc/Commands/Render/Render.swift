import ArgumentParser
import InkCodec
import InkRender

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `willdoc render IN… -o OUT`: draw sections as PNG, SVG, PDF or outline JSON; several
/// documents into one PDF.
struct Render: RunnableCommand {
  /// The documents (several: into one PDF), or - for standard input.
  var inputs: [String] = []

  /// The file to write (out-0.png, out-1.png, … for several sections), or - for standard output.
  var output: String?

  /// Accepted only to be refused with a reason: a drawing never replaces the document.
  var inPlace = false

  /// png, jpeg, svg, pdf or outline-json (default: from the output's extension).
  var format: PictureFormat?

  /// The section to draw (0-based), or all.
  var section: String = "all"

  /// How the pages are drawn.
  var drawing = DrawingOptions()

  /// The replay of the strokes (`--animate`).
  var animation = AnimationOptions()

  /// Whether an existing output may be replaced (`--force`).
  var overwrite = OverwriteOptions()

  /// The decoding limits (`--max-strokes`, …).
  var limitOptions = LimitOptions()

  func validate() throws {
    if inPlace {
      throw ValidationError(
        "render writes PNG, SVG, PDF or outline JSON, never over the WILL document it reads: "
          + "--in-place is refused; give -o a new file")
    }
    guard !inputs.isEmpty else { throw ValidationError("give the document to draw") }
    guard let output else {
      throw ValidationError("give the output file with -o")
    }
    if output == "-" && resolvedFormat == nil {
      throw ValidationError("give --format when writing to standard output")
    }
    guard let format = resolvedFormat else {
      throw ValidationError(
        "cannot tell the format of \(output); give --format png|jpeg|svg|pdf|outline-json")
    }
    if inputs.count > 1 && format != .pdf {
      throw ValidationError(
        "several documents go into one PDF (-o book.pdf); for a \(format.rawValue) file each, "
          + "use convert IN… -d DIR --to \(format.rawValue)")
    }
    if inputs.filter({ $0 == "-" }).count > 1 {
      throw ValidationError("standard input (-) can be given once")
    }
    try drawing.checkBrush(drawing: format)
    try animation.check(format: format, inputs: inputs.count, brush: drawing.brush)
    if section != "all", Int(section).map({ $0 < 0 }) ?? true {
      throw ValidationError("--section must be a section index (0, 1, …) or all")
    }
    for input in inputs where input != "-" && output != "-" && isSameFile(input, output) {
      throw Self.overInput(output)
    }
  }

  var resolvedFormat: PictureFormat? {
    format ?? PictureFormat(extensionOf: output ?? "")
  }

  func run() throws {
    let output = output!
    let format = resolvedFormat!
    if animation.animate { return try animate(inputs[0], to: output) }
    var drawing = SectionDrawing(format: format, options: self.drawing, warn: printError)
    for input in inputs {
      try draw(input, to: output, with: &drawing)
    }
    // A PDF holds every section drawn, a page each, in one file.
    if format == .pdf {
      let bytes = drawing.pdf()
      for input in inputs where output != "-" && input != "-" && isSameFile(input, output) {
        throw Self.overInput(output)
      }
      try writeOutput(bytes, to: output)
      if output != "-" {
        let pages = drawing.pdfPages.count
        let what =
          inputs.count > 1
          ? "\(Format.plural(pages, "page")) from \(inputs.count) documents"
          : pages == 1 ? "section \(Int(section) ?? 0)" : "\(pages) sections"
        StandardOutput.line(
          "wrote \(output.terminalSafe)  \(what)  \(Format.count(bytes.count)) bytes")
      }
    }
  }

  /// The sections `--section` asks for in a document that has `count`; `[]` for one past
  /// the last (the caller says so).
  private func sectionIndices(_ count: Int) -> [Int] {
    guard let index = Int(section) else { return Array(0..<count) }
    return index < count ? [index] : []
  }

  /// Draws `input`'s sections: into `drawing`'s PDF, or into a file each.
  private func draw(_ input: String, to output: String, with drawing: inout SectionDrawing) throws {
    let format = drawing.format
    let (document, uim) = try reportingErrors(file: input) { () throws(WillError) in
      // A UIM file's pages come from its WILL 2 conversion, its strokes from its own model
      // (docs/uim.md).
      try UIMReport.drawing(
        try InputFile.read(input, limits: limitOptions.limits), limits: limitOptions.limits)
    }
    let indices = sectionIndices(document.sections.count)
    if indices.isEmpty, let index = Int(section) {
      throw ValidationError(
        "--section \(index) is past the last section (the document has \(document.sections.count))"
      )
    }
    if output == "-" && indices.count > 1 && format != .pdf {
      throw ValidationError("give --section N to write one section to standard output")
    }
    // Every file this run writes is checked before the first is written. Numbered files are
    // generated names: never written through a link, and all or none (GeneratedOutputs).
    let count = document.sections.count
    let numbered = output != "-" && indices.count > 1 && format != .pdf
    let outputs = GeneratedOutputs(force: overwrite.force)
    var folder: GeneratedOutputs.Folder?
    if numbered {
      let opened = try reportingErrors(file: output) { () throws(WillError) in
        try GeneratedOutputs.openFolder(SystemPath.split(output).folder, creating: false)
      }
      folder = opened
      for index in indices {
        let name = SystemPath.split(SectionDrawing.numbered(output, index, of: count)).name
        if let refusal = outputs.refusal(toWrite: name, in: opened) {
          throw ValidationError(refusal.terminalSafe)
        }
      }
    } else {
      try overwrite.check(output)
    }
    let drawn = try reportingErrors(file: input) { () throws(WillError) in
      try drawing.draw(document, file: input, sections: indices, uim: uim)
    }
    for line in drawing.undrawn {
      printError("willdoc: warning: \(input.terminalSafe): \(line.terminalSafe)")
    }
    var wrote: [String] = []
    for page in drawn {
      let path = numbered ? SectionDrawing.numbered(output, page.section, of: count) : output
      if path != "-", input != "-", isSameFile(input, path) {
        throw Self.overInput(path)
      }
      if let folder {
        try reportingErrors(file: path) { () throws(WillError) in
          try outputs.stage(page.bytes, as: SystemPath.split(path).name, in: folder)
        }
      } else {
        try writeOutput(page.bytes, to: path)
      }
      if path != "-" {
        wrote.append(
          "wrote \(path.terminalSafe)  section \(page.section)  \(Format.count(page.bytes.count)) bytes"
        )
      }
    }
    try reportingErrors(file: output) { () throws(WillError) in try outputs.commit() }
    for line in wrote { StandardOutput.line(line) }
  }

  /// The refusal to draw over the document being drawn.
  static func overInput(_ path: String) -> ValidationError {
    ValidationError(
      "-o \(path.terminalSafe) is the input file: render writes PNG, SVG, PDF or outline JSON and "
        + "never replaces the WILL document it reads")
  }

}

extension Render {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .value("-o", "--output", as: String.self) { $0.output = $1 },
      .flag("--in-place") { $0.inPlace = true },
      .value("--format", as: PictureFormat.self) { $0.format = $1 },
      .value("--section") { $0.section = $1 },
    ]
  }

  static var directPositionals: DirectPositionals<Self> {
    .list(atLeastOne: false) { $0.inputs = $1 }
  }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.drawing) },
      DirectGroup { try $1(&$0.animation) },
      DirectGroup { try $1(&$0.overwrite) },
      DirectGroup { try $1(&$0.limitOptions) },
    ]
  }
}

extension Render {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Render`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "render",
      abstract: "Draw a WILL document's sections as PNG, JPEG, SVG, PDF or outline JSON.",
      discussion: """
        Draws each section on its page (RIFF, raw and --fit ink: fitted to the ink); several \
        sections give out-0.png, out-1.png, …, or one PDF, and several documents one PDF with \
        a bookmark each. SVG and PDF draw each stroke as one filled outline (particles and \
        hairs: the ink as an image). Going over a drawing limit is an error (exit 1) naming the \
        option that raises it. render never writes over its input, nor over an existing file \
        without --force.

        In full: docs/cli.md#render; budgets: docs/render-budget.md. Drawing and \
        decoding limits (--max-render-work, --max-strokes, …): --help-hidden.
        """)

    @Argument(
      help: ArgumentHelp(
        "The documents (several: into one PDF), or - for standard input.", valueName: "in"))
    var inputs: [String] = []

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(
        "The file to write (out-0.png, out-1.png, … for several sections), or - for standard output.",
        valueName: "file"))
    var output: String?

    /// Accepted only to be refused with a reason: a drawing never replaces the document.
    @Flag(help: .hidden)
    var inPlace = false

    @Option(help: "png, jpeg, svg, pdf or outline-json (default: from the output's extension).")
    var format: PictureFormat?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("The section to draw (0-based), or all.", valueName: "n|all"))
    var section: String = "all"

    @OptionGroup
    var drawing: DrawingOptions.Declaration

    @OptionGroup
    var animation: AnimationOptions.Declaration

    @OptionGroup
    var overwrite: OverwriteOptions.Declaration

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Render {
      var plain = Render()
      plain.inputs = inputs
      plain.output = output
      plain.inPlace = inPlace
      plain.format = format
      plain.section = section
      plain.drawing = drawing.plain
      plain.animation = animation.plain
      plain.overwrite = overwrite.plain
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
