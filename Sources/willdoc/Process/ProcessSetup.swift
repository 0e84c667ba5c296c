import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `willdoc` arranges before parsing its arguments.
enum ProcessSetup {
  /// A test-only environment variable: when set to a number of seconds, every atomic write
  /// pauses that long after creating its temporary file, so a test can interrupt it and check
  /// that the file is removed. It changes nothing but timing.
  static let holdTemporaryFileVariable = "WILLDOC_TEST_HOLD_TEMPORARY_FILE"

  static func run() {
    // A vanished reader must show up as EPIPE from write(2), which StandardOutput handles,
    // rather than kill the process in the middle of a file write.
    signal(SIGPIPE, SIG_IGN)
    occupyClosedStandardDescriptors()
    // swift-argument-parser prints help and usage through stdio, not StandardOutput: check at
    // exit that it reached standard output too.
    atexit {
      guard fflush(nil) != 0 else { return }
      let error = errno
      if error == EPIPE { _exit(ExitStatus.ok.rawValue) }
      StandardError.line("willdoc: error: standard output: \(String(cString: strerror(error)))")
      _exit(ExitStatus.unreadable.rawValue)
    }
    TemporaryFileCleanup.installSignalHandlers()
    if let text = EnvironmentVariable.value(holdTemporaryFileVariable),
      let seconds = Double(text), seconds > 0
    {
      FileIO.afterCreatingTemporaryFile = {
        usleep(useconds_t(min(seconds, 600) * 1_000_000))
      }
    }
  }

  /// Opens `/dev/null` on any of descriptors 0, 1 and 2 that was closed (`willdoc … >&-`), so no
  /// file the command opens can take its number and receive its text. Standard input and
  /// output get it in the wrong direction, so using them still fails with `EBADF`, as it would
  /// have; standard error gets it for writing, silently.
  private static func occupyClosedStandardDescriptors() {
    let descriptors = [
      (STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_WRONLY),
    ]
    for (descriptor, flags) in descriptors
    where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      // open() takes the lowest free number: this one, as the lower ones are open.
      let opened = open("/dev/null", flags)
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }
}
