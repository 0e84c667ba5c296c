import InkCodec

/// Compact SVG path data: coordinates quantised to a fixed number of decimals, then written
/// as relative commands (`m`, `l`, `c`, `z`) between the quantised points, so rounding never
/// accumulates, with the separators SVG's grammar lets us drop left out.
struct PathText {
  /// Units per page unit: 10^decimals.
  let factor: Double
  let decimals: Int
  private(set) var text: [UInt8] = []
  /// The current point, quantised.
  private var x = 0
  private var y = 0
  /// The start of the current subpath, quantised (where `z` returns).
  private var startX = 0
  private var startY = 0
  private var lastCommand: UInt8 = 0
  /// Whether the last number written had a decimal point (so a following `.5` needs no
  /// separator).
  private var lastHadPoint = false

  /// A writer for `decimals` decimals (0…6).
  init(decimals: Int) {
    self.decimals = min(max(decimals, 0), 6)
    var f = 1.0
    for _ in 0..<self.decimals { f *= 10 }
    factor = f
  }

  /// The decimals a path needs so that rounding stays within half of `tolerance`.
  static func decimals(forTolerance tolerance: Double) -> Int {
    guard tolerance > 0, tolerance.isFinite else { return 2 }
    var decimals = 0
    var step = 1.0
    while step / 2 > tolerance / 2 && decimals < 6 {
      step /= 10
      decimals += 1
    }
    return decimals
  }

  /// A coordinate in quantised units; non-finite and huge values become 0 or saturate.
  @inline(__always)
  func quantise(_ v: Double) -> Int {
    let q = (v * factor).rounded()
    guard q.isFinite else { return 0 }
    return Int(min(max(q, -1e15), 1e15))
  }

  var string: String { String(decoding: text, as: UTF8.self) }

  private mutating func command(_ c: UInt8) {
    if c != lastCommand || c == UInt8(ascii: "m") {
      text.append(c)
      lastCommand = c
      lastHadPoint = false
      firstNumber = true
    }
  }

  private var firstNumber = true

  private mutating func number(_ value: Int) {
    let startsWithPoint = value.magnitude < UInt(factor)
    if !firstNumber && value >= 0 && !(startsWithPoint && value != 0 && lastHadPoint) {
      text.append(UInt8(ascii: " "))
    }
    firstNumber = false
    lastHadPoint = Self.append(value, decimals: decimals, to: &text)
  }

  /// Appends `value` ÷ 10^`decimals` in the shortest form SVG and PDF both read (`-1.5`,
  /// `.25`, `-.05`, `3`); returns whether it has a decimal point.
  @discardableResult
  static func append(_ value: Int, decimals: Int, to text: inout [UInt8]) -> Bool {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
      var count = 0
      var magnitude = value.magnitude
      repeat {
        buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        count += 1
        magnitude /= 10
      } while magnitude > 0
      while count <= decimals {
        buffer[count] = UInt8(ascii: "0")
        count += 1
      }
      // buffer holds the digits least significant first.
      var low = 0
      while low < decimals && buffer[low] == UInt8(ascii: "0") { low += 1 }
      if value < 0 { text.append(UInt8(ascii: "-")) }
      let integerDigits = count - decimals
      if !(integerDigits == 1 && buffer[count - 1] == UInt8(ascii: "0") && low < decimals) {
        for i in stride(from: count - 1, through: decimals, by: -1) { text.append(buffer[i]) }
      }
      if low < decimals {
        text.append(UInt8(ascii: "."))
        for i in stride(from: decimals - 1, through: low, by: -1) { text.append(buffer[i]) }
      }
    }
    return value.magnitude % UInt(pow10(decimals)) != 0
  }

  static func pow10(_ n: Int) -> Int {
    var v = 1
    for _ in 0..<n { v *= 10 }
    return v
  }

  /// Starts a subpath at `p`.
  mutating func move(_ p: InkPoint) {
    let qx = quantise(p.x)
    let qy = quantise(p.y)
    command(UInt8(ascii: "m"))
    number(qx - x)
    number(qy - y)
    (x, y, startX, startY) = (qx, qy, qx, qy)
  }

  /// A line to `p`.
  mutating func line(_ p: InkPoint) {
    let qx = quantise(p.x)
    let qy = quantise(p.y)
    guard qx != x || qy != y else { return }
    command(UInt8(ascii: "l"))
    number(qx - x)
    number(qy - y)
    (x, y) = (qx, qy)
  }

  /// A cubic Bézier through control points `a` and `b` to `p`.
  mutating func cubic(_ a: InkPoint, _ b: InkPoint, _ p: InkPoint) {
    let (ax, ay) = (quantise(a.x), quantise(a.y))
    let (bx, by) = (quantise(b.x), quantise(b.y))
    let (px, py) = (quantise(p.x), quantise(p.y))
    if px == x && py == y && ax == x && ay == y && bx == x && by == y { return }
    command(UInt8(ascii: "c"))
    number(ax - x)
    number(ay - y)
    number(bx - x)
    number(by - y)
    number(px - x)
    number(py - y)
    (x, y) = (px, py)
  }

  /// Closes the subpath; the current point returns to its start.
  mutating func close() {
    text.append(UInt8(ascii: "z"))
    lastCommand = UInt8(ascii: "z")
    (x, y) = (startX, startY)
  }

  /// Appends every element of an outline.
  mutating func append(_ path: OutlinePath) {
    for element in path.elements {
      switch element {
      case .move(let p): move(p)
      case .line(let p): line(p)
      case .cubic(let a, let b, let p): cubic(a, b, p)
      case .close: close()
      }
    }
  }
}
