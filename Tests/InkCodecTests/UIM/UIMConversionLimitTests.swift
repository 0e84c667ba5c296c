import Foundation
import InkCodec
import Testing

/// UIM → WILL 2 charges what a tree multiplies (strokes and points per node that draws them,
/// sections, paths elements, paints) to the limits, and turns values WILL 2 cannot hold into
/// typed errors or report lines, never a trap.
@Suite("UIM → WILL 2: limits and values WILL 2 cannot hold")
struct UIMConversionLimitTests {
  static let dot = Stroke(
    points: (0..<10).map { InkPoint(x: Double($0), y: 5) }, widths: [2])

  /// One 10-point stroke drawn by `copies` depth-1 nodes of a foreign main tree.
  static func shared(copies: Int) throws -> UIMDocument {
    var uim = try UIMDocument(
      converting: WillDocument(strokes: [dot], pageWidth: 100, pageHeight: 100))
    uim.knowledgeGraph = []
    let root = UIMNode(depth: 0, content: .group(UIMIdentifier(wireBytes: [1])))
    uim.structure = UIMInkStructure(
      mainTree: UIMInkTree(
        nodes: [root] + Array(repeating: UIMNode(depth: 1, content: .stroke(0)), count: copies)))
    return uim
  }

  static func convert(_ uim: UIMDocument, limits: DecodingLimits = .default) throws(WillError)
    -> (WillDocument, ConversionLosses)
  {
    var losses = ConversionLosses()
    let document = try WillDocument(converting: uim, limits: limits, losses: &losses)
    return (document, losses)
  }

  static func limitError(_ uim: UIMDocument, _ limits: DecodingLimits) -> WillError? {
    do {
      _ = try convert(uim, limits: limits)
      return nil
    } catch {
      return error
    }
  }

