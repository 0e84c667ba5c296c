#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A POSIX mutex with a condition variable: what `NSLock` and `NSCondition` do, without
/// importing the whole of Foundation (and, on Linux, loading ICU) for them.
package final class SystemLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  /// A lock, unlocked.
  package init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Waits for the lock and takes it.
  package func lock() { pthread_mutex_lock(mutex) }

  /// Gives the lock back.
  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` holding the lock.
  package func withLock<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body()
  }

  /// Gives the lock back until ``broadcast()`` is called, then takes it again (the caller
  /// holds it, and checks what it waits for again: a wait may end early).
  package func wait() { pthread_cond_wait(condition, mutex) }

  /// Wakes every thread in ``wait()``.
  package func broadcast() { pthread_cond_broadcast(condition) }
}
