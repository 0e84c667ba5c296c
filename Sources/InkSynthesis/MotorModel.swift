import InkCodec
import InkInput

/// A simple deterministic motor model that writes words, scribbles, dots and long strokes the
/// way a hand moves a pen, and turns the pen samples into strokes through InkInput's
/// ``PathBuilder``, as a pen app would.
///
/// Each letter is a few key-point strokes in a one-unit em box (y grows downwards, the x-height
/// band is 0.5…1). The pen moves between key points along a Catmull-Rom curve with a
/// minimum-jerk speed profile, reported at 120–240 Hz; the builder thins the line as the pen
/// speeds up.
/// Every stroke repeats its first and last control point, as real files do.
public struct MotorModel: Sendable {
  /// The seeded source of all variation.
  public var random: SampleRandom
  /// Width at rest and at full speed.
  public var maxWidth = 2.2
  /// Width at full speed.
  public var minWidth = 0.9
  /// The ink colour.
  public var color = InkColor.black

  /// Creates a model with a seed.
  public init(seed: UInt64) { random = SampleRandom(seed: seed) }

  static let letters: [Character: [[(Double, Double)]]] = [
    "a": [
      [(0.5, 0.6), (0.25, 0.5), (0.05, 0.75), (0.25, 1), (0.5, 0.85)], [(0.5, 0.5), (0.52, 1)],
    ],
    "c": [[(0.55, 0.55), (0.3, 0.5), (0.05, 0.75), (0.3, 1), (0.58, 0.93)]],
    "d": [
      [(0.55, 0.6), (0.3, 0.5), (0.05, 0.75), (0.3, 1), (0.55, 0.88)], [(0.58, 0), (0.58, 1)],
    ],
    "e": [
      [(0.05, 0.75), (0.5, 0.74), (0.4, 0.52), (0.12, 0.55), (0.05, 0.8), (0.3, 1), (0.55, 0.9)]
    ],
    "i": [[(0.1, 0.5), (0.1, 1)], [(0.1, 0.3)]],
    "k": [[(0.05, 0), (0.05, 1)], [(0.45, 0.5), (0.07, 0.78), (0.48, 1)]],
    "l": [[(0.1, 0), (0.1, 1)]],
    "m": [
      [(0.05, 1), (0.05, 0.5), (0.05, 0.62), (0.22, 0.5), (0.35, 0.62), (0.35, 1)],
      [(0.35, 0.64), (0.5, 0.5), (0.65, 0.62), (0.66, 1)],
    ],
    "n": [[(0.05, 1), (0.05, 0.5), (0.05, 0.62), (0.3, 0.5), (0.5, 0.64), (0.5, 1)]],
    "o": [[(0.45, 0.5), (0.1, 0.58), (0.08, 0.93), (0.42, 1), (0.6, 0.78), (0.45, 0.5)]],
    "p": [
      [(0.05, 0.5), (0.05, 1.4)], [(0.05, 0.6), (0.3, 0.5), (0.5, 0.75), (0.3, 1), (0.05, 0.9)],
    ],
    "r": [[(0.05, 0.5), (0.05, 1)], [(0.05, 0.66), (0.25, 0.5), (0.45, 0.54)]],
    "s": [[(0.5, 0.55), (0.22, 0.5), (0.1, 0.64), (0.45, 0.8), (0.5, 0.94), (0.15, 1)]],
    "t": [[(0.22, 0.2), (0.22, 0.95), (0.38, 1)], [(0.05, 0.5), (0.42, 0.5)]],
    "w": [[(0, 0.5), (0.18, 1), (0.36, 0.6), (0.54, 1), (0.72, 0.5)]],
  ]

