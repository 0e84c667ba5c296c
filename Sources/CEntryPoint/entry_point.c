// The entry point of the release willdoc when it is linked as a static position-independent
// executable (Tools/link/lld-static-c-libraries passes `-e willdoc_entry` then). It faults in
// the pages the start-up writes before glibc's `_start` runs: glibc's relocation of the
// executable writes 47,000 pointers on 150 pages, and the first touch of each of those pages,
// and of each page of zero-initialised data, was a page fault of its own, 1 to 2 µs each in a
// virtual machine. `madvise(MADV_POPULATE_WRITE)` (Linux 5.14) does the same work for a run
// of pages in one call, in about half the time. On an older kernel it fails and changes
// nothing: the pages fault in one by one, as before.
//
// This code runs before the executable is relocated and before thread-local storage exists:
// it may only reach its data through addresses relative to the instruction (hidden symbols),
// call no function of the C library, and use no stack protector.

#include "CEntryPoint.h"

#if defined(__linux__) && defined(__x86_64__)

#include <elf.h>
#include <stddef.h>
#include <stdint.h>

// Defined by the linker.
extern const Elf64_Dyn _DYNAMIC[] __attribute__((visibility("hidden")));
extern const Elf64_Ehdr __ehdr_start __attribute__((visibility("hidden")));
extern char __bss_start[] __attribute__((visibility("hidden")));
extern char _end[] __attribute__((visibility("hidden")));

#ifndef DT_RELRSZ
#define DT_RELRSZ 35
#endif
#ifndef DT_RELR
#define DT_RELR 36
#endif

enum { page = 4096, madviseCall = 28, populateWrite = 23 };

/// Zero-initialised data above this size is left to fault in page by page: populating it all
/// would cost more than touching the few pages a run uses.
static const uintptr_t largestPopulatedZeroData = 4 << 20;

#define ENTRY_CODE __attribute__((no_stack_protector, no_sanitize("address", "undefined")))

/// `madvise(first, end - first, MADV_POPULATE_WRITE)`, its result ignored.
ENTRY_CODE static void populate(uintptr_t first, uintptr_t end) {
  long result;
  __asm__ volatile("syscall"
                   : "=a"(result)
                   : "a"(madviseCall), "D"(first), "S"(end - first), "d"(populateWrite)
                   : "rcx", "r11", "memory");
  (void)result;
}

ENTRY_CODE static uintptr_t pageStart(uintptr_t address) { return address & ~(uintptr_t)(page - 1); }

ENTRY_CODE static uintptr_t pageEnd(uintptr_t address) { return pageStart(address + page - 1); }

ENTRY_CODE void willdoc_populate_written_pages(void) {
  uintptr_t base = (uintptr_t)&__ehdr_start;
  const uint64_t *relocations = NULL;
  size_t count = 0;
  for (const Elf64_Dyn *entry = _DYNAMIC; entry->d_tag != DT_NULL; entry++) {
    if (entry->d_tag == DT_RELR) relocations = (const uint64_t *)(base + entry->d_un.d_ptr);
    if (entry->d_tag == DT_RELRSZ) count = entry->d_un.d_val / sizeof(uint64_t);
  }
  // DT_RELR: an even entry is the address of one relocated word; an odd entry is a bitmap of
  // the 63 words after the last address. Each span is widened to whole pages, and spans that
  // touch are merged into one call.
  uintptr_t runStart = 0, runEnd = 0, next = 0;
  for (size_t index = 0; relocations != NULL && index < count; index++) {
    uint64_t entry = relocations[index];
    uintptr_t first, end;
    if ((entry & 1) == 0) {
      first = base + entry;
      end = first + 8;
    } else {
      first = next;
      end = next + 63 * 8;
    }
    next = end;
    first = pageStart(first);
    end = pageEnd(end);
    if (runEnd != 0 && first <= runEnd) {
      if (end > runEnd) runEnd = end;
      continue;
    }
    if (runEnd != 0) populate(runStart, runEnd);
    runStart = first;
    runEnd = end;
  }
  if (runEnd != 0) populate(runStart, runEnd);
  uintptr_t zeroStart = pageStart((uintptr_t)__bss_start), zeroEnd = pageEnd((uintptr_t)_end);
  if (zeroEnd > zeroStart && zeroEnd - zeroStart <= largestPopulatedZeroData) {
    populate(zeroStart, zeroEnd);
  }
}

// The entry point: the kernel's registers and stack as `_start` expects them (the stack
// pointer at `argc`, `rdx` the loader's finaliser), kept across the call.
__asm__(".text\n"
        ".globl willdoc_entry\n"
        ".type willdoc_entry, @function\n"
        "willdoc_entry:\n"
        "  push %rdx\n"
        "  sub $8, %rsp\n"
        "  call willdoc_populate_written_pages\n"
        "  add $8, %rsp\n"
        "  pop %rdx\n"
        "  jmp _start\n"
        ".size willdoc_entry, . - willdoc_entry\n");

#else

void willdoc_populate_written_pages(void) {}

#endif
