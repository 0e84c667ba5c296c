extension WillDocument {
  /// Reads `bytes` and checks everything the format promises.
  ///
  /// A document that cannot be read gives one error diagnostic (the first problem, located)
  /// and the error itself; a readable one gives the warnings of ``validate(maximumRepeats:)``.
  public static func validate(bytes: [UInt8], limits: DecodingLimits = .default)
    -> ValidationResult
  {
    do {
      let document = try WillDocument(parsing: bytes, limits: limits)
      return ValidationResult(document: document, diagnostics: document.validate(), error: nil)
    } catch {
      return ValidationResult(document: nil, diagnostics: [Diagnostic(error)], error: error)
    }
  }

  /// Checks a document that was read: what real producers do but the format does not allow,
  /// and what readers will draw differently.
  ///
  /// Codes: `blend-mode-zero` (compositeOperation stored as 0), `blend-mode-unknown`,
  /// `paint-without-paints-part` (a strokePaint index with no such paint),
  /// `short-width-list` and `short-color-list` (fewer values than points: the last repeats),
  /// `no-width`, `no-color`, `too-few-points` (fewer than 4 points: no spline segment),
  /// `outside-page` (control points beyond the page), `unreferenced-paths-part`,
  /// `paints-override-without-part` and `override-without-part` (a content-type Override for a
  /// part the package lacks).
  ///
  /// A code can repeat for every stroke (500,000 empty strokes give 1.5 million findings), so
  /// after `maximumRepeats` diagnostics of one code in one part, further ones are counted and
  /// reported as one summary diagnostic per code and part, whose ``Diagnostic/occurrences``
  /// says how many it stands for. Memory and output stay bounded by the number of codes.
  /// - Parameter maximumRepeats: How many diagnostics of one code in one part to list.
  public func validate(maximumRepeats: Int = 100) -> [Diagnostic] {
    var diagnostics = DiagnosticList(maximumRepeats: maximumRepeats)
    for warning in readWarnings { diagnostics.append(warning) }
    for section in sections {
      let page = section.pageSize
      for placed in section.pathsElements {
        let element = placed.element
        let transform = placed.transform
        let part = element.partName
        for (index, stroke) in element.strokes.enumerated() {
          // Where the decoder found the record, in the part the element names (a stroke made
          // in memory, or moved into a new element, has no offset).
          let at = part != nil || container == .raw ? stroke.wire.recordRange?.lowerBound : nil
          Self.check(
            stroke, index: index, part: part, offset: at, paints: paints.count,
            page: page, transform: transform, into: &diagnostics)
        }
      }
    }
    appendUnreferencedPathsParts(to: &diagnostics)
    return diagnostics.finished()
  }

  /// One `unreferenced-paths-part` warning per paths part no section includes.
  func appendUnreferencedPathsParts(to diagnostics: inout DiagnosticList) {
    for part in otherParts
    where part.contentType == WillContentType.paths || part.name.hasSuffix(".protobuf") {
      diagnostics.append(
        Diagnostic(
          .warning, code: "unreferenced-paths-part", part: part.name,
          message: "no section includes this paths part"))
    }
  }

  /// The warnings of one stroke: its stored blend mode, its paint, its width and colour lists,
  /// its point count, and where its points land on the page.
  static func check(
    _ stroke: some StrokeFacts, index: Int, part: String?, offset at: Int?, paints: Int,
    page: PageSize?, transform: AffineTransform, into diagnostics: inout DiagnosticList
  ) {
    func warn(_ code: String, _ message: @autoclosure () -> String) {
      diagnostics.append(
        code: code, part: part,
        Diagnostic(
          .warning, code: code, part: part, offset: at, strokeIndex: index,
          message: message()))
    }
    if stroke.storedFields.contains(.compositeOperation) {
      if stroke.blendMode == .clear {
        warn(
          "blend-mode-zero",
          "compositeOperation is 0, which is not in the format's enum; drawn as source-over")
      } else if !stroke.blendMode.isInProtoEnum {
        warn(
          "blend-mode-unknown",
          "compositeOperation \(stroke.blendMode.rawValue) is not in the format's enum; drawn as source-over"
        )
      }
    }
    if let paint = stroke.paintIndex, Int(paint) >= paints {
      warn(
        "paint-without-paints-part",
        paints == 0
          ? "strokePaint \(paint) refers to a paints part the document does not have"
          : "strokePaint \(paint) is past the \(paints) paints of the paints part")
    }
    let points = stroke.pointCount
    if stroke.widthCount > 1 && stroke.widthCount < points {
      warn(
        "short-width-list",
        "\(stroke.widthCount) widths for \(points) points: the last width repeats")
    }
    if stroke.colorCount > 1 && stroke.colorCount < points {
      warn(
        "short-color-list",
        "\(stroke.colorCount) colours for \(points) points: the last colour repeats")
    }
    if stroke.widthCount == 0 { warn("no-width", "the stroke stores no width") }
    if stroke.colorCount == 0 { warn("no-color", "the stroke stores no colour") }
    if points < 4 {
      warn("too-few-points", "\(points) control points make no spline segment (4 needed)")
    }
    if let page, let box = stroke.bounds?.transformed(by: transform) {
      if box.overhang(pageWidth: page.width, pageHeight: page.height) > InkBounds.pageTolerance {
        warn(
          "outside-page",
          "control points lie outside the \(NumberText.shortest(page.width))×\(NumberText.shortest(page.height)) page"
        )
      }
    }
  }
}
