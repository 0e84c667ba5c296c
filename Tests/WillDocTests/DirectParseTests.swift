import ArgumentParser
import Testing

@testable import willdoc

/// A command line that its command parses alone (``DirectParse``) gives the command the root
/// parser gives, value for value; whatever the root parser must see is left to it.
@Suite struct DirectParseTests {
  /// The command `line` parses to, with every option's value, as text.
  static func described(_ command: ParsableCommand) -> String {
    var text = ""
    dump(command, to: &text)
    return text
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
  ])
  func aCommandParsesItsLineAsTheRootParserDoes(_ line: [String]) throws {
    let root = try WillDoc.parseAsRoot(line)
    let direct = try #require(DirectParse.command(line), "\(line)")
    #expect(type(of: direct) == type(of: root))
    #expect(Self.described(direct) == Self.described(root), "\(line)")
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
