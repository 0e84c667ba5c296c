import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-line progress bar on standard error, redrawn in place with `\r`:
/// `[#####.....] 12/40  notes/a.will  0:07 elapsed, about 0:16 left`. It draws only when
/// standard error is a terminal, so pipes, files and logs never see it. Safe to call from
/// several threads.
final class ProgressBar: @unchecked Sendable {
  private let lock = SystemLock()
  private let total: Int
  private let start = ContinuousClock.now
  private let enabled: Bool
  private var done = 0
  private var current = ""
  private var shownWidth = 0
  private var isFinished = false

  /// A bar for `total` items, drawn only when `enabled` and standard error is a terminal.
  /// While it is drawn, it is redrawn every half second, so the times move on during a long
  /// file.
  init(total: Int, enabled: Bool) {
    self.total = total
    self.enabled = enabled && isatty(STDERR_FILENO) == 1
    if self.enabled { startTicking() }
  }

  private func startTicking() {
    // Without a thread the bar is still drawn at every file, only not between them.
    let started = WorkerThread.start { [self] in
      while true {
        usleep(500_000)
        let done = lock.withLock {
          if !isFinished, shownWidth > 0 { draw() }
          return isFinished
        }
        if done { return }
      }
    }
    if case .success(let thread) = started { thread.detach() }
  }

  /// Shows `name` as the item being worked on.
  func started(_ name: String) {
    update { $0.current = name }
  }

  /// Counts one item done.
  func finished() {
    update { $0.done += 1 }
  }

  /// Prints `line` on standard error above the bar, which is drawn again under it.
  func print(_ line: String) {
    lock.withLock {
      clearLine()
      StandardError.line(line)
      if enabled, !isFinished { draw() }
    }
  }

  /// Removes the bar for good, leaving the cursor at the start of an empty line.
  func clear() {
    lock.withLock {
      isFinished = true
      clearLine()
    }
  }

  private func update(_ change: (ProgressBar) -> Void) {
    lock.withLock {
      change(self)
      if enabled, !isFinished { draw() }
    }
  }

  private func clearLine() {
    guard enabled, shownWidth > 0 else { return }
    StandardError.write("\r" + String(repeating: " ", count: shownWidth) + "\r")
    shownWidth = 0
  }

  private func draw() {
    let (seconds, attoseconds) = start.duration(to: .now).components
    let elapsed = Double(seconds) + Double(attoseconds) / 1e18
    let cells = 20
    let filled = total == 0 ? cells : cells * min(done, total) / total
    let bar =
      "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: cells - filled)
      + "]"
    var timing = "\(Self.clock(elapsed)) elapsed"
    if done > 0, done < total {
      timing += ", about \(Self.clock(elapsed / Double(done) * Double(total - done))) left"
    }
    let width = max(40, Self.terminalColumns() - 1)
    let fixed = "\(bar) \(done)/\(total)  " + "  " + timing
    let room = max(0, width - fixed.count)
    let name = Self.shortened(current.terminalSafe, to: room)
    let line = "\(bar) \(done)/\(total)  \(name)  \(timing)"
    let padding = max(0, shownWidth - line.count)
    StandardError.write("\r" + line + String(repeating: " ", count: padding))
    shownWidth = line.count
  }

  /// `m:ss`, or `h:mm:ss` from an hour.
  static func clock(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.down))
    let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
    let tail = (rest < 10 ? "0" : "") + "\(rest)"
    if hours > 0 { return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):" + tail }
    return "\(minutes):" + tail
  }

  /// `text` cut to `room` characters, keeping its end (the file name) after an ellipsis.
  static func shortened(_ text: String, to room: Int) -> String {
    guard text.count > room else { return text }
    guard room > 1 else { return "" }
    return "…" + text.suffix(room - 1)
  }

  /// The terminal's width on standard error, or 80 when it cannot be told.
  private static func terminalColumns() -> Int {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}
