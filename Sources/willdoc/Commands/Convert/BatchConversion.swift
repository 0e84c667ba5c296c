import InkCodec

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

/// Runs the conversions of a ``ConversionPlan`` on `jobs` threads: each takes the next input,
/// reads, converts and checks it in memory, and writes the output only when all of that
/// succeeded, so a failed input leaves nothing behind. Writes go one at a time; the outcomes
/// come back in the plan's order whatever order the work finished in.
///
/// The jobs share one memory budget (``MemoryBudget``): a job starts only when its estimate
/// fits what the running ones left, and a job that runs out of memory while others ran is
/// tried again alone. A worker thread that cannot be started is reported and the work goes
/// on with the ones that could (on the calling thread when none could).
struct BatchConversion {
  /// The format to write.
  var target: ConvertFormat
  /// The container of WILL 2 output (`--container`), or nil for the input's.
  var container: ContainerKind?
  /// The form InkML is written in.
  var inkMLProfile: InkMLProfile = .standard
  /// How tuhi drawings are read (`--tuhi-width`, `--tuhi-unit`).
  var tuhi: TuhiReading = .standard
  /// The decoding limits of every input and every read-back.
  var limits: DecodingLimits
  /// The overwrite policy (`--force`).
  var overwrite: OverwriteOptions
  /// How many inputs are converted at once.
  var jobs: Int
  /// The `-d` folder: outputs with a `relative` name are generated there (``GeneratedOutputs``).
  var directory: String?
  /// How pictures are drawn (`--to png|svg|pdf`).
  var drawing = DrawingOptions()
  /// `--skip-existing`: an input whose outputs all exist is skipped, not converted again.
  var skipExisting = false

  /// A test-only environment variable: the number of worker threads that may start; every
  /// later `pthread_create` is taken to fail with `EAGAIN`.
  static let failThreadStartVariable = "WILLDOC_TEST_THREADS_STARTING"

  /// Converts every entry of `entries`, reporting each failure on standard error as it
  /// happens and showing `progress`.
  func run(_ entries: [ConversionPlan.Entry], progress: ProgressBar) -> [ConversionOutcome] {
    let state = SharedState(count: entries.count)
    let budget = MemoryBudget(limits: limits)
    let folder: Result<GeneratedOutputs.Folder, WillError>? = directory.map { directory in
      Result { () throws(WillError) in try GeneratedOutputs.openFolder(directory) }
    }
    let wanted = max(1, min(jobs, entries.count))
    let concurrent = wanted > 1
    let work = {
      while let index = state.take() {
        let outcome = convert(
          entries[index], progress: progress, state: state, budget: budget, folder: folder,
          concurrent: concurrent)
        if outcome.status == .failed {
          progress.print(
            "willdoc: error: \(outcome.input.terminalSafe): " + outcome.reason!.terminalSafe)
        }
        state.store(outcome, at: index)
        if case .convert = entries[index] { progress.finished() }
      }
    }
    // One job runs where it was called, as the other commands do: a thread of its own costs
    // a per-thread heap and stack that one note, run once per process, pays in page faults.
    if !concurrent, Self.callingThreadStackFits {
      work()
      progress.clear()
      return state.outcomes()
    }
    let allowed = EnvironmentVariable.value(Self.failThreadStartVariable).flatMap { Int($0) }
    var threads: [WorkerThread] = []
    var failure: Int32 = 0
    for number in 0..<wanted {
      if let allowed, number >= allowed {
        failure = EAGAIN
        break
      }
      switch WorkerThread.start(work) {
      case .success(let thread): threads.append(thread)
      case .failure(let error): failure = error.code.rawValue
      }
      if failure != 0 { break }
    }
    if failure != 0 {
      let reason = String(cString: strerror(failure))
      progress.print(
        "willdoc: warning: \(threads.count) of \(wanted) worker threads could be started "
          + "(\(reason)); "
          + (threads.isEmpty ? "converting on the main thread" : "converting with those"))
      if threads.isEmpty { work() }
    }
    for thread in threads { thread.join() }
    progress.clear()
    return state.outcomes()
  }

