import Testing

@testable import InkCodec

/// `concatenated(separator:)` gives what the standard library's `joined(separator:)` gives.
@Suite struct StringJoiningTests {
  @Test(arguments: [
    [], [""], ["", ""], ["a"], ["a", "b"], ["a", "", "c", ""], ["é", "👍🏽", "x y"],
  ])
  func likeJoined(_ parts: [String]) {
    for separator in ["", "/", ", ", "🙂"] {
      #expect(parts.concatenated(separator: separator) == parts.joined(separator: separator))
    }
  }
}
