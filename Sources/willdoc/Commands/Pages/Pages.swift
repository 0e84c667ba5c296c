import ArgumentParser

/// `willdoc pages …`: page tools on the sections of a document.
struct Pages: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List, extract, delete, reorder, rotate, split and merge pages (sections).",
    discussion: """
      A page is a section of a WILL package, numbered from 0 as --section counts them in the \
      other commands; lists take ranges (0,2-3). Pages move whole: every stroke keeps its \
      bytes, a turned page gets a transform around its content, and each page keeps its \
      images and other parts. The result is a package, read back and checked before it is \
      written; -o never replaces an existing file without --force, nor the input without \
      --in-place. A RIFF or raw file holds one page and no sections: it can be listed and \
      merged (as a page of its own), not edited. UIM and InkML files are refused: convert \
      them to WILL 2 first (willdoc convert).
      """,
    subcommands: [
      List.self, Extract.self, Delete.self, Reorder.self, Rotate.self, Split.self, Merge.self,
    ]
  )
}
