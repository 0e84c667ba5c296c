import ArgumentParser
import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a `willdoc pages` command that edits one document writes: `-o FILE` (refused when
/// it exists, unless `--force`), or `--in-place` over the input.
struct PageOutputOptions: DirectlyParsable {
  /// Where the result is written.
  var file = OutputOptions()

  /// The path to write, `-` for standard output.
  func destination(input: String) -> String { file.destination(input: input) ?? "-" }

  /// Checks the destination before anything is read: given, not the input unless
  /// `--in-place`, not an existing file unless `--force`, not a terminal.
  func validate(input: String) throws {
    try file.validate(input: input, role: "input file")
    try Self.checkReplacing(
      destination(input: input), overwrite: file.overwrite,
      replacingInput: file.replacesInput(input))
  }

  /// Applies the overwrite policy (``OverwriteOptions``) to `path`, and refuses to write a
  /// package to a terminal.
  static func checkReplacing(
    _ path: String, overwrite: OverwriteOptions, replacingInput: Bool = false
  ) throws {
    if path == "-" {
      if isatty(STDOUT_FILENO) == 1 {
        throw ValidationError("not writing a package to a terminal: give -o FILE or a pipe")
      }
      return
    }
    try overwrite.check(path, replacingInput: replacingInput)
  }
}

extension PageOutputOptions {
  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.file) }
    ]
  }
}

extension PageOutputOptions {
  /// The option group as swift-argument-parser declares it, for its help, its errors and the
  /// lines the table leaves: ``plain`` is the ``PageOutputOptions`` it parses to.
  struct Declaration: ParsableArguments, ArgumentsDeclaration {
    @OptionGroup
    var file: OutputOptions.Declaration

    var plain: PageOutputOptions {
      var plain = PageOutputOptions()
      plain.file = file.plain
      return plain
    }
  }
}
