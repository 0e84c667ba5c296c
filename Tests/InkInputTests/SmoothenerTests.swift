import InkInput
import Testing

@Suite struct SmoothenerTests {
  @Test func theFirstSampleStartsTheStateAndLaterOnesMoveAFraction() {
    var smoothener = MultiChannelSmoothener(channels: 2, factor: 0.5)
    #expect(smoothener.smooth([4, 8]) == [4, 8])
    #expect(smoothener.smooth([8, 0]) == [6, 4])
    smoothener.reset()
    #expect(!smoothener.isStarted)
    #expect(smoothener.smooth([1, 1]) == [1, 1])
  }

  @Test(arguments: [0.1, 0.3, 0.7, 1.0])
  func reachFinalValuesEndsExactlyAtTheFinals(factor: Double) {
    var smoothener = MultiChannelSmoothener(channels: 3, factor: factor, tolerance: 0.01)
    var state: [Double] = []
    for step in 0..<20 { state = smoothener.smooth([Double(step) * 3, 50 - Double(step), 2]) }
    let finals = [100.0, -20.0, 7.5]
    let tail = smoothener.reachFinalValues(finals)
    #expect(tail.last == finals)
    #expect(tail.count <= 65)
    // Each step gets closer on every channel.
    var previous = state
    for sample in tail {
      for channel in 0..<3 {
        #expect(abs(sample[channel] - finals[channel]) <= abs(previous[channel] - finals[channel]))
      }
      previous = sample
    }
    #expect(smoothener.reachFinalValues(finals).isEmpty)
  }

  @Test func transferFunctionsRunFromZeroToOne() {
    let functions: [TransferFunction] = [
      .linear, .power(0.5), .power(3), .sigmoid(8), .periodic(1),
    ]
    for function in functions {
      #expect(abs(function.apply(0)) < 1e-12, "\(function)")
      #expect(abs(function.apply(1) - 1) < 1e-12, "\(function)")
      let values = stride(from: 0.0, through: 1, by: 0.05).map(function.apply)
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 }, "\(function)")
    }
    #expect(TransferFunction.linear.apply(.nan) == 0)
    #expect(TransferFunction.power(2).apply(7) == 1)
  }
}
