#ifndef CPATHSCODEC_H
#define CPATHSCODEC_H

#include <stddef.h>
#include <stdint.h>

/// The plain C peer: decodes a paths stream (varint-framed WILL `Path` records) the way
/// InkCodec does — varint, zigzag, per-channel delta sums in 64 bits with an Int32 range check,
/// division by 10^p into doubles — into caller-owned arrays. Returns the number of records, or
/// -1 on malformed input. `xy` receives 2 doubles per point, `widths` one per stored width.
/// `points_out`/`widths_out` report how many were written. No allocation.
long cpaths_decode(const uint8_t *bytes, size_t count, double *xy, size_t xy_capacity,
                   double *widths, size_t widths_capacity, size_t *points_out,
                   size_t *widths_out, double *checksum_out);

/// One stroke for the encoder: `points` points at `xy` (2 per point), `width_count` widths
/// (0, 1 or `points`), one RGBA colour, at decimal precision `precision`.
typedef struct {
  const double *xy;
  size_t points;
  const double *widths;
  size_t width_count;
  uint32_t rgba;
  int precision;
} cpaths_stroke;

/// Encodes strokes as InkCodec does by default (fields 1, 2, 3, 4, 5, 6 and 9 = 2, packed),
/// quantising with round-half-away-from-zero before differencing. Returns the bytes written,
/// or 0 when `capacity` is too small.
size_t cpaths_encode(const cpaths_stroke *strokes, size_t count, uint8_t *out, size_t capacity);

#endif
