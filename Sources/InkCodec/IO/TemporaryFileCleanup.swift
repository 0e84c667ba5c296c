#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes the temporary file of an atomic write when the process is interrupted.
///
/// ``FileIO`` records the path of the temporary file it is writing in a fixed C buffer; the
/// handlers that ``installSignalHandlers()`` sets for SIGINT, SIGTERM and SIGHUP unlink that
/// path and then die of the same signal with its default action, so the shell still sees the
/// signal. The handlers do only what is async-signal-safe: read the buffer, `unlink`,
/// `signal`, `raise`.
///
/// One path is recorded at a time: meant for a command-line tool that writes one file after
/// another. A library that never installs the handlers loses nothing but the buffer.
package enum TemporaryFileCleanup {
  /// The signals that remove the temporary file before ending the process.
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// The path being written, NUL-terminated; an empty string when there is none. Allocated
  /// once, before any handler can run, so the handler never initialises anything.
  nonisolated(unsafe) private static let buffer: UnsafeMutablePointer<CChar> = {
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
    buffer.initialize(repeating: 0, count: capacity)
    return buffer
  }()

  private static let capacity = Int(PATH_MAX) + 1

  /// Installs the handlers, leaving alone a signal the process inherited as ignored (under
  /// `nohup`, SIGHUP must stay ignored), and unblocks the signals: a parent that spawned us
  /// with them blocked (test harnesses do) would otherwise leave the handlers unreachable and
  /// the process deaf to Ctrl-C.
  package static func installSignalHandlers() {
    _ = buffer
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    for signal in signals {
      guard !isIgnored(signal) else { continue }
      var action = sigaction()
      setHandler(&action) { signal in
        if TemporaryFileCleanup.buffer[0] != 0 { unlink(TemporaryFileCleanup.buffer) }
        // SA_RESETHAND already restored the default action; raise it again once this handler
        // returns and the signal is unblocked.
        raise(signal)
      }
      sigemptyset(&action.sa_mask)
      for other in signals { sigaddset(&action.sa_mask, other) }
      action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
      sigaction(signal, &action, nil)
    }
  }

  /// Records `path` as the temporary file to remove; `nil` clears it. The signals are blocked
  /// meanwhile, so a handler never sees half a path.
  static func record(_ path: String?) {
    withSignalsBlocked {
      buffer[0] = 0
      guard let path else { return }
      let bytes = Array(path.utf8)
      guard bytes.count < capacity, !bytes.isEmpty else { return }
      for (index, byte) in bytes.enumerated().dropFirst() {
        buffer[index] = CChar(bitPattern: byte)
      }
      buffer[bytes.count] = 0
      buffer[0] = CChar(bitPattern: bytes[0])
    }
  }

  /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back; they arrive when it returns.
  static func withSignalsBlocked<T, E>(_ body: () throws(E) -> T) throws(E) -> T {
    var set = sigset_t()
    var previous = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_BLOCK, &set, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return try body()
  }

  /// Whether this process ignores `signal` (`SIG_IGN`), as a process started under `nohup`
  /// ignores SIGHUP; a child it starts inherits that. Also true if the disposition cannot be
  /// read, so that the handlers leave such a signal alone.
  package static func isIgnored(_ signal: Int32) -> Bool {
    var action = sigaction()
    guard sigaction(signal, nil, &action) == 0 else { return true }
    #if canImport(Glibc)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == 1  // SIG_IGN
  }

  private static func setHandler(
    _ action: inout sigaction, _ handler: @escaping @convention(c) (Int32) -> Void
  ) {
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
  }
}
