import InkCodec
import Testing

@testable import InkRender

/// One budget for every page of a run: each page drawn under what the pages before it left.
struct TotalRenderBudgetTests {
  static let own = RenderLimits(maxWork: 1 << 30, maxCanvasPixels: 1 << 20, maxImageScans: 7)

  static func totalWork(_ error: WillError) -> (value: Int, limit: Int)? {
    guard case .renderLimitExceeded(.totalWork, let value, let limit) = error.kind else {
      return nil
    }
    return (value, limit)
  }

  @Test func aPageIsDrawnUnderWhatIsLeftAndKeepsItsOtherLimits() throws {
    var budget = TotalRenderBudget(limit: 100 << 20)
    #expect(try budget.limits(forNextPage: Self.own).maxWork == 100 << 20)
    budget.charge(pageWork: 60 << 20)
    let page = try budget.limits(forNextPage: Self.own)
    #expect(page.maxWork == 40 << 20)
    #expect(page.maxCanvasPixels == 1 << 20 && page.maxImageScans == 7)
    // A page's own limit below what is left stays the limit.
    let small = RenderLimits(maxWork: 1 << 24)
    #expect(try budget.limits(forNextPage: small).maxWork == 1 << 24)
  }

  @Test func anEmptyPageCostsItsFileAndTheTotalStopsThePages() {
    let limit = 3 * TotalRenderBudget.pageCost + 5
    var budget = TotalRenderBudget(limit: limit)
    var drawn = 0
    var stopped: WillError?
    for _ in 0..<10 {
      do throws(WillError) {
        _ = try budget.limits(forNextPage: Self.own)
        budget.charge(pageWork: 0)
        drawn += 1
      } catch {
        stopped = error
        break
      }
    }
    #expect(drawn == 3)
    #expect(budget.spent == 3 * TotalRenderBudget.pageCost)
    let total = stopped.flatMap(Self.totalWork)
    #expect(total?.value == 4 * TotalRenderBudget.pageCost)
    #expect(total?.limit == limit)
  }

  @Test func aPageStoppedByWhatIsLeftReportsTheTotal() {
    var budget = TotalRenderBudget(limit: 1 << 30)
    budget.charge(pageWork: (1 << 30) - (1 << 24))
    let pageError = WillError(.renderLimitExceeded(.work, value: (1 << 24) + 9, limit: 1 << 24))
    let total = Self.totalWork(budget.attributing(pageError, toPageUnder: Self.own))
    #expect(total?.value == (1 << 30) + 9)
    #expect(total?.limit == 1 << 30)
    // Under its own, smaller limit the page's error stays its own; other errors pass through.
    let own = RenderLimits(maxWork: 1 << 23)
    #expect(budget.attributing(pageError, toPageUnder: own) == pageError)
    let canvas = WillError(.renderLimitExceeded(.canvasPixels, value: 9, limit: 8))
    #expect(budget.attributing(canvas, toPageUnder: Self.own) == canvas)
  }

  @Test func renderedPagesSpendTheirWorkUntilTheTotalStopsOne() throws {
    let stroke = Stroke(
      points: (0..<200).map { InkPoint(x: Double($0), y: Double($0 % 50) * 2) }, widths: [4])
    let page = RenderPage(width: 1000, height: 1000, layers: [RenderLayer(strokes: [stroke])])
    var report = RenderReport()
    _ = try Renderer.renderPNG(page, options: RenderOptions(), report: &report)
    let one = report.work
    #expect(one > TotalRenderBudget.pageCost)
    // Room for two pages and half of a third.
    var budget = TotalRenderBudget(limit: 2 * one + one / 2)
    var drawn = 0
    var stopped: WillError?
    for _ in 0..<5 {
      var options = RenderOptions()
      var report = RenderReport()
      do throws(WillError) {
        options.limits = try budget.limits(forNextPage: .default)
        do {
          _ = try Renderer.renderPNG(page, options: options, report: &report)
        } catch {
          throw budget.attributing(error, toPageUnder: .default)
        }
      } catch {
        stopped = error
        break
      }
      #expect(report.work == one, "the same page costs the same work")
      budget.charge(pageWork: report.work)
      drawn += 1
    }
    #expect(drawn == 2)
    let total = stopped.flatMap(Self.totalWork)
    #expect(total?.limit == 2 * one + one / 2)
    #expect((total?.value ?? 0) > 2 * one + one / 2)
  }
}
