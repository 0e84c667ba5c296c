#include <zlib.h>
/* deflateInit2/inflateInit2 are macros, invisible to Swift. */
static inline int czlib_deflateInit2(z_streamp s, int level, int windowBits, int memLevel) {
    return deflateInit2(s, level, Z_DEFLATED, windowBits, memLevel, Z_DEFAULT_STRATEGY);
}
static inline int czlib_inflateInit2(z_streamp s, int windowBits) { return inflateInit2(s, windowBits); }
