import Testing

@testable import willdoc

/// A run tally counts what counting key by key counts, however the keys are grouped.
@Suite struct RunTallyTests {
  @Test(arguments: [
    [], [1], [1, 1, 1], [1, 2, 1, 2], [3, 3, 1, 1, 1, 3, 2, 2, 3, 3],
    (0..<500).map { ($0 * 7919) % 13 / 4 },
  ])
  func countsLikeADictionary(_ keys: [Int]) {
    var tally = RunTally<Int>()
    for key in keys { tally.add(key) }
    #expect(tally.counts == Dictionary(keys.map { ($0, 1) }, uniquingKeysWith: +))
    // Reading the counts leaves the current run open.
    if let last = keys.last {
      tally.add(last)
      #expect(tally.counts[last] == keys.filter { $0 == last }.count + 1)
    }
  }
}
