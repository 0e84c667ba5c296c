import InkInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Synthetic pen motions, sampled like a digitiser.
enum InputSequences {
  /// A motion sampled at `rate` Hz from time 0 to `duration` (both ends included).
  static func sample(
    rate: Double, duration: Double, _ position: (Double) -> (x: Double, y: Double),
    force: ((Double) -> Double)? = nil
  ) -> [(InputPoint, InputPhase)] {
    let count = Int((duration * rate).rounded(.down))
    var events: [(InputPoint, InputPhase)] = []
    for index in 0...count {
      let time = index == count ? duration : Double(index) / rate
      let (x, y) = position(time)
      let phase: InputPhase = index == 0 ? .begin : index == count ? .end : .move
      events.append((InputPoint(x: x, y: y, timestamp: time, force: force?(time)), phase))
    }
    return events
  }

  /// A straight line at a constant `speed` (units per second).
  static func line(speed: Double, rate: Double = 120, length: Double = 300) -> [(
    InputPoint, InputPhase
  )] {
    sample(rate: rate, duration: length / speed) { time in (10 + speed * time, 20) }
  }

  /// A curve whose speed changes: a wave drawn left to right, accelerating then slowing.
  static func wave(rate: Double) -> [(InputPoint, InputPhase)] {
    sample(rate: rate, duration: 1) { time in
      let s = time * time * (3 - 2 * time)  // ease in and out
      return (20 + 400 * s, 100 + 40 * sin(s * 2 * Double.pi))
    }
  }

  /// Runs every event through `builder` and returns the updates.
  static func build(_ events: [(InputPoint, InputPhase)], with builder: inout PathBuilder)
    -> [PathBuilder.Update]
  {
    events.map { builder.add(point: $0.0, phase: $0.1) }
  }
}
