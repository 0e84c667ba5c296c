/// Cuts a stroke into runs of constant opacity.
enum AlphaSplitting {
  /// The parts of a stroke cut into chains (see ``CanvasClip``): one part holding every chain
  /// when alpha is constant, so the chains are filled as one union; otherwise each chain's
  /// parts. One chain gives the parts of ``parts(of:)``.
  static func parts(ofChains chains: [[CubicSegment]]) -> [(
    chains: [[CubicSegment]], alpha: Double
  )] {
    if chains.count == 1 { return parts(of: chains[0]).map { ([$0.segments], $0.alpha) } }
    guard let a0 = chains.first?.first?.b0.alpha else { return [] }
    let constant = chains.allSatisfy { chain in
      chain.allSatisfy { s in
        s.b0.alpha == a0 && s.b1.alpha == a0 && s.b2.alpha == a0 && s.b3.alpha == a0
      }
    }
    if constant { return [(chains, min(max(a0, 0), 1))] }
    return chains.flatMap { chain in parts(of: chain).map { ([$0.segments], $0.alpha) } }
  }

  /// The stroke's segments grouped where the alpha byte changes; one group when alpha is
  /// constant. Segments whose alpha varies are subdivided so that each piece has one byte.
  static func parts(of segments: [CubicSegment]) -> [(segments: [CubicSegment], alpha: Double)] {
    guard let first = segments.first else { return [] }
    let a0 = first.b0.alpha
    var constant = true
    for s in segments
    where s.b0.alpha != a0 || s.b1.alpha != a0 || s.b2.alpha != a0 || s.b3.alpha != a0 {
      constant = false
      break
    }
    if constant { return [(segments, min(max(a0, 0), 1))] }
    var parts: [(segments: [CubicSegment], alpha: Double)] = []
    var group: [CubicSegment] = []
    var groupByte = -1
    func flush() {
      if !group.isEmpty { parts.append((group, Double(groupByte) / 255)) }
      group.removeAll(keepingCapacity: true)
    }
    for s in segments {
      let lo = min(s.b0.alpha, s.b1.alpha, s.b2.alpha, s.b3.alpha)
      let hi = max(s.b0.alpha, s.b1.alpha, s.b2.alpha, s.b3.alpha)
      let count = min(64, max(1, Int(((hi - lo) * 255).rounded(.up))))
      var rest = s
      for i in 0..<count {
        let piece: CubicSegment
        if i == count - 1 {
          piece = rest
        } else {
          let (head, tail) = rest.split(at: 1 / Double(count - i))
          piece = head
          rest = tail
        }
        let mean = piece.point(at: 0.5).alpha
        let byte = Int((min(max(mean, 0), 1) * 255).rounded())
        if byte != groupByte {
          flush()
          groupByte = byte
        }
        group.append(piece)
      }
    }
    flush()
    return parts
  }
}
