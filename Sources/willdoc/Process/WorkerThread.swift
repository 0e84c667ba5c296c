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

/// A POSIX thread with an 8 MiB stack, started by ``start(_:)`` and waited for by ``join()``:
/// unlike `Thread`, a thread that cannot be created is an error the caller sees.
final class WorkerThread {
  #if canImport(Darwin)
    private var handle: pthread_t?
  #else
    private var handle = pthread_t()
  #endif

  /// The stack size of every worker thread: 8 MiB.
  static let stackSize: rlim_t = 8 << 20

  private final class Body {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }

  /// Starts a thread running `body`, or the `errno` of `pthread_create`.
  static func start(_ body: @escaping () -> Void) -> Result<WorkerThread, POSIXError> {
    let thread = WorkerThread()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, Int(stackSize))
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Darwin)
      let result = pthread_create(
        &thread.handle, &attributes,
        { context in
          Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
          return nil
        }, context)
    #else
      let result = pthread_create(
        &thread.handle, &attributes,
        { context in
          Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
          return nil
        }, context)
    #endif
    guard result == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return .failure(POSIXError(POSIXErrorCode(rawValue: result) ?? .EAGAIN))
    }
    return .success(thread)
  }

  /// Lets the thread end on its own: nothing will wait for it.
  func detach() {
    #if canImport(Darwin)
      if let handle { pthread_detach(handle) }
    #else
      pthread_detach(handle)
    #endif
  }

  /// Waits for the thread to end.
  func join() {
    #if canImport(Darwin)
      if let handle { pthread_join(handle, nil) }
    #else
      pthread_join(handle, nil)
    #endif
  }
}
