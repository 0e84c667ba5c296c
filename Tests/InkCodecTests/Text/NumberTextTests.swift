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

/// The fast path for decoded values gives `description`'s text, exactly.
@Suite struct DecimalDescriptionTests {
  @Test func everyDecodedValueReadsAsItsDescription() {
    var random = SystemRandomNumberGenerator()
    var checked = 0
    let edges: [Int64] = [
      0, 1, -1, 5, 9, 10, 99, 100, 101, 999, 1000, 12_345, 100_000, 2_147_483_647, -2_147_483_648,
      4_294_967_295, 123_456_789, 10_000_000, 99_999_999, 100_000_000,
    ]
    for precision in 0...8 {
      let scale = (0..<precision).reduce(1.0) { r, _ in r * 10 }
      var integers = edges
      for _ in 0..<20_000 {
        integers.append(Int64.random(in: -2_147_483_648...2_147_483_647, using: &random))
      }
      for _ in 0..<5_000 { integers.append(Int64.random(in: -20_000...20_000, using: &random)) }
      for integer in integers {
        let value = Double(integer) / scale
        #expect(
          NumberText.decimalDescription(value, precision: precision) == value.description,
          "\(integer) at \(precision)")
        checked += 1
      }
    }
    #expect(checked > 200_000)
  }

  @Test func valuesThatAreNotDecodedFallBack() {
    for value in [0.1 + 0.2, .pi, 1e-7, -0.0, 1e300, .nan, .infinity, 0.00012] {
      for precision in [0, 2, 8, 9, -1] {
        #expect(NumberText.decimalDescription(value, precision: precision) == value.description)
      }
    }
  }

  /// The text dump's byte writer gives exactly ``NumberText/fixed(_:decimals:)``: decoded
  /// values, halves, negatives that round to zero, values past 9e18 and non-finite ones.
  @Test func appendFixedIsFixed() {
    var random = SystemRandomNumberGenerator()
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.005, -0.0004, 2.5e-9, 123_456.789, -9.2e18, 9e18, 1e300, .nan,
      .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
    ]
    for _ in 0..<20_000 {
      values.append(Double(Int32.random(in: .min ... .max, using: &random)) / 1000)
      values.append(Double.random(in: -1e6...1e6, using: &random))
    }
    for decimals in 0...18 {
      for value in values {
        var buffer = TextBuffer()
        NumberText.appendFixed(value, decimals: decimals, to: &buffer)
        #expect(buffer.text == NumberText.fixed(value, decimals: decimals), "\(value) \(decimals)")
      }
    }
  }
}
