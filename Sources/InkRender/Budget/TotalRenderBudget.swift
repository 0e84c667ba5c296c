import InkCodec

/// One budget of work for every page a run draws, on top of each page's own
/// ``RenderLimits/maxWork``, so that a document of ten thousand sections cannot cost ten
/// thousand page budgets.
///
/// Each page spends from what the pages before it left: it is drawn under its own limits with
/// ``RenderLimits/maxWork`` lowered to what is left, and then charged its
/// ``RenderReport/work``, and at least ``pageCost`` (what writing and syncing its file costs,
/// even for a page that draws nothing). Once what is left cannot pay for a page, the next one
/// is refused with `RenderLimit.totalWork`; a page stopped by the lowered limit reports
/// `RenderLimit.totalWork` too, with the work of the pages before it counted in.
///
/// ```swift
/// var budget = TotalRenderBudget(limit: TotalRenderBudget.defaultLimit)
/// for page in pages {
///     var options = RenderOptions()
///     options.limits = try budget.limits(forNextPage: .default)
///     var report = RenderReport()
///     let png: [UInt8]
///     do {
///         png = try Renderer.renderPNG(page, options: options, report: &report)
///     } catch {
///         throw budget.attributing(error, toPageUnder: .default)
///     }
///     budget.charge(pageWork: report.work)
/// }
/// ```
public struct TotalRenderBudget: Sendable, Hashable {
  /// The least a page costs: 2^23 units, about eight milliseconds, what writing a file
  /// atomically and syncing it takes whatever it holds.
  public static let pageCost = 1 << 23
  /// The default total: 2^31 units, twice ``RenderLimits/maxWork``'s default (`willdoc
  /// render --max-total-render-work`).
  public static let defaultLimit = 1 << 31

  /// The most work units every page together may take.
  public let limit: Int
  /// The work charged so far: each page's work, and at least ``pageCost`` a page.
  public private(set) var spent = 0

  /// Creates a budget of `limit` units for every page together.
  /// - Parameter limit: The most work units for every page together.
  public init(limit: Int = TotalRenderBudget.defaultLimit) {
    self.limit = limit
  }

  /// What is left for the pages still to draw.
  public var remaining: Int { max(0, limit - spent) }

  /// The limits to draw the next page under: `limits` with ``RenderLimits/maxWork`` lowered
  /// to what is left.
  /// - Parameter limits: The page's own limits.
  /// - Throws: `WillError(.renderLimitExceeded(.totalWork, value:, limit:))` when what is
  ///   left cannot pay for a page (its value what the page would bring the total to).
  public func limits(forNextPage limits: RenderLimits) throws(WillError) -> RenderLimits {
    guard remaining >= Self.pageCost else {
      throw WillError(
        .renderLimitExceeded(.totalWork, value: Self.adding(spent, Self.pageCost), limit: limit))
    }
    var page = limits
    page.maxWork = min(limits.maxWork, remaining)
    return page
  }

  /// Charges a page that was drawn: its work, and at least ``pageCost``.
  /// - Parameter work: The page's ``RenderReport/work``.
  public mutating func charge(pageWork work: Int) {
    spent = Self.adding(spent, max(work, Self.pageCost))
  }

  /// The error a page threw, as the budget sees it: a `RenderLimit.work` error of a page
  /// whose limit the total lowered becomes a `RenderLimit.totalWork` error whose value
  /// counts the pages before it; any other error is returned as it is.
  /// - Parameters:
  ///   - error: What drawing the page threw.
  ///   - limits: The page's own limits, as given to ``limits(forNextPage:)``.
  public func attributing(_ error: WillError, toPageUnder limits: RenderLimits) -> WillError {
    guard case .renderLimitExceeded(.work, let value, _) = error.kind, remaining < limits.maxWork
    else { return error }
    var whole = error
    whole.kind = .renderLimitExceeded(.totalWork, value: Self.adding(spent, value), limit: limit)
    return whole
  }

  /// `a + b`, at most `Int.max`.
  private static func adding(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }
}
