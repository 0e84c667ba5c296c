import InkCodec

extension MotorModel {
  /// Words for synthetic notes, mostly of the letters the motor model knows (an unknown letter,
  /// like the h of "sketch", becomes a small scribble).
  static let vocabulary = [
    "ink", "notes", "draw", "slate", "paper", "pen", "smart", "will", "mind", "lines", "word",
    "remind", "decide", "seeds", "ideas", "meet", "print", "rest", "trail", "wake", "dream",
    "plan", "road", "kiosk", "camera", "ocean", "title", "desk", "ticket", "warm", "crisp",
    "scale", "lamp", "stamp", "poem", "sketch",
  ]

  /// A synthetic handwritten note of exactly `strokes` strokes (or fewer when `strokes` is 0):
  /// lines of words, now and then dots, a scribble, an underline and a word cut by an eraser
  /// into fragments with ts/tf, filling A5-like portrait pages (592 × 864) one after another,
  /// or, when not `paged`, one page 592 wide that grows as long as the note (for RIFF and raw
  /// files, which hold a single page).
  ///
  /// Every stroke goes through the pen's ``PathBuilder`` from seeded 120–240 Hz samples and is
  /// stored at `precision`. The same arguments always give the same document.
  public static func synthesizedNotes(
    seed: UInt64, strokes count: Int, precision: Int = 2, paged: Bool = true
  )
    -> WillDocument
  {
    precondition(count >= 0, "the stroke count cannot be negative")
    var model = MotorModel(seed: seed)
    let (pageWidth, pageHeight) = (592.0, 864.0)
    var pages: [[Stroke]] = [[]]
    var produced = 0
    var (x, y) = (40.0, 50.0)
    var line = 0
    var words = 0

    func place(_ new: [Stroke]) {
      for var stroke in new where produced < count {
        stroke.decimalPrecision = precision
        pages[pages.count - 1].append(stroke)
        produced += 1
      }
    }
    func newLine() {
      x = 40
      y += 64
      line += 1
      if paged && y > pageHeight - 80 {
        pages.append([])
        y = 50
      }
    }

    while produced < count {
      let size = model.random.uniform(26, 34)
      let word = vocabulary[model.random.below(vocabulary.count)]
      let width = Double(word.count) * size * 0.62
      if x + width > pageWidth - 40 { newLine() }
      var written = model.write(word, x: x, y: y, size: size)
      let roll = model.random.below(20)
      words += 1
      // Every eleventh word is cut by the eraser, so even short notes have ts/tf fragments.
      if words % 11 == 3,
        let longest = written.indices.max(by: {
          written[$0].pointCount < written[$1].pointCount
        }),
        written[longest].pointCount >= 10
      {
        let cut = written[longest].pointCount / 2
        written.replaceSubrange(
          longest...longest,
          with: MotorModel.erase(written[longest], at: cut, tf: 0.5, ts: 0.5))
      }
      place(written)
      let right = written.compactMap(\.bounds).map(\.maxX).max() ?? x + width
      x = right + size * 0.5
      switch roll {
      case 1:
        place(
          (0..<3).map { index in
            model.dot(x: x + Double(index) * 10, y: y + size * 0.95)
          })
        x += 40
      case 2 where x < pageWidth - 140:
        place([
          model.scribble(centerX: x + 40, centerY: y + size * 0.7, radius: size * 0.6, turns: 2)
        ])
        x += 100
      case 3:
        place([model.trace([(40, y + size * 1.15), (x - size * 0.4, y + size * 1.1)])])
        newLine()
      default:
        break
      }
    }

    // One long page holds every line, with the margin a full page keeps below its last.
    let height = paged ? pageHeight : max(pageHeight, y + 80)
    let sections = pages.filter { !$0.isEmpty || pages.count == 1 }.map { strokes in
      Section(
        width: pageWidth, height: height, background: InkColor(rgba: 0xFFFF_FFFF),
        nodes: [.paths(PathsElement(strokes: strokes))])
    }
    var document = WillDocument(sections: sections)
    document.properties = DocumentProperties(
      title: "Synthesized notes \(seed)", created: "2026-01-01T00:00:00Z",
      modified: "2026-01-01T00:00:00Z", application: "willdoc synth", appVersion: "1.0")
    return document
  }
}
