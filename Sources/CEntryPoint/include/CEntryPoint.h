#ifndef C_ENTRY_POINT_H
#define C_ENTRY_POINT_H

/// Faults in, in one system call per run of pages, the pages a static position-independent
/// `willdoc` writes before `main`: those its relocations write, then its zero-initialised data.
/// `willdoc_entry` calls it before glibc's `_start`; it does nothing in any other link.
void willdoc_populate_written_pages(void);

#endif