  /// Traces `text` starting at (`x`, `y`) (the top of the em box) with em size `size`.
  /// Unknown characters become small scribbles; spaces advance.
  public mutating func write(_ text: String, x: Double, y: Double, size: Double) -> [Stroke] {
    var strokes: [Stroke] = []
    var penX = x
    let slant = random.uniform(0.12, 0.25)
    for character in text {
      if character == " " {
        penX += size * 0.45
        continue
      }
      let dy = random.uniform(-0.04, 0.04) * size
      guard let template = Self.letters[character] else {
        strokes.append(
          scribble(
            centerX: penX + size * 0.3, centerY: y + size * 0.75, radius: size * 0.25, turns: 2))
        penX += size * 0.7
        continue
      }
      var maxX = 0.0
      for keys in template {
        let placed = keys.map { key -> (Double, Double) in
          maxX = max(maxX, key.0)
          let jx = random.uniform(-0.025, 0.025)
          let jy = random.uniform(-0.025, 0.025)
          let ex = key.0 + jx + slant * (1 - key.1)
          return (penX + ex * size, y + dy + (key.1 + jy) * size)
        }
        strokes.append(placed.count == 1 ? dot(x: placed[0].0, y: placed[0].1) : trace(placed))
      }
      penX += (maxX + 0.22) * size
    }
    return strokes
  }

  /// The path builder a pen app would use: thinner as the pen speeds up, resampled every
  /// 2.5 units, smoothed.
  public var penConfiguration: PathBuilder.Configuration {
    PathBuilder.Configuration(
      driver: .speed(0...450),
      width: PropertyConfiguration(
        minValue: minWidth, maxValue: maxWidth, function: .power(1.2), flip: true),
      spacing: 2.5)
  }

  /// Feeds pen samples through a ``PathBuilder`` and returns the finished stroke.
  /// `position(τ)` gives the pen at normalised time τ in 0…1; the digitiser reports it at a
  /// seeded rate of 120–240 Hz with a little timing and position jitter.
  mutating func penStroke(
    duration: Double, configuration: PathBuilder.Configuration? = nil,
    _ position: (Double) -> (Double, Double)
  ) -> Stroke {
    let rate = random.uniform(120, 240)
    let events = max(1, Int(duration * rate))
    var builder = PathBuilder(configuration: configuration ?? penConfiguration)
    for index in 0...events {
      let tau = Double(index) / Double(events)
      var (x, y) = position(tau)
      var time = tau * duration
      let phase: InputPhase = index == 0 ? .begin : index == events ? .end : .move
      if phase == .move {
        time += random.uniform(-0.0004, 0.0004)
        x += random.uniform(-0.06, 0.06)
        y += random.uniform(-0.06, 0.06)
      }
      _ = builder.add(point: InputPoint(x: x, y: y, timestamp: time), phase: phase)
    }
    return builder.stroke(precision: 2, color: color)
  }

  /// A dot: the pen touches down and lifts at one place.
  public mutating func dot(x: Double, y: Double) -> Stroke {
    penStroke(duration: random.uniform(0.03, 0.08)) { _ in (x, y) }
  }

  /// A loose loop scribble around a centre.
  public mutating func scribble(centerX: Double, centerY: Double, radius: Double, turns: Int)
    -> Stroke
  {
    var keys: [(Double, Double)] = []
    let steps = turns * 6
    for step in 0...steps {
      let angle = Double(step) / 6 * 2 * Double.pi
      let r = radius * random.uniform(0.6, 1.1)
      keys.append(
        (centerX + r * cos(angle) + Double(step) * radius * 0.08, centerY + r * sin(angle) * 0.8))
    }
    return trace(keys)
  }

