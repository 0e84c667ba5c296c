/* The running program's ELF program headers, found through the auxiliary vector (Linux). */
#include <elf.h>
#include <sys/auxv.h>