  /// Whether the calling thread's stack is at least a ``WorkerThread``'s (8 MiB): the main
  /// thread's is the `RLIMIT_STACK` that the shell's `ulimit -s` sets.
  private static var callingThreadStackFits: Bool {
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_STACK.rawValue)
    #else
      let resource = RLIMIT_STACK
    #endif
    guard getrlimit(resource, &limit) == 0 else { return false }
    return limit.rlim_cur >= WorkerThread.stackSize  // RLIM_INFINITY is the largest value
  }

  /// One entry's outcome.
  private func convert(
    _ entry: ConversionPlan.Entry, progress: ProgressBar, state: SharedState,
    budget: MemoryBudget, folder: Result<GeneratedOutputs.Folder, WillError>?, concurrent: Bool
  ) -> ConversionOutcome {
    let input: String
    let output: String
    let relative: [String]?
    switch entry {
    case .skipped(let path, let reason):
      return ConversionOutcome(
        input: path, status: .skipped, code: "skipped", reason: reason)
    case .refused(let path, let code, let reason):
      return ConversionOutcome(
        input: path, status: .failed, code: code, reason: reason, exitStatus: .invalid)
    case .convert(let from, let to, let names):
      (input, output, relative) = (from, to, names)
    }
    progress.started(input)
    if skipExisting, SystemPath.status(output) != nil {
      return Self.skippedAsWritten(input: input, outputs: [output])
    }
    var outcome = ConversionOutcome(input: input, output: output, status: .failed)
    if relative == nil, let refusal = overwrite.refusal(toWrite: output) {
      outcome.code = "output-exists"
      outcome.reason = refusal
      outcome.exitStatus = .invalid
      return outcome
    }
    // A generated output that exists already fails before any work (checked again, link by
    // link, when it is written).
    if relative != nil, !overwrite.force, let existing = SystemPath.status(output, follow: false) {
      let first = state.writing { state.writer(of: ConversionPlan.FileIdentity(existing)) }
      outcome.code = first == nil ? "output-exists" : "output-taken"
      outcome.reason =
        first.map {
          "its output \(output) is the file this run wrote for \($0) (the file system takes the "
            + "two names as one)"
        }
        ?? (existing.st_mode & S_IFMT == S_IFLNK
          ? "\(output) is a symbolic link; generated names are never followed through links: "
            + "add --force to replace the link itself"
          : "\(output) exists; add --force to replace it")
      outcome.exitStatus = .invalid
      return outcome
    }
    let estimate = budget.estimate(input)
    budget.acquire(estimate)
    var result = read(input, into: &outcome, progress: progress)
    budget.release(estimate)
    if result == nil, outcome.code == "out-of-memory", concurrent {
      // Out of memory while other jobs ran: once more, alone, with the whole budget.
      budget.acquire(budget.total)
      result = read(input, into: &outcome, progress: progress)
      budget.release(budget.total)
    }
    guard let conversion = result else { return outcome }
    outcome.inputFormat = conversion.inputFormat
    let outputs = conversion.files.map { (conversion.name(output, $0.section), $0.bytes) }
    if skipExisting, outputs.count > 1,
      outputs.allSatisfy({ SystemPath.status($0.0) != nil })
    {
      return Self.skippedAsWritten(input: input, outputs: outputs.map(\.0))
    }
    do throws(WriteFailure) {
      try state.writing { () throws(WriteFailure) in
        if let relative, let folder {
          let files = conversion.files.map {
            (Array(relative.dropLast()) + [conversion.name(relative.last!, $0.section)], $0.bytes)
          }
          try write(files, from: input, in: folder, state: state)
        } else {
          do throws(WillError) {
            try Self.createFolder(of: output)
            for (path, bytes) in outputs { try writeFile(bytes, to: path, force: true) }
          } catch {
            throw WriteFailure(error)
          }
        }
      }
    } catch {
      outcome.code = error.code
      outcome.reason = error.reason
      outcome.exitStatus = error.exitStatus
      return outcome
    }
    outcome.status = .converted
    outcome.strokes = conversion.strokes
    outcome.bytes = conversion.files.reduce(0) { $0 + $1.bytes.count }
    outcome.outputs = outputs.map(\.0)
    outcome.changes = conversion.changes
    outcome.dropped = conversion.dropped
    return outcome
  }

  /// The outcome of an input skipped by `--skip-existing`.
  private static func skippedAsWritten(input: String, outputs: [String]) -> ConversionOutcome {
    var outcome = ConversionOutcome(
      input: input, output: outputs.first, status: .skipped, code: "skipped-existing",
      reason: outputs.count == 1 ? "its output exists" : "its \(outputs.count) outputs exist")
    outcome.outputs = outputs
    return outcome
  }

  /// Writes generated outputs, each at its names below `folder`, all or none: never through
  /// a link, never over a file this run wrote (two names the file system takes as one), over
  /// another existing file only with `--force`.
  private func write(
    _ files: [(relative: [String], bytes: [UInt8])], from input: String,
    in folder: Result<GeneratedOutputs.Folder, WillError>, state: SharedState
  ) throws(WriteFailure) {
    let outputs = GeneratedOutputs(force: overwrite.force)
    var staged: [(GeneratedOutputs.Folder, String)] = []
    for (relative, bytes) in files {
      let parent: GeneratedOutputs.Folder
      do throws(WillError) {
        parent = try GeneratedOutputs.openSubfolders(relative.dropLast(), below: folder.get())
      } catch {
        throw WriteFailure(error)
      }
      let name = relative.last!
      if let existing = parent.entry(name) {
        if let first = state.writer(of: ConversionPlan.FileIdentity(existing)) {
          throw WriteFailure(
            code: "output-taken",
            reason: "its output \(parent.child(name)) is the file this run wrote for \(first) "
              + "(the file system takes the two names as one)")
        }
        if let refusal = outputs.refusal(toWrite: name, in: parent) {
          throw WriteFailure(code: "output-exists", reason: refusal)
        }
      }
      do throws(WillError) {
        try outputs.stage(bytes, as: name, in: parent)
      } catch {
        throw WriteFailure(error)
      }
      staged.append((parent, name))
    }
    do throws(WillError) {
      try outputs.commit()
    } catch {
      throw WriteFailure(error)
    }
    for (parent, name) in staged {
      if let written = parent.entry(name) {
        state.wrote(ConversionPlan.FileIdentity(written), for: input)
      }
    }
  }

  /// Why an output was not written.
  private struct WriteFailure: Error {
    var code: String
    var reason: String
    var exitStatus = ExitStatus.invalid

    init(code: String, reason: String) {
      self.code = code
      self.reason = reason
    }

    init(_ error: WillError) {
      code = error.kind.code
      reason = error.description
      exitStatus = ExitStatus(error)
    }
  }

  /// Reads and converts `input`; `nil` with `outcome`'s failure filled in.
  private func read(
    _ input: String, into outcome: inout ConversionOutcome, progress: ProgressBar
  ) -> ConvertedFiles? {
    do {
      let file = try InputFile.read(input, limits: limits)
      if let picture = target.picture {
        return ConvertedFiles(
          try PictureConversion(
            drawing: file, as: picture, options: drawing, tuhi: tuhi, limits: limits,
            warn: { progress.print($0) }))
      }
      return ConvertedFiles(
        try DocumentConversion(
          converting: file, to: target, container: container, inkMLProfile: inkMLProfile,
          tuhi: tuhi, limits: limits))
    } catch let error as DocumentConversion.Failure {
      outcome.code = error.code
      outcome.reason = error.reason
      outcome.exitStatus = error.exitStatus
    } catch let error as WillError {
      let failure = DocumentConversion.Failure.input(error)
      outcome.code = failure.code
      outcome.reason = failure.reason
      outcome.exitStatus = failure.exitStatus
    } catch {
      outcome.code = "io-error"
      outcome.reason = "\(error)"
      outcome.exitStatus = .unreadable
    }
    return nil
  }

  /// Creates the folders above `path` that do not exist yet.
  private static func createFolder(of path: String) throws(WillError) {
    _ = try GeneratedOutputs.openFolder(SystemPath.split(path).folder)
  }

  /// The work queue and the results, shared by the threads.
  private final class SharedState: @unchecked Sendable {
    private let lock = SystemLock()
    private let writeLock = SystemLock()
    private var next = 0
    /// The files written so far and the input of each: only touched while writing.
    private var writers: [ConversionPlan.FileIdentity: String] = [:]
    private var results: [ConversionOutcome?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    /// The next entry to convert, or `nil` when every one is taken.
    func take() -> Int? {
      lock.withLock {
        guard next < results.count else { return nil }
        defer { next += 1 }
        return next
      }
    }

    func store(_ outcome: ConversionOutcome, at index: Int) {
      lock.withLock { results[index] = outcome }
    }

    /// The input whose output is `file`, if this run wrote it (called while writing).
    func writer(of file: ConversionPlan.FileIdentity) -> String? { writers[file] }

    /// Records that `file` is the output of `input` (called while writing).
    func wrote(_ file: ConversionPlan.FileIdentity, for input: String) { writers[file] = input }

    func outcomes() -> [ConversionOutcome] {
      lock.withLock { results.map { $0! } }
    }

    /// Runs `body` while no other thread writes.
    func writing<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
      writeLock.lock()
      defer { writeLock.unlock() }
      return try body()
    }
  }

  /// The memory the jobs share. Its total is one document's worth at the limits
  /// (`maxFileBytes` + `maxTotalBytes`: the file and its decompressed parts); a job's
  /// estimate is its input's size times ``factor``, at least 1 MiB and at most the total
  /// (standard input, of unknown size, takes the total). A job waits until its estimate fits
  /// beside the running ones; when nothing runs it always starts, so every job runs.
  final class MemoryBudget: @unchecked Sendable {
    /// Bytes in memory per input byte: decompression, decoded points, the output and its
    /// read-back.
    static let factor = 32
    /// The whole budget.
    let total: Int
    private var used = 0
    private let condition = SystemLock()

    init(limits: DecodingLimits) {
      let (sum, overflow) = limits.maxFileBytes.addingReportingOverflow(limits.maxTotalBytes)
      total = overflow ? .max : max(1, sum)
    }

    /// The estimate for `input`.
    func estimate(_ input: String) -> Int {
      guard input != "-", let info = SystemPath.status(input) else { return total }
      let (scaled, overflow) = Int(info.st_size).multipliedReportingOverflow(by: Self.factor)
      return min(total, max(1 << 20, overflow ? .max : scaled))
    }

    /// Waits until `amount` fits, then takes it.
    func acquire(_ amount: Int) {
      condition.lock()
      while used > 0 && amount > total - used { condition.wait() }
      used += amount
      condition.unlock()
    }

    /// Gives `amount` back.
    func release(_ amount: Int) {
      condition.lock()
      used -= amount
      condition.broadcast()
      condition.unlock()
    }
  }
}