  /// A long stroke: a wandering line with exactly `count` control points (including the
  /// repeated ends), drawn at a steady pace and resampled every `step` units.
  public mutating func longStroke(
    startX: Double, startY: Double, count: Int, step: Double
  ) -> Stroke {
    precondition(count >= 4)
    // The pen's course, in `step`-long pieces, with a slowly drifting heading.
    var course: [(Double, Double)] = [(startX, startY)]
    var heading = random.uniform(0, 2 * Double.pi)
    var turn = 0.0
    for _ in 0..<(count + 16) {
      turn = turn * 0.95 + random.uniform(-0.02, 0.02)
      heading += turn
      let (x, y) = course[course.count - 1]
      course.append((x + step * cos(heading), y + step * sin(heading)))
    }
    var configuration = penConfiguration
    configuration.spacing = step
    let pieces = Double(course.count - 1)
    let pace = random.uniform(0.8, 1.2)
    var stroke = penStroke(
      duration: pieces * step / (200 * pace), configuration: configuration
    ) { tau in
      let position = tau * pieces
      let index = min(Int(position), course.count - 2)
      let f = position - Double(index)
      let (a, b) = (course[index], course[index + 1])
      return (a.0 + f * (b.0 - a.0), a.1 + f * (b.1 - a.1))
    }
    // Exactly `count` control points: cut the path and repeat its new last point.
    if stroke.pointCount > count {
      stroke.points = Array(stroke.points[..<(count - 1)]) + [stroke.points[count - 2]]
      stroke.widths = Array(stroke.widths[..<(count - 1)]) + [stroke.widths[count - 2]]
    }
    return stroke
  }

  /// Moves the pen through key points: a Catmull-Rom curve through them, walked with a
  /// minimum-jerk speed profile at a handwriting pace, reported at 120–240 Hz and built into
  /// a stroke by the pen's ``PathBuilder``.
  public mutating func trace(_ keys: [(Double, Double)]) -> Stroke {
    // A dense polyline along the curve through the keys, with its cumulative length.
    let padded = [keys[0]] + keys + [keys[keys.count - 1]]
    var dense: [(Double, Double)] = [keys[0]]
    for segment in 0..<(keys.count - 1) {
      let (p0, p1, p2, p3) = (
        padded[segment], padded[segment + 1], padded[segment + 2], padded[segment + 3]
      )
      for k in 1...16 {
        let t = Double(k) / 16
        let t2 = t * t
        let t3 = t2 * t
        func blend(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
          0.5
            * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d)
              * t3)
        }
        dense.append((blend(p0.0, p1.0, p2.0, p3.0), blend(p0.1, p1.1, p2.1, p3.1)))
      }
    }
    var lengths = [0.0]
    for index in 1..<dense.count {
      let dx = dense[index].0 - dense[index - 1].0
      let dy = dense[index].1 - dense[index - 1].1
      lengths.append(lengths[index - 1] + (dx * dx + dy * dy).squareRoot())
    }
    let total = lengths[lengths.count - 1]
    let averageSpeed = random.uniform(140, 240)
    var cursor = 0
    return penStroke(duration: max(0.04, total / averageSpeed)) { tau in
      // Minimum jerk: the pen starts and stops at rest and is fastest mid-stroke.
      let s = tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
      let target = s * total
      while cursor < lengths.count - 2 && lengths[cursor + 1] < target { cursor += 1 }
      let span = lengths[cursor + 1] - lengths[cursor]
      let f = span > 0 ? (target - lengths[cursor]) / span : 0
      return (
        dense[cursor].0 + f * (dense[cursor + 1].0 - dense[cursor].0),
        dense[cursor].1 + f * (dense[cursor + 1].1 - dense[cursor].1)
      )
    }
  }

  /// Splits a stroke the way an eraser does: two fragments, the first ending at `tf` inside
  /// its last segment and the second starting at `ts` inside its first, without the repeated
  /// control point at the cut.
  public static func erase(_ stroke: Stroke, at cut: Int, tf: Float, ts: Float) -> [Stroke] {
    precondition(cut >= 3 && cut <= stroke.pointCount - 4)
    var first = stroke
    first.points = Array(stroke.points[..<(cut + 2)])
    first.widths = Array(stroke.widths[..<(cut + 2)])
    first.endParameter = tf
    var second = stroke
    second.points = Array(stroke.points[(cut - 1)...])
    second.widths = Array(stroke.widths[(cut - 1)...])
    second.startParameter = ts
    return [first, second]
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
