import Foundation

/// The exit of a child process, waited for without polling: Foundation's `waitUntilExit()`
/// on Linux spins a run loop every few milliseconds, and the test threads waiting on
/// `willdoc` that way took most of a core from the runs they waited on.
public final class ProcessExit: @unchecked Sendable {
  private let exited = DispatchSemaphore(value: 0)

  fileprivate init() {}

  fileprivate func signal() { exited.signal() }

  /// Blocks until the process has exited; its status is then set. Call once.
  public func wait() { exited.wait() }

  /// Blocks until the process has exited or `seconds` have passed; whether it exited. Call
  /// once, and ``wait()`` after killing a process this left running.
  public func wait(seconds: Double) -> Bool {
    exited.wait(timeout: .now() + seconds) == .success
  }
}

extension Process {
  /// Starts the process (`run()`), with a termination handler that the returned value waits
  /// on.
  /// - Throws: What `run()` throws.
  public func runWatchingExit() throws -> ProcessExit {
    let exit = ProcessExit()
    terminationHandler = { _ in exit.signal() }
    try run()
    return exit
  }
}
