import Foundation
import InkTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `willdoc` in a child process under an address-space cap (`ulimit -v`, which is
/// `setrlimit(RLIMIT_AS)`) and a CPU-time cap (`ulimit -t`), for the resource-budget tests.
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
  /// --static-swift-stdlib --toolset Tools/release-toolset.json`): the budget is what people
  /// run, and a debug build is 10–30 times slower.
  static let releaseBinary = executable(named: "WILLDOC_BUDGET_BINARY")

  /// The other build profile's optimised binary (`--disable-default-traits --traits
  /// Libzip,LibXML2`), from `WILLDOC_OTHER_PROFILE_BINARY`, for ``ProfileParityTests`` and
  /// the budgets of the commands whose code the profile changes.
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

  /// Which build of willdoc a capped run uses.
  enum Build: Sendable, CustomTestStringConvertible {
    /// ``binary``: the optimised build of this profile.
    case own
    /// ``otherProfileBinary``: the optimised build of the other profile, which reads zip and
    /// XML through libzip and libxml2.
    case otherProfile

    /// This profile's build, and the other profile's when the environment names it.
    static var available: [Build] { otherProfileBinary == nil ? [.own] : [.own, .otherProfile] }

    var binary: URL {
      switch self {
      case .own: BudgetedRun.binary
      case .otherProfile: otherProfileBinary ?? BudgetedRun.binary
      }
    }

    /// How a failure names the run.
    var name: String { self == .own ? "willdoc" : "willdoc (other profile)" }

    var testDescription: String { name }
  }

  /// The budget of every command: 10 seconds of CPU time. CPU time, not wall time, is what
  /// willdoc spends whatever else the machine runs (the test runner's other suites share its
  /// cores); the kernel stops a run that passes it with `SIGXCPU`.
  static let timeCap = 10

  /// A run still going after this much wall time is stopped and counted as past the budget:
  /// the cap for one that blocks instead of computing.
  static let wallCap = Double(6 * timeCap)

  /// Runs `willdoc arguments…` (of `build`) in `directory` with both caps (`cpuSeconds` is
  /// ``timeCap`` unless a test checks the cap itself); output goes to files in a
  /// scratch folder (standard output is counted, not kept).
  static func run(
    _ arguments: [String], in directory: URL, memory: Int = memoryCap, cpuSeconds: Int = timeCap,
    build: Build = .own
  ) throws -> Outcome {
    let output = try CapturedOutput()
    defer { output.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // `ulimit -v` takes KiB and `-t` seconds; exec keeps the process id, so the watchdog's
    // kill reaches willdoc.
    process.arguments =
      [
        "-c", "ulimit -v \(memory >> 10) && ulimit -t \(cpuSeconds) && exec \"$0\" \"$@\"",
        build.binary.path,
      ] + arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    process.standardOutput = output.out
    process.standardError = output.err
    process.standardInput = FileHandle.nullDevice
    let start = DispatchTime.now()
    let exited = try process.runWatchingExit()
    var timedOut = false
    if !exited.wait(seconds: wallCap) {
      timedOut = true
      kill(process.processIdentifier, SIGKILL)
      exited.wait()
    }
    // Past the soft CPU limit the kernel sends SIGXCPU, and SIGKILL at the hard one.
    if process.terminationReason == .uncaughtSignal,
      [SIGXCPU, SIGKILL].contains(process.terminationStatus)
    {
      timedOut = true
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    return Outcome(
      status: process.terminationStatus, stdoutBytes: output.stdoutSize, stderr: output.stderr,
      seconds: seconds, timedOut: timedOut)
  }

  /// Runs `work(0)` … `work(count - 1)` on one thread more than there are cores, each taking
  /// the next index when it is free, and returns the results in index order. The budget is
  /// CPU time, which sharing a core does not add to; the extra lane keeps both cores busy while
  /// a run starts, writes or waits.
  static func runSideBySide<Result>(
    count: Int, work: @escaping @Sendable (Int) throws -> Result
  ) -> [Swift.Result<Result, any Error>] {
    let lanes = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount + 1))
    let results = ResultSlots<Result>(count: count)
    let finished = DispatchGroup()
    for _ in 0..<lanes {
      finished.enter()
      Thread {
        while let index = results.claim() {
          results.store(Swift.Result { try work(index) }, at: index)
        }
        finished.leave()
      }.start()
    }
    finished.wait()
    return results.values
  }
}

/// The results of ``BudgetedRun/runSideBySide(count:work:)``, filled from several threads.
private final class ResultSlots<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Swift.Result<Value, any Error>?]
  private var next = 0

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  /// The next index no lane has taken, or nil when all are taken.
  func claim() -> Int? {
    lock.withLock {
      guard next < slots.count else { return nil }
      defer { next += 1 }
      return next
    }
  }

  func store(_ result: Swift.Result<Value, any Error>, at index: Int) {
    lock.withLock { slots[index] = result }
  }

  /// Every slot, filled once every lane has finished.
  var values: [Swift.Result<Value, any Error>] { lock.withLock { slots.map { $0! } } }
}
