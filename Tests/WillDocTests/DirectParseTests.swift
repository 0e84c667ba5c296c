import ArgumentParser
import Testing

@testable import willdoc

/// A command line that its command parses alone (``DirectParse``) gives the command the root
/// parser gives, value for value; whatever the root parser must see is left to it.
@Suite struct DirectParseTests {
  /// The command `line` parses to, with every option's value, as text.
  static func described(_ command: Any) -> String {
    var text = ""
    dump(command, to: &text)
    return text
  }

  /// The first line where the descriptions of `direct` and `root` differ, if any.
  static func difference(_ direct: Any, _ root: Any) -> String? {
    func values(_ command: Any) -> [Substring] {
      described(command).split(separator: "\n")
    }
    let (a, b) = (values(direct), values(root))
    let common = min(a.count, b.count)
    guard
      let index = (0..<common).first(where: { a[$0] != b[$0] })
        ?? (a.count == b.count ? nil : common)
    else { return nil }
    return
      "table: \(index < a.count ? a[index] : "—"); swift-argument-parser: \(index < b.count ? b[index] : "—")"
  }

  @Test(arguments: [
    ["inspect", "-q", "a.will"],
    ["inspect", "a.will", "b.will", "--max-strokes", "5"],
    ["validate", "--format", "json", "--all", "a.will"],
    ["dump", "--format", "json", "--max-total-points", "100", "a.will"],
    ["convert", "a.will", "-o", "b.uim"],
    ["convert", "a.will", "b.will", "-d", "out", "--to", "png", "-j", "2", "--force"],
    ["convert", "a.inkml", "-o", "b.inkml", "--inkml-profile", "office"],
    ["render", "a.will", "-o", "x.png", "--scale", "2", "--brush", "particle"],
    ["render", "a.will", "-o", "x.svg", "--section", "all", "--margin", "10"],
    ["reencode", "a.will", "-o", "b.will", "--container", "riff", "--drop-paints"],
    ["salvage", "a.will", "-o", "b.will"],
    ["synth", "--strokes", "3", "--seed", "7", "-o", "s.will"],
    ["part", "a.will", "--list"],
    ["diff", "a.will", "b.will", "--format", "json"],
    ["pages", "list", "a.will"],
    ["pages", "rotate", "a.will", "--section", "0", "--by", "90", "-o", "b.will"],
    ["pages", "merge", "a.will", "b.will", "-o", "c.will"],
    ["inspect", "--", "-odd-name.will"],
    ["inspect", "-"], ["inspect", "--format=json", "a.will"],
    ["convert", "a.will", "-o", "-", "--to", "uim"],
  ])
  func aCommandParsesItsLineAsTheRootParserDoes(_ line: [String]) throws {
    let declared = try WillDoc.parseAsRoot(line)
    let root = try #require((declared as? any ArgumentsDeclaration)?.plain, "\(line)")
    let direct = try #require(DirectParse.command(line), "\(line)")
    #expect(type(of: direct) == type(of: root))
    #expect(Self.difference(direct, root) == nil, "\(line)")
  }

  /// The leaf commands of swift-argument-parser's tree, each with the names that lead to it.
  static func treeLeaves(_ type: ParsableCommand.Type, _ path: [String] = [])
    -> [(path: [String], type: ParsableCommand.Type)]
  {
    let subcommands = type.configuration.subcommands
    guard !subcommands.isEmpty else { return [(path, type)] }
    return subcommands.flatMap { treeLeaves($0, path + [$0._commandName]) }
  }

  /// The tables name every leaf command as its tree does, and only those.
  @Test func theTablesNameTheTreesLeaves() {
    let leaves = Self.treeLeaves(WillDoc.self)
    #expect(leaves.count >= 18)
    #expect(
      DirectParse.tables.map(\.path).sorted { $0.lexicographicallyPrecedes($1) }
        == leaves.map(\.path).sorted { $0.lexicographicallyPrecedes($1) })
    for leaf in leaves {
      let found = DirectParse.table(leaf.path + ["a.will"])
      #expect(
        found.map { ObjectIdentifier($0.0.declaration()) } == ObjectIdentifier(leaf.type),
        "\(leaf.path)")
      #expect(found?.1 == ["a.will"], "\(leaf.path)")
    }
  }

  /// What the tables leave to the command's own parser: `--`, a repeated option, a value
  /// that starts with `-`.
  @Test(arguments: [
    ["inspect", "--", "-odd-name.will"], ["dump", "a.will", "--section", "-1"],
    ["inspect", "-q", "-q", "a.will"], ["inspect", "-qq", "a.will"],
  ])
  func aTableLeavesWhatItDoesNotCover(_ line: [String]) throws {
    let (table, rest) = try #require(DirectParse.table(line))
    #expect(table.parse(rest) == nil, "\(line)")
  }

  /// The version alone is printed as swift-argument-parser prints it; with anything else on the
  /// line, the root parser sees it.
  @Test func theVersionAloneIsTheRootParsersVersion() throws {
    let expected = try #require(DirectParse.versionLine(["--version"]))
    #expect(expected.hasPrefix("willdoc "))
    do {
      _ = try WillDoc.parseAsRoot(["--version"])
      Issue.record("the root parser ran --version as a command")
    } catch {
      #expect(WillDoc.exitCode(for: error) == .success)
      #expect(WillDoc.message(for: error) == expected)
    }
    for line in [["inspect", "--version"], ["--version", "a.will"], ["--versio"], []] {
      #expect(DirectParse.versionLine(line) == nil, "\(line)")
    }
  }

  @Test(arguments: [
    [], ["--help"], ["--version"], ["help", "inspect"], ["inspect", "--help"],
    ["inspect", "-h"], ["inspect", "-qh", "a.will"], ["inspect", "help"],
    ["render", "a.will", "--help-hidden"], ["--generate-completion-script", "bash"],
    ["pages"], ["pages", "--help"], ["inspect"], ["inspect", "--bogus", "a.will"],
    ["render", "a.will", "--scale", "big", "-o", "x.png"], ["nonsense", "a.will"],
    ["--experimental-dump-help"],
  ])
  func whatTheRootParserMustSeeIsLeftToIt(_ line: [String]) {
    #expect(DirectParse.command(line) == nil, "\(line)")
  }
}
