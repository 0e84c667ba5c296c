extension AffineTransform {
  /// Parses an SVG `transform` attribute: a list of `matrix(a b c d e f)`, `translate`,
  /// `scale`, `rotate` and `skewX`/`skewY`, numbers separated by spaces or commas.
  /// - Throws: ``WillErrorKind/invalidAttribute(name:value:)`` for anything else.
  public init(svgTransform text: String) throws(WillError) {
    var result = AffineTransform.identity
    var rest = Substring(text)
    func invalid() -> WillError { WillError(.invalidAttribute(name: "transform", value: text)) }
    while true {
      rest = rest.drop { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
      if rest.isEmpty { break }
      guard let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")"), open < close
      else { throw invalid() }
      let name = rest[..<open].trimmingSpaces
      let arguments = rest[rest.index(after: open)..<close]
        .split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
      var values: [Double] = []
      for argument in arguments {
        guard let value = Double(argument), value.isFinite else { throw invalid() }
        values.append(value)
      }
      let step: AffineTransform
      switch (name, values.count) {
      case ("matrix", 6):
        step = AffineTransform(
          a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
      case ("translate", 1): step = .translation(x: values[0], y: 0)
      case ("translate", 2): step = .translation(x: values[0], y: values[1])
      case ("scale", 1): step = .scale(x: values[0], y: values[0])
      case ("scale", 2): step = .scale(x: values[0], y: values[1])
      case ("rotate", 1): step = .rotation(degrees: values[0])
      case ("rotate", 3):
        step = AffineTransform.rotation(degrees: values[0]).about(x: values[1], y: values[2])
      case ("skewX", 1):
        step = AffineTransform(a: 1, b: 0, c: tan(values[0] * .pi / 180), d: 1, e: 0, f: 0)
      case ("skewY", 1):
        step = AffineTransform(a: 1, b: tan(values[0] * .pi / 180), c: 0, d: 1, e: 0, f: 0)
      default: throw invalid()
      }
      result = result.concatenating(step)
      rest = rest[rest.index(after: close)...]
    }
    self = result
  }

  /// The transform as `matrix(a b c d e f)`, numbers in their shortest form.
  public var svgTransform: String {
    "matrix(" + coefficients.map(NumberText.shortest).joined(separator: " ") + ")"
  }
}

extension Substring {
  /// The text without its leading and trailing spaces. By index, not through reversed and
  /// dropping views, whose generic types cost more to instantiate at first use than a note
  /// takes to read.
  var trimmingSpaces: String { trimming { $0 == " " } }

  /// The text without its leading and trailing XML white space (space, tab, line ends).
  var trimmingWhitespace: String {
    trimming { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
  }

  private func trimming(_ isTrimmed: (Character) -> Bool) -> String {
    var start = startIndex
    var end = endIndex
    while start < end, isTrimmed(self[start]) { formIndex(after: &start) }
    while end > start, isTrimmed(self[index(before: end)]) { formIndex(before: &end) }
    return String(self[start..<end])
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
