import Testing

@testable import InkCodec

/// Temporary names are drawn from one random 64-bit value each: every character is a letter
/// or digit, names do not repeat, and every character of the alphabet turns up.
@Suite struct TemporaryNameTests {
  @Test func namesAreLettersAndDigitsAndDoNotRepeat() {
    let names = (0..<2_000).map { _ in TemporaryName.random(8) }
    #expect(names.allSatisfy { $0.count == 8 })
    #expect(names.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
    #expect(Set(names).count == names.count)
    // 16,000 characters: each of the 62 is missing with a chance of about e^-258.
    #expect(Set(names.joined()).count == TemporaryName.alphabet.count)
  }

  @Test func theLongestNameStillVariesInItsLastCharacter() {
    // The tenth character takes the draw's top bits (62^9 < 2^64), which still vary.
    let last = Set((0..<500).map { _ in TemporaryName.random(10).last! })
    #expect(last.count > 1)
  }
}
