import InkCodec
import Testing

/// The one number formatter: SVG and XML attributes, rendered SVG and JSON, the CLI.
@Suite struct NumberTextTests {
  @Test(arguments: [
    (0.0, "0"), (-0.0001, "0"), (12.5, "12.5"), (-3.14159, "-3.142"), (0.05, "0.05"),
    (100, "100"), (0.0005, "0.001"), (-0.0005, "-0.001"),
  ])
  func roundedToThreeDecimals(value: Double, text: String) {
    #expect(NumberText.rounded(value, decimals: 3) == text)
  }

  @Test func roundedSpellsNonFiniteValues() {
    #expect(NumberText.rounded(.nan, decimals: 3) == "nan")
    #expect(NumberText.rounded(-.infinity, decimals: 3) == "-inf")
  }

  @Test(arguments: [
    (526.88, 2, "526.88"), (526.88, 3, "526.880"), (-0.004, 2, "0.00"), (-0.005, 2, "-0.01"),
    (7, 0, "7"), (2.5, 0, "3"),
  ])
  func fixedKeepsEveryDecimal(value: Double, decimals: Int, text: String) {
    #expect(NumberText.fixed(value, decimals: decimals) == text)
  }

  @Test(arguments: [(592.0, "592"), (0.1, "0.1"), (-2.0, "-2"), (1e20, "1e+20"), (0.3, "0.3")])
  func shortestReadsBack(value: Double, text: String) {
    #expect(NumberText.shortest(value) == text)
    #expect(Double(text) == value)
  }
}