  @Test("strokes and points count once per node that draws them: at the limit, and one past")
  func sharedStrokes() throws {
    var limits = DecodingLimits.default
    limits.maxStrokes = 50
    let (document, _) = try Self.convert(try Self.shared(copies: 50), limits: limits)
    #expect(document.strokes.count == 50)
    let error = Self.limitError(try Self.shared(copies: 51), limits)
    #expect(error?.kind == .limitExceeded(.strokes, value: 51, limit: 50))
    #expect(error?.part == "INKS")
    limits = .default
    limits.maxTotalPoints = 300
    #expect(try Self.convert(try Self.shared(copies: 30), limits: limits).0.pointCount == 300)
    #expect(
      Self.limitError(try Self.shared(copies: 31), limits)?.kind
        == .limitExceeded(.totalPoints, value: 310, limit: 300))
  }

  /// willdoc's layout of `sections` page groups, each with `elements` paths groups of one
  /// stroke.
  static func layout(sections: Int, elements: Int) throws -> UIMDocument {
    let pages = (0..<sections).map { _ in
      Section(
        width: 100, height: 100,
        nodes: (0..<elements).map { _ in .paths(PathsElement(strokes: [dot])) })
    }
    return try UIMDocument(converting: WillDocument(sections: pages))
  }

  @Test("sections, paths elements and paints: at the limit, and one past")
  func counts() throws {
    var limits = DecodingLimits.default
    limits.maxSections = 4
    #expect(
      try Self.convert(try Self.layout(sections: 4, elements: 1), limits: limits).0.sections.count
        == 4)
    let sections = Self.limitError(try Self.layout(sections: 5, elements: 1), limits)
    #expect(sections?.kind == .limitExceeded(.sections, value: 5, limit: 4))
    #expect(sections?.part == "INKS")
    limits = .default
    limits.maxReferences = 6
    #expect(
      try Self.convert(try Self.layout(sections: 2, elements: 3), limits: limits).0.strokes.count
        == 6)
    #expect(
      Self.limitError(try Self.layout(sections: 1, elements: 7), limits)?.kind
        == .limitExceeded(.references, value: 7, limit: 6))
    limits = .default
    limits.maxPaints = 3
    var uim = try Self.layout(sections: 1, elements: 1)
    uim.brushes.rasterBrushes = Array(repeating: UIMRasterBrush(name: "b"), count: 3)
    #expect(try Self.convert(uim, limits: limits).0.paints.count == 3)
    uim.brushes.rasterBrushes.append(UIMRasterBrush(name: "b"))
    let paints = Self.limitError(uim, limits)
    #expect(paints?.kind == .limitExceeded(.paints, value: 4, limit: 3))
    #expect(paints?.part == "BRSH")
  }

  @Test("page groups of one identifier stated once to be a section each make a section")
  func repeatedPageGroups() throws {
    var uim = try Self.layout(sections: 1, elements: 1)
    var nodes = try #require(uim.structure.mainTree?.nodes)
    nodes += Array(repeating: nodes[1], count: 9)
    uim.structure.mainTree = UIMInkTree(nodes: nodes)
    #expect(try Self.convert(uim).0.sections.count == 10)
  }

  @Test("stroke nodes outside willdoc's layout are not drawn, and said so")
  func outsideLayout() throws {
    var uim = try Self.layout(sections: 1, elements: 1)
    uim.structure.mainTree?.nodes += [
      UIMNode(depth: 2, content: .stroke(0)), UIMNode(depth: 1, content: .stroke(0)),
    ]
    #expect(throws: Never.self) { try uim.checkReferences() }
    let (document, losses) = try Self.convert(uim)
    #expect(document.strokes.count == 1)
    #expect(losses.drawingChanges.contains { $0.hasPrefix("2 stroke nodes outside") })
  }

  /// A foreign UIM (no tree, no statements) of one fixed-point stroke.
  static func foreign(_ edit: (inout UIMStroke) -> Void) -> UIMDocument {
    var stroke = UIMStroke(id: UIMIdentifier(wireBytes: [9]))
    stroke.splineFormat = .floats
    stroke[.x] = [1, 2, 3, 4]
    stroke[.y] = [1, 2, 3, 4]
    stroke.endParameter = 1
    edit(&stroke)
    var uim = UIMDocument()
    uim.inkData.strokes = [stroke]
    return uim
  }

  @Test("ts and tf that are not finite draw the whole stroke, and are reported")
  func parameters() throws {
    for (ts, tf) in [(Float.nan, Float(1)), (0, .infinity), (-.infinity, .nan)] {
      let (document, losses) = try Self.convert(
        Self.foreign {
          $0.startParameter = ts
          $0.endParameter = tf
        })
      let stroke = try #require(document.strokes.first)
      #expect(stroke.startParameter.isFinite && stroke.endParameter.isFinite)
      #expect(losses.drawingChanges.contains { $0.contains("ts or tf that is not finite") })
      // And the result writes and reads back.
      _ = try WillDocument(parsing: try document.serialized())
    }
  }

  @Test("spline values and widths that are not finite, or past Int32, are typed errors")
  func values() throws {
    for (channel, value) in [
      (UIMSplineChannel.x, Double.nan), (.y, .infinity), (.size, -.infinity), (.x, 3e38),
    ] {
      let uim = Self.foreign {
        if channel == .size { $0[.size] = [1, 1, 1, 1] }
        $0[channel] = [1, value, 1, 1]
      }
      let error = #expect(throws: WillError.self) { try Self.convert(uim) }
      let expected =
        value.isFinite
        ? WillErrorKind.valueTooLarge(channel: channel.name, value: value, precision: 2)
        : .nonFiniteValue(channel: channel.name)
      #expect(error?.kind == expected)
      #expect(error?.part == "INKD" && error?.strokeIndex == 0)
    }
    // A constant width from the properties.
    var uim = Self.foreign { $0.properties = .index(1) }
    uim.inkData.properties = [UIMPathPointProperties(color: 0, size: .nan)]
    let error = #expect(throws: WillError.self) { try Self.convert(uim) }
    #expect(error?.kind == .nonFiniteValue(channel: "size"))
  }

  @Test("colour values past 255 are clamped; transforms that are not finite are not applied")
  func clampsAndTransforms() throws {
    let colored = Self.foreign { stroke in
      stroke[.red] = [0, 255, 256, 4_294_967_295]
      stroke[.green] = [0, 0, 0, 0]
      stroke[.blue] = [0, 0, 0, 0]
      stroke[.alpha] = [255, 255, 255, 255]
    }
    let (document, losses) = try Self.convert(colored)
    #expect(document.strokes.first?.colors.map(\.red) == [0, 255, 255, 255])
    #expect(losses.drawingChanges.contains { $0.contains("outside 0…255") })
    for matrix in [
      [Float.nan] + Array(repeating: 0, count: 15),
      [1, 0, 0, Float.infinity, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
    ] {
      var uim = Self.foreign { _ in }
      uim.inkData.transform = UIMMatrix(values: matrix)
      let (document, losses) = try Self.convert(uim)
      #expect(document.sections.first?.pathsElements.first?.transform == .identity)
      #expect(losses.drawingChanges.contains { $0.contains("not finite") })
    }
    for scale in [Float.nan, .infinity, -.infinity] {
      var uim = Self.foreign { _ in }
      uim.inkData.unitScaleFactor = scale
      let (document, losses) = try Self.convert(uim)
      #expect(document.sections.first?.pathsElements.first?.transform == .identity)
      #expect(losses.drawingChanges.contains { $0.contains("unit scale factor") })
    }
  }

  @Test("a losses report lists at most eight names, each cut at 100 characters")
  func boundedReport() throws {
    var uim = Self.foreign { _ in }
    uim.properties = (0..<1_000).map {
      UIMProperty(name: String(repeating: "n", count: 1_000) + "\($0)", value: "")
    }
    uim.structure.views = (0..<20).map { UIMInkTree(name: "v\($0)", nodes: []) }
    let (_, losses) = try Self.convert(uim)
    let properties = try #require(
      losses.droppedMetadata.first { $0.hasPrefix("document properties") })
    #expect(properties.count < 1_000)
    #expect(properties.hasSuffix("and 992 more"))
    #expect(losses.droppedMetadata.contains { $0.hasSuffix("and 12 more") })
  }
}
