import Foundation
import InkCodec

/// Runs the conversions of a ``ConversionPlan`` on `jobs` threads: each takes the next input,
/// reads, converts and checks it in memory, and writes the output only when all of that
/// succeeded, so a failed input leaves nothing behind. Writes go one at a time (the file being
/// written is what the signal handlers remove on Ctrl-C, and there is one such slot); the
/// outcomes come back in the plan's order whatever order the work finished in.
struct BatchConversion {
  /// The format to write.
  var target: ConvertFormat
  /// The decoding limits of every input and every read-back.
  var limits: DecodingLimits
  /// The overwrite policy (`--force`).
  var overwrite: OverwriteOptions
  /// How many inputs are converted at once.
  var jobs: Int

  /// Converts every entry of `entries`, reporting each failure on standard error as it
  /// happens and showing `progress`.
  func run(_ entries: [ConversionPlan.Entry], progress: ProgressBar) -> [ConversionOutcome] {
    let state = SharedState(count: entries.count)
    let group = DispatchGroup()
    for _ in 0..<max(1, min(jobs, entries.count)) {
      group.enter()
      let thread = Thread {
        while let index = state.take() {
          let outcome = convert(entries[index], progress: progress, state: state)
          if outcome.status == .failed {
            progress.print(
              "willdoc: error: \(outcome.input.terminalSafe): " + outcome.reason!.terminalSafe)
          }
          state.store(outcome, at: index)
          if case .convert = entries[index] { progress.finished() }
        }
        group.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    group.wait()
    progress.clear()
    return state.outcomes()
  }

  /// One entry's outcome.
  private func convert(
    _ entry: ConversionPlan.Entry, progress: ProgressBar, state: SharedState
  ) -> ConversionOutcome {
    let input: String
    let output: String
    switch entry {
    case .skipped(let path, let reason):
      return ConversionOutcome(
        input: path, status: .skipped, code: "skipped", reason: reason)
    case .refused(let path, let code, let reason):
      return ConversionOutcome(
        input: path, status: .failed, code: code, reason: reason, exitStatus: ExitStatus.invalid)
    case .convert(let from, let to):
      (input, output) = (from, to)
    }
    progress.started(input)
    var outcome = ConversionOutcome(input: input, output: output, status: .failed)
    if let refusal = overwrite.refusal(toWrite: output) {
      outcome.code = "output-exists"
      outcome.reason = refusal
      outcome.exitStatus = ExitStatus.invalid
      return outcome
    }
    let conversion: DocumentConversion
    do {
      let file = try InputFile.read(input, limits: limits)
      conversion = try DocumentConversion(converting: file, to: target, limits: limits)
    } catch let error as DocumentConversion.Failure {
      outcome.code = error.code
      outcome.reason = error.reason
      outcome.exitStatus = error.exitStatus
      return outcome
    } catch let error as WillError {
      let failure = DocumentConversion.Failure.input(error)
      outcome.code = failure.code
      outcome.reason = failure.reason
      outcome.exitStatus = failure.exitStatus
      return outcome
    } catch {
      outcome.code = "io-error"
      outcome.reason = "\(error)"
      outcome.exitStatus = ExitStatus.unreadable
      return outcome
    }
    outcome.inputFormat = conversion.inputFormat
    do {
      try state.writing { () throws(WillError) in
        try Self.createFolder(of: output)
        try FileIO.write(conversion.bytes, to: URL(fileURLWithPath: output))
      }
    } catch {
      outcome.code = error.kind.code
      outcome.reason = error.description
      outcome.exitStatus = ExitStatus.unreadable
      return outcome
    }
    outcome.status = .converted
    outcome.strokes = conversion.strokes
    outcome.bytes = conversion.bytes.count
    outcome.changes = conversion.changes
    outcome.dropped = conversion.dropped
    return outcome
  }

  /// Creates the folders above `path` that do not exist yet.
  private static func createFolder(of path: String) throws(WillError) {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw WillError(.io("cannot create the folder \(folder.path): \(Self.reason(error))"))
    }
  }

  /// The system's reason behind a Foundation error, without its domain and number.
  private static func reason(_ error: Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if (error as NSError).code == CocoaError.fileWriteFileExists.rawValue {
      return "a file of that name is in the way"
    }
    return (error as NSError).localizedDescription
  }

  /// The work queue and the results, shared by the threads.
  private final class SharedState: @unchecked Sendable {
    private let lock = NSLock()
    private let writeLock = NSLock()
    private var next = 0
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

    func outcomes() -> [ConversionOutcome] {
      lock.withLock { results.map { $0! } }
    }

    /// Runs `body` while no other thread writes.
    func writing(_ body: () throws(WillError) -> Void) throws(WillError) {
      writeLock.lock()
      defer { writeLock.unlock() }
      try body()
    }
  }
}
