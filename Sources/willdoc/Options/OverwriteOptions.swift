import ArgumentParser
import InkCodec

/// The `--force` option and the one overwrite policy of every command that writes files:
/// an existing regular file (a symbolic link counts as the file it leads to) is replaced only
/// with `--force`, or by `--in-place` when it is the command's own input. A device, FIFO or
/// socket (`-o /dev/null`) is written to, not replaced, so it needs neither; `-` is standard
/// output.
struct OverwriteOptions: DirectlyParsable {
  /// The sentence every `--help` of a writing command ends its discussion with.
  static let policy = """
    An existing file is never replaced without --force (--in-place for the input itself); a \
    device or FIFO such as /dev/null is written to, not replaced.
    """

  /// Replace an existing output file.
  var force = false

  /// The refusal to replace `path`, or `nil` when writing there is allowed: no file yet, a
  /// device or FIFO, standard output, `--force`, or (with `replacingInput`) the input that
  /// `--in-place` was given for.
  func refusal(toWrite path: String, replacingInput: Bool = false) -> String? {
    guard path != "-", !force, !replacingInput, Self.isExistingFile(path) else { return nil }
    return "\(path.terminalSafe) exists; add --force to replace it"
  }

  /// Throws the usage error of ``refusal(toWrite:replacingInput:)``.
  func check(_ path: String, replacingInput: Bool = false) throws {
    if let refusal = refusal(toWrite: path, replacingInput: replacingInput) {
      throw ValidationError(refusal)
    }
  }

  /// Whether `path` names a regular file, through any links: what writing would replace.
  static func isExistingFile(_ path: String) -> Bool {
    if !SystemPath.isPlain(path) {
      return SystemPath.status(path, follow: false) != nil
    }
    guard case .regularFile = try? OutputDestination.resolve(path) else { return false }
    return true
  }
}

extension OverwriteOptions {
  static var ownDirectOptions: [DirectOption<Self>] { [.flag("--force") { $0.force = true }] }
}

extension OverwriteOptions {
  /// The option group as swift-argument-parser declares it, for its help, its errors and the
  /// lines the table leaves: ``plain`` is the ``OverwriteOptions`` it parses to.
  struct Declaration: ParsableArguments, ArgumentsDeclaration {
    @Flag(
      help: """
        Replace an existing output file. Without it an existing file is refused and left as \
        it is; a device or FIFO such as /dev/null is always written to.
        """)
    var force = false

    var plain: OverwriteOptions {
      var plain = OverwriteOptions()
      plain.force = force
      return plain
    }
  }
}
