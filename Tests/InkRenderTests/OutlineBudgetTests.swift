import Foundation
import InkCodec
import Testing

@testable import InkRender

/// The vector outlines' union and curve fitting are charged as they work: a self-intersecting
/// scribble costs in proportion to the cuts its union makes, every output stops at the same
/// work limit with the same error, and the page the limit allows renders while one unit less
/// does not.
@Suite struct OutlineBudgetTests {
  /// `count` strokes of width 6, each `points` pseudo-random points in a 40 × 40 box (the
  /// same points for every stroke), tiled over a 600 × 600 page.
  static func scribbles(count: Int, points: Int = 200) -> RenderPage {
    var state: UInt64 = 2015
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) * 0x1p-53
    }
    let shape = (0..<points).map { _ in (next() * 40 - 20, next() * 40 - 20) }
    let strokes = (0..<count).map { index in
      let x = 30 + Double(index % 14) * 40
      let y = 30 + Double(index / 14) * 40
      return Stroke(
        points: shape.map { InkPoint(x: x + $0.0, y: y + $0.1) }, widths: [6])
    }
    return RenderPage(width: 600, height: 600, layers: [RenderLayer(strokes: strokes)])
  }

  /// A stroke of the same number of points that never crosses itself: a gentle wave.
  static func wave(points: Int = 200) -> RenderPage {
    let stroke = Stroke(
      points: (0..<points).map {
        InkPoint(x: 20 + Double($0) * 2.5, y: 300 + 10 * sin(Double($0) / 8))
      },
      widths: [6])
    return RenderPage(width: 600, height: 600, layers: [RenderLayer(strokes: [stroke])])
  }

  enum Output: CaseIterable {
    case svg, pdf, outlineJSON, png
  }

  /// The work `output` of `page` takes, or the error it stops with.
  static func render(_ page: RenderPage, _ output: Output, maxWork: Int) throws(WillError) -> Int {
    var report = RenderReport()
    let options = RenderOptions(limits: RenderLimits(maxWork: maxWork))
    switch output {
    case .svg: _ = try Renderer.renderSVG(page, options: options, report: &report)
    case .pdf: _ = try Renderer.renderPDFPage(page, options: options, report: &report)
    case .outlineJSON: _ = try Renderer.renderOutlineJSON(page, options: options, report: &report)
    case .png: _ = try Renderer.renderPNG(page, options: options, report: &report)
    }
    return report.work
  }

  /// The union of a scribble cuts every edge many times; it is charged for each cut, so the
  /// scribble costs many times a wave of as many points.
  @Test func aScribbleIsChargedForItsCuts() throws {
    let scribble = try Self.render(Self.scribbles(count: 1), .svg, maxWork: .max)
    let wave = try Self.render(Self.wave(), .svg, maxWork: .max)
    #expect(scribble > 20 * wave, "scribble \(scribble), wave \(wave)")
  }

  /// The page of scribbles the limit allows renders; with one unit less, every output stops
  /// with the work limit's error.
  @Test(arguments: Output.allCases)
  func theLargestPageTheLimitAllowsAndOneUnitLess(_ output: Output) throws {
    let page = Self.scribbles(count: 3)
    let work = try Self.render(page, output, maxWork: .max)
    #expect(try Self.render(page, output, maxWork: work) == work)
    #expect(throws: WillError.self) { try Self.render(page, output, maxWork: work - 1) }
    do {
      _ = try Self.render(page, output, maxWork: work - 1)
    } catch {
      guard case .renderLimitExceeded(.work, _, let limit) = error.kind else {
        Issue.record("\(output): \(error)")
        return
      }
      #expect(limit == work - 1)
    }
  }

  /// A page far over the limit stops early in every output, with the work limit's error.
  @Test(arguments: Output.allCases)
  func everyOutputStopsAtTheLimit(_ output: Output) throws {
    let page = Self.scribbles(count: 40)
    let limit = 1 << 24
    do {
      _ = try Self.render(page, output, maxWork: limit)
      Issue.record("\(output) drew a page over the limit")
    } catch {
      guard case .renderLimitExceeded(.work, let value, limit) = error.kind else {
        Issue.record("\(output): \(error)")
        return
      }
      #expect(value <= 2 * limit, "\(output): \(value)")
    }
  }
}
