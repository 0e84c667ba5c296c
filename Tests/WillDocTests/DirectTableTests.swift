import ArgumentParser
import Foundation
import Testing

@testable import willdoc

/// Each command's table (``DirectlyParsable``) against its declarations, as swift-argument-
/// parser describes them (`--experimental-dump-help`): every option is in the table, and every
/// line the table fills gives the command swift-argument-parser gives, value for value.
@Suite struct DirectTableTests {
  /// One declared option or positional argument of a command.
  struct Declared {
    var kind: String
    var names: [String]
    var isOptional: Bool
    var isRepeating: Bool
    var allValues: [String]
  }

  /// A leaf command: its words on the command line and its declared arguments.
  struct Leaf: CustomStringConvertible {
    var path: [String]
    var declared: [Declared]
    var description: String { path.joined(separator: " ") }
    /// The options (not positional arguments), without help and version.
    var options: [Declared] {
      declared.filter {
        $0.kind != "positional"
          && !$0.names.contains(where: {
            ["--help", "-h", "--help-hidden", "--version"].contains($0)
          })
      }
    }
  }

  /// Every leaf command of `willdoc`, from the built binary's description of itself.
  static let leaves: [Leaf] = {
    guard let result = try? WillDocRunner.run(["--experimental-dump-help"]),
      let json = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        as? [String: Any],
      let root = json["command"] as? [String: Any]
    else { return [] }
    var leaves: [Leaf] = []
    func visit(_ command: [String: Any], path: [String]) {
      let subcommands = command["subcommands"] as? [[String: Any]] ?? []
      if subcommands.isEmpty {
        let arguments = command["arguments"] as? [[String: Any]] ?? []
        leaves.append(
          Leaf(
            path: path,
            declared: arguments.map { argument in
              let names = (argument["names"] as? [[String: Any]] ?? []).map { name in
                (name["kind"] as? String == "short" ? "-" : "--") + (name["name"] as? String ?? "")
              }
              return Declared(
                kind: argument["kind"] as? String ?? "", names: names,
                isOptional: argument["isOptional"] as? Bool ?? true,
                isRepeating: argument["isRepeating"] as? Bool ?? false,
                allValues: argument["allValues"] as? [String] ?? [])
            }))
      }
      for subcommand in subcommands {
        guard let name = subcommand["commandName"] as? String, name != "help" else { continue }
        visit(subcommand, path: path + [name])
      }
    }
    visit(root, path: [])
    return leaves
  }()

  /// The option names in the table of the plain arguments `declaration` declares.
  static func tableNames<Declaration: ArgumentsDeclaration>(_: Declaration.Type) -> [String] {
    Declaration.Arguments.directOptions.flatMap(\.names)
  }

  @Test func theBinaryDescribesEveryCommand() {
    #expect(Self.leaves.count >= 18, "\(Self.leaves.map(\.description))")
  }

  @Test func everyOptionOfEveryCommandIsInItsTable() throws {
    for leaf in Self.leaves {
      let (table, _) = try #require(DirectParse.table(leaf.path), "\(leaf) has no table")
      let declared = Set(leaf.options.flatMap(\.names))
      let declaration = try #require(
        table.declaration() as? any ArgumentsDeclaration.Type, "\(leaf)")
      let listed = Self.tableNames(declaration)
      #expect(Set(listed) == declared, "\(leaf)")
      #expect(listed.count == Set(listed).count, "\(leaf) lists a name twice")
    }
  }

  /// A line that gives `leaf` what it requires: a value for each positional argument and each
  /// required option.
  static func baseLine(_ leaf: Leaf) -> [String] {
    var line = leaf.path
    for (index, argument) in leaf.declared.enumerated() where !argument.isOptional {
      if argument.kind == "positional" {
        line.append("in\(index).will")
      } else if let name = argument.names.first {
        line += [name, sample(argument, name: name)]
      }
    }
    return line
  }

  /// A value `option` takes that is not its default, when one of a few forms parses.
  static func sample(_ option: Declared, name: String) -> String {
    if let last = option.allValues.last { return last }
    switch name {
    case "--by": return "90"
    case "--section", "--order": return "0"
    case "--background": return "#102030"
    case "--paper": return "a4"
    case "--tuhi-width": return "0.1:0.5"
    case "--tuhi-unit": return "10:2047"
    default: return option.names.contains("-o") || option.names.contains("-d") ? "out.will" : "2"
    }
  }

  /// What each command needs beside its required arguments to pass validation.
  static let contexts: [String: [String]] = [
    "render": ["in.will", "-o", "x.png"], "convert": ["in.will", "-d", "outdir", "--to", "inkml"],
    "reencode": ["-o", "x.will"],
    "salvage": ["-o", "x.will"], "pages rotate": ["-o", "x.will"],
    "pages reorder": ["-o", "x.will"], "pages delete": ["-o", "x.will"],
    "pages extract": ["-o", "x.will"],
  ]

  /// What each option needs beside it to pass validation.
  static let companions: [String: [String]] = [
    "--duration": ["--animate"], "--fps": ["--animate"],
  ]

  @Test func everyLineATableFillsIsTheCommandSwiftArgumentParserGives() throws {
    // The decoding limits are one group in every command: all of them in the first command,
    // one (through that command's own lifting of the group) in each other.
    let limits = Set(LimitOptions.directOptions.flatMap(\.names)).subtracting(["--max-strokes"])
    var limitsSeen = false
    let all = Set(Self.leaves.flatMap { $0.options.flatMap(\.names) })
    var compared = 0
    var comparedOptions: Set<String> = []
    var declined: [String] = []
    for leaf in Self.leaves {
      let base = Self.baseLine(leaf) + (Self.contexts[leaf.description] ?? [])
      var lines = [base]
      var refusalAdded = false
      for option in leaf.options {
        guard let name = option.names.first(where: { $0.hasPrefix("--") }),
          !option.names.contains(where: base.contains), !(limitsSeen && limits.contains(name))
        else { continue }
        let companion = Self.companions[name] ?? []
        let value = Self.sample(option, name: name)
        lines.append(base + companion + (option.kind == "flag" ? [name] : [name, value]))
        if option.kind != "flag" && !refusalAdded {
          // Attached, and a value swift-argument-parser refuses (or takes as negative).
          lines.append(base + companion + ["\(name)=\(value)"])
          lines.append(base + companion + [name, "-1x"])
          refusalAdded = true
        }
        if let short = option.names.first(where: { !$0.hasPrefix("--") }) {
          let given = option.kind == "flag" ? [short] : [short, "out.will"]
          lines.append(base + companion + given)
        }
      }
      limitsSeen = limitsSeen || leaf.options.contains { $0.names.contains("--max-parts") }
      for line in lines {
        let (table, rest) = try #require(DirectParse.table(line), "\(line)")
        let parsed = table.parseDeclared(rest)
        guard let direct = table.parse(rest) else {
          if parsed != nil { declined.append(line.joined(separator: " ")) }
          continue
        }
        let root = try #require(
          parsed, "the table takes \(line), which swift-argument-parser refuses")
        #expect(DirectParseTests.difference(direct, root) == nil, "\(line)")
        compared += 1
        // Each option on the line, by all its names.
        for option in leaf.options where option.names.contains(where: line.contains) {
          comparedOptions.formUnion(option.names)
        }
      }
    }
    // A line swift-argument-parser takes and the table leaves would cost time, not
    // correctness; none of these ordinary lines may be one.
    #expect(declined.isEmpty, "\(declined)")
    // Every option, in some command.
    #expect(all.subtracting(comparedOptions).isEmpty, "\(compared) lines compared")
  }
}
