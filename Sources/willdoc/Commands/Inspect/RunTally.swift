/// Counts of keys that mostly come in runs, as a note's strokes share their precision, colour
/// and blend mode: a run of equal keys is counted on its own and added to the dictionary when
/// the key changes, one hash per run instead of one per stroke.
struct RunTally<Key: Hashable> {
  private var counted: [Key: Int] = [:]
  private var current: Key?
  private var run = 0

  /// Counts one more `key`.
  mutating func add(_ key: Key) {
    if key == current {
      run += 1
      return
    }
    if let current { counted[current, default: 0] += run }
    current = key
    run = 1
  }

  /// Every key's count, the current run included.
  var counts: [Key: Int] {
    var all = counted
    if let current { all[current, default: 0] += run }
    return all
  }
}
