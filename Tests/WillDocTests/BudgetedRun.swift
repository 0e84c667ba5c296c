import Foundation
import InkTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `willdoc` in a child process under an address-space cap (`ulimit -v`, which is
/// `setrlimit(RLIMIT_AS)`) and a wall-clock cap, for the resource-budget tests.
enum BudgetedRun {
  /// What one capped run gave.
  struct Outcome {
    var status: Int32
    var stdoutBytes: Int
    var stderr: String
    var seconds: Double
    var timedOut: Bool
  }

  /// The address space every run gets: 1 GiB.
  static let memoryCap = 1 << 30

  /// The optimised binary to hold to the budget, from `WILLDOC_BUDGET_BINARY` (the README's
  /// test command and CI build one with `swift build -c release --product willdoc
  /// --static-swift-stdlib`): the budget is what people run, and a debug build is 10–30 times
  /// slower.
  static let releaseBinary = executable(named: "WILLDOC_BUDGET_BINARY")

  /// The other build profile's optimised binary (`--disable-default-traits --traits
  /// Libzip,LibXML2`), from `WILLDOC_OTHER_PROFILE_BINARY`, for ``ProfileParityTests``.
  static let otherProfileBinary = executable(named: "WILLDOC_OTHER_PROFILE_BINARY")

  /// The binary an environment variable names; a relative path is relative to the package,
  /// as the README's command writes it.
  private static func executable(named variable: String) -> URL? {
    guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else {
      return nil
    }
    return path.hasPrefix("/")
      ? URL(fileURLWithPath: path) : Fixtures.packageRoot.appendingPathComponent(path)
  }

  /// The binary a run uses: the optimised one when there is one, else the test build's own
  /// (for the checks that do not time work).
  static let binary: URL = releaseBinary ?? WillDocRunner.binary

  /// The budget of every command on this 2-core machine: 10 seconds.
  static let timeCap = 10.0

  /// Runs `willdoc arguments…` in `directory` with both caps; output goes to files in a
  /// scratch folder (standard output is counted, not kept).
  static func run(_ arguments: [String], in directory: URL, memory: Int = memoryCap) throws
    -> Outcome
  {
    let output = try CapturedOutput()
    defer { output.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // `ulimit -v` takes KiB; exec keeps the process id, so the watchdog's kill reaches willdoc.
    process.arguments =
      ["-c", "ulimit -v \(memory >> 10) && exec \"$0\" \"$@\"", binary.path] + arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    process.standardOutput = output.out
    process.standardError = output.err
    process.standardInput = FileHandle.nullDevice
    let start = DispatchTime.now()
    try process.run()
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      process.waitUntilExit()
      finished.signal()
    }
    var timedOut = false
    if finished.wait(timeout: .now() + timeCap) == .timedOut {
      timedOut = true
      kill(process.processIdentifier, SIGKILL)
      finished.wait()
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    return Outcome(
      status: process.terminationStatus, stdoutBytes: output.stdoutSize, stderr: output.stderr,
      seconds: seconds, timedOut: timedOut)
  }

  /// Runs `work(0)` … `work(count - 1)` on one thread per core (the budget gives each run a
  /// core; more at once would measure the machine, not willdoc) and returns the results in
  /// index order.
  static func runSideBySide<Result>(
    count: Int, work: @escaping @Sendable (Int) throws -> Result
  ) -> [Swift.Result<Result, any Error>] {
    let lanes = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
    let results = ResultSlots<Result>(count: count)
    DispatchQueue.concurrentPerform(iterations: lanes) { lane in
      for index in stride(from: lane, to: count, by: lanes) {
        results.store(Swift.Result { try work(index) }, at: index)
      }
    }
    return results.values
  }
}

/// The results of ``BudgetedRun/runSideBySide(count:work:)``, filled from several threads.
private final class ResultSlots<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Swift.Result<Value, any Error>?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func store(_ result: Swift.Result<Value, any Error>, at index: Int) {
    lock.withLock { slots[index] = result }
  }

  /// Every slot, filled by the time `concurrentPerform` returns.
  var values: [Swift.Result<Value, any Error>] { lock.withLock { slots.map { $0! } } }
}
