#if canImport(CELF)
  import CELF
  import Glibc

  /// The executable's zero-filled data (`.bss`): about 670 KB, most of it the lazy caches
  /// of Swift type metadata and witness tables. A run fills them one at a time, and each first
  /// write to a page was a page fault of its own (about 100 in a one-note `convert`);
  /// ``mapAll()`` maps the whole range in one call instead.
  enum ZeroFilledData {
    /// The page-aligned address ranges of the running executable's zero-filled data.
    static func ranges() -> [Range<UInt>] {
      let table = getauxval(UInt(AT_PHDR))
      guard let first = UnsafePointer<Elf64_Phdr>(bitPattern: table) else { return [] }
      let headers = UnsafeBufferPointer(start: first, count: Int(getauxval(UInt(AT_PHNUM))))
      // Where the executable was loaded: the table's address less its address in the file.
      let bias = headers.first { $0.p_type == PT_PHDR }.map { table &- UInt($0.p_vaddr) } ?? 0
      let page = UInt(getpagesize())
      return headers.compactMap { header in
        guard header.p_type == PT_LOAD, header.p_flags & UInt32(PF_W) != 0,
          header.p_memsz > header.p_filesz
        else { return nil }
        let segment = bias &+ UInt(header.p_vaddr)
        // The page holding the last bytes from the file is file-backed: start after it.
        let start = (segment &+ UInt(header.p_filesz) &+ page - 1) & ~(page - 1)
        let end = (segment &+ UInt(header.p_memsz) &+ page - 1) & ~(page - 1)
        return end > start ? start..<end : nil
      }
    }

    /// Maps every page of ``ranges()`` now (`MADV_POPULATE_WRITE`). Returns false where the
    /// kernel cannot (before Linux 5.14): the pages are then mapped at first use, as before.
    @discardableResult
    static func mapAll() -> Bool {
      ranges().allSatisfy { range in
        madvise(
          UnsafeMutableRawPointer(bitPattern: range.lowerBound), Int(range.count),
          MADV_POPULATE_WRITE) == 0
      }
    }
  }
#endif
