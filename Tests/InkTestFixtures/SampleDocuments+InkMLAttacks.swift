import InkCodec

extension SampleDocuments {
  /// The InkML attacks (`r-inkml-*.inkml`): the counts an InkML file controls (channels per
  /// trace format, empty traces, trace groups, brushes) and numbers at the edges of `Double`.
  /// Reading one means what drawing it means: parsing, then converting to WILL 2. InkML is
  /// plain XML that nothing compresses, and all of SampleDocuments stays under 6 MiB, so only
  /// the cheap classes are at their limit and one past it (channels, top-level trace groups);
  /// the traces and brushes are as many as a few hundred kilobytes hold. `InkMLHostileTests`
  /// builds the full-size instances (500,000 empty traces of 32 channels) in memory.
  static func inkMLAttacks() -> [(ResourceAttack, [UInt8])] {
    let limits = DecodingLimits.default
    var files: [(ResourceAttack, [UInt8])] = []
    func add(
      _ name: String, _ summary: String, _ limit: DecodingLimits.Limit?, readError: String? = nil,
      _ body: String
    ) {
      let text = "<ink xmlns=\"\(InkMLDocument.namespace)\">\(body)</ink>\n"
      files.append(
        (
          ResourceAttack(name: name, summary: summary, stoppedBy: limit, readError: readError),
          Array(text.utf8)
        ))
    }

    // Channels × traces: every trace keeps a column per channel of its format.
    let traces = 16_000
    add(
      "r-inkml-channels-at-limit.inkml",
      "a trace format of \(limits.maxChannels) channels (maxChannels) and \(traces) empty traces: a column per channel for each",
      nil,
      inkMLFormat(channels: limits.maxChannels)
        + String(repeating: "<trace/>", count: traces))
    add(
      "r-inkml-channels-past-limit.inkml",
      "a trace format of \(limits.maxChannels + 1) channels, then one trace: past maxChannels",
      .channels, inkMLFormat(channels: limits.maxChannels + 1) + "<trace>1 2</trace>")

    // Trace groups: each top-level one is a page.
    add(
      "r-inkml-trace-groups-at-limit.inkml",
      "\(limits.maxSections) empty top-level trace groups (maxSections): as many pages",
      nil, String(repeating: "<traceGroup/>", count: limits.maxSections))
    add(
      "r-inkml-trace-groups-past-limit.inkml",
      "\(limits.maxSections + 1) empty top-level trace groups: past maxSections", .sections,
      String(repeating: "<traceGroup/>", count: limits.maxSections + 1))

    // Brushes: every trace names one of many; a scan of the brushes per trace (as writing
    // did) is quadratic.
    let brushes = 1_500
    add(
      "r-inkml-brushes.inkml",
      "\(brushes) brushes of colours of their own and \(brushes) one-point traces, each naming one",
      nil,
      "<definitions>"
        + (0..<brushes).map {
          "<brush xml:id=\"b\($0)\"><brushProperty name=\"color\" value=\"#\(format6($0))\"/></brush>"
        }.joined() + "</definitions>"
        + (0..<brushes).map {
          "<trace brushRef=\"#b\(($0 * 7919) % brushes)\">\($0 % 500) 9</trace>"
        }
        .joined())

    // Numbers at the edges of Double.
    add(
      "r-inkml-huge-numbers.inkml",
      "values at the edges of Double (1.7976931348623157e308, -1e300, 4.9e-324, #FFFFFFFFFFFFFFFF, 1e-30), a brush width of 1e300, a page size of 1e300: they read, and WILL 2 cannot hold them",
      nil, readError: "value-too-large",
      "<definitions><brush xml:id=\"wide\"><brushProperty name=\"width\" value=\"1e300\"/></brush></definitions>"
        + "<traceGroup><annotation type=\"pageSize\">1e300 1e300</annotation>"
        + "<trace brushRef=\"#wide\">1.7976931348623157e308 -1e300, 4.9e-324 #FFFFFFFFFFFFFFFF, 1e-30 0</trace>"
        + "</traceGroup>")
    add(
      "r-inkml-overflowing-differences.inkml",
      "first and second differences that add up past the largest Double (1e308 '1e308, \"1e308)",
      nil, readError: "invalid-attribute",
      "<trace>1e308 1e308, '1e308 \"1e308, '1e308 \"1e308</trace>")
    return files
  }

  /// A `<traceFormat>` of `channels` channels: X, Y, then C2, C3, …
  public static func inkMLFormat(channels: Int) -> String {
    let names = (["X", "Y"] + (2..<max(channels, 2)).map { "C\($0)" }).prefix(channels)
    return "<traceFormat>" + names.map { "<channel name=\"\($0)\"/>" }.joined()
      + "</traceFormat>"
  }

  /// `n` as six hexadecimal digits of a colour.
  private static func format6(_ n: Int) -> String {
    let hex = String((n &* 2_654_435_761) & 0xFF_FFFF, radix: 16)
    return String(repeating: "0", count: 6 - hex.count) + hex
  }
}
