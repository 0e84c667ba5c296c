/// A `pages` command that rewrites one document's pages (`delete`, `extract`, `reorder`,
/// `rotate`): one file, the page output options and the limits, which its table shares.
protocol PageRewriteCommand: DirectlyParsable {
  var file: String { get set }
  var outputOptions: PageOutputOptions { get set }
  var limitOptions: LimitOptions { get set }
}

extension PageRewriteCommand {
  static var directPositionals: DirectPositionals<Self> { .one { $0.file = $1 } }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.outputOptions) },
      DirectGroup { try $1(&$0.limitOptions) },
    ]
  }
}
