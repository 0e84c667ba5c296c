import ArgumentParser

/// `willdoc pages …`: page tools on the sections of a document.
struct Pages: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pages",
    abstract: "List, extract, delete, reorder, rotate, split and merge pages (sections).",
    discussion: """
      A page is a section of a WILL package, numbered from 0 as --section counts them in the \
      other commands; lists take ranges (0,2-3). Pages move whole: stroke bytes never change. \
      The result is read back before it is written; -o never replaces an existing file without \
      --force, nor the input without --in-place. A RIFF or raw file can be listed and merged, \
      not edited; UIM and InkML files are refused (convert them first). In full: \
      docs/cli.md#pages.
      """,
    subcommands: [
      List.Declaration.self, Extract.Declaration.self, Delete.Declaration.self,
      Reorder.Declaration.self, Rotate.Declaration.self, Split.Declaration.self,
      Merge.Declaration.self,
    ]
  )
}
