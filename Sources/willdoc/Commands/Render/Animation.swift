import ArgumentParser
import InkCodec
import InkRender

/// `render --animate`: the options of a replay, an animated PNG of the ink being written.
struct AnimationOptions: DirectlyParsable {
  /// An animated PNG of the writing (docs/cli.md).
  var animate = false

  /// Replay length, 0.1…600 (default: as written, 1…60).
  var duration: Double?

  /// Replay frames a second, 1…60 (default: 10).
  var fps: Int?

  /// The frame rate when `--fps` is not given.
  static let defaultFramesPerSecond = 10
  /// The longest replay `--duration` defaults to, in seconds; the shortest is 1.
  static let longestDefaultDuration = 60.0

  func validate() throws {
    if !animate && (duration != nil || fps != nil) {
      throw ValidationError("--duration and --fps time a replay: add --animate")
    }
    if let duration, !ReplayOptions.durations.contains(duration) {
      throw ValidationError("--duration must be 0.1…600 seconds")
    }
    if let fps, !ReplayOptions.framesPerSecondRange.contains(fps) {
      throw ValidationError("--fps must be 1…60")
    }
  }

  /// Refuses what a replay cannot be: not one PNG file of one document, or drawn with a
  /// particle or hair brush.
  func check(format: PictureFormat, inputs: Int, brush: Brush) throws {
    guard animate else { return }
    if format != .png {
      throw ValidationError("--animate writes an animated PNG: give -o replay.png")
    }
    if inputs > 1 { throw ValidationError("--animate replays one document") }
    if brush != .solid {
      throw ValidationError("--animate draws solid strokes: --brush \(brush.rawValue) is refused")
    }
  }
}

extension Render {
  /// Writes the replay of one section of `input` to `output`.
  func animate(_ input: String, to output: String) throws {
    let limits = limitOptions.limits
    // A UIM file's strokes are drawn with their brushes, as a still render draws them.
    let (document, uim) = try reportingErrors(file: input) { () throws(WillError) in
      try UIMReport.drawing(try InputFile.read(input, limits: limits), limits: limits)
    }
    let times = uim.map(UIMReport.strokeTimes)
    let count = document.sections.count
    let index = Int(section) ?? 0
    guard index < count else {
      if count == 0 {
        printError("willdoc: error: \(input.terminalSafe): the document has no section to replay")
        throw ExitCode(1)
      }
      throw ValidationError(
        "--section \(index) is past the last section (the document has \(count))")
    }
    if section == "all" && count > 1 {
      printError(
        "willdoc: note: \(input.terminalSafe): replaying section 0 of \(count); --section N "
          + "picks another")
    }
    try overwrite.check(output)
    // The page the still render draws, with its warnings.
    var sections = SectionDrawing(format: .png, options: drawing, warn: printError)
    var page = sections.replayPage(of: document, section: index, file: input, uim: uim)
    // Timed in the document's page units, drawn as laid out for the picture.
    let timeline = Self.timeline(of: page, times: times, document: document, section: index) {
      printError("willdoc: note: \(input.terminalSafe): section \(index): \($0)")
    }
    page = drawing.laidOut(page, defaultWidth: drawing.renderOptions.defaultWidth)
    let duration =
      animation.duration
      ?? min(max(timeline.end, 1), AnimationOptions.longestDefaultDuration)
    var replay = ReplayOptions(
      duration: duration,
      framesPerSecond: animation.fps ?? AnimationOptions.defaultFramesPerSecond,
      maxTotalWork: drawing.maxTotalRenderWork.value)
    replay.plays = 1
    var report = RenderReport()
    let bytes = try reportingErrors(file: input) { () throws(WillError) in
      try Renderer.renderReplay(
        page, timeline: timeline, options: drawing.renderOptions, replay: replay, report: &report)
    }
    // The still render's warnings, once each.
    var warnedPaints = Set<Int>()
    for failure in report.undecodablePaints where warnedPaints.insert(failure.index).inserted {
      printError(
        "willdoc: warning: \(input.terminalSafe): paint \(failure.index): "
          + "\(failure.error.message.terminalSafe); its strokes are drawn solid")
    }
    var warnedImages = Set<String>()
    for failure in report.undrawnImages where warnedImages.insert(failure.name).inserted {
      printError(
        "willdoc: warning: \(input.terminalSafe): image \(failure.name.terminalSafe) is not "
          + "drawn: \(failure.reason.terminalSafe)"
          + (failure.error.map { raiseHint($0.kind) } ?? ""))
    }
    for line in sections.undrawn {
      printError("willdoc: warning: \(input.terminalSafe): \(line.terminalSafe)")
    }
    if output != "-", input != "-", isSameFile(input, output) { throw Self.overInput(output) }
    try writeOutput(bytes, to: output)
    if output != "-" {
      StandardOutput.line(
        "wrote \(output.terminalSafe)  section \(index)  \(replay.frameCount) frames, "
          + "\(Format.number(duration)) s  \(Format.count(bytes.count)) bytes")
    }
  }

  /// The section's timeline: the pen's timestamps when every stroke has them, else a steady
  /// pen speed in stroke order (`note` says why, when some strokes have times).
  static func timeline(
    of page: RenderPage, times: [[Double]?]?, document: WillDocument, section: Int,
    note: (String) -> Void
  ) -> ReplayTimeline {
    let total = document.sections.reduce(0) { $0 + $1.strokes.count }
    guard let times, times.count == total else { return ReplayTimeline(penSpeedOf: page) }
    let before = document.sections[..<section].reduce(0) { $0 + $1.strokes.count }
    let own = times[before..<(before + document.sections[section].strokes.count)]
    let timed = own.compactMap { $0 }
    if timed.count == own.count, let timeline = ReplayTimeline(page: page, timestamps: timed) {
      return timeline
    }
    if !own.isEmpty {
      note(
        "\(Format.plural(own.count - timed.count, "stroke")) of \(own.count) have no usable "
          + "timestamps: timed at a steady pen speed")
    }
    return ReplayTimeline(penSpeedOf: page)
  }
}

extension AnimationOptions {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .flag("--animate") { $0.animate = true },
      .value("--duration", as: Double.self) { $0.duration = $1 },
      .value("--fps", as: Int.self) { $0.fps = $1 },
    ]
  }
}

extension AnimationOptions {
  /// The option group as swift-argument-parser declares it, for its help, its errors and the
  /// lines the table leaves: ``plain`` is the ``AnimationOptions`` it parses to.
  struct Declaration: ParsableArguments, ArgumentsDeclaration {
    @Flag(help: "An animated PNG of the writing (docs/cli.md).")
    var animate = false

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Replay length, 0.1…600 (default: as written, 1…60).", valueName: "s"))
    var duration: Double?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Replay frames a second, 1…60 (default: 10).", valueName: "n"))
    var fps: Int?

    var plain: AnimationOptions {
      var plain = AnimationOptions()
      plain.animate = animate
      plain.duration = duration
      plain.fps = fps
      return plain
    }
  }
}
