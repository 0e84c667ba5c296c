#include "CPathsCodec.h"

#include <math.h>
#include <string.h>

static const double powers[9] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};

static inline int read_varint(const uint8_t **p, const uint8_t *end, uint64_t *value) {
  uint64_t result = 0;
  int shift = 0;
  while (*p < end) {
    uint8_t byte = *(*p)++;
    result |= (uint64_t)(byte & 0x7F) << shift;
    if (!(byte & 0x80)) {
      *value = result;
      return 1;
    }
    shift += 7;
    if (shift > 63) return 0;
  }
  return 0;
}

static inline int64_t zigzag32(uint64_t u) {
  uint32_t v = (uint32_t)u;
  return (int32_t)((v >> 1) ^ (0u - (v & 1)));
}

long cpaths_decode(const uint8_t *bytes, size_t count, double *xy, size_t xy_capacity,
                   double *widths, size_t widths_capacity, size_t *points_out,
                   size_t *widths_out, double *checksum_out) {
  const uint8_t *p = bytes, *end = bytes + count;
  size_t nxy = 0, nw = 0;
  long records = 0;
  double checksum = 0;
  while (p < end) {
    uint64_t length;
    if (!read_varint(&p, end, &length) || length > (uint64_t)(end - p)) return -1;
    const uint8_t *record_end = p + length;
    const uint8_t *data = NULL, *data_end = NULL, *wdata = NULL, *wdata_end = NULL;
    uint64_t precision = 2;
    while (p < record_end) {
      uint64_t tag, value;
      if (!read_varint(&p, record_end, &tag)) return -1;
      switch (tag & 7) {
      case 0:
        if (!read_varint(&p, record_end, &value)) return -1;
        if ((tag >> 3) == 3) precision = value;
        break;
      case 5:
        if (record_end - p < 4) return -1;
        p += 4;
        break;
      case 1:
        if (record_end - p < 8) return -1;
        p += 8;
        break;
      case 2:
        if (!read_varint(&p, record_end, &value) || value > (uint64_t)(record_end - p)) return -1;
        if ((tag >> 3) == 4) { data = p; data_end = p + value; }
        if ((tag >> 3) == 5) { wdata = p; wdata_end = p + value; }
        p += value;
        break;
      default:
        return -1;
      }
    }
    if (precision > 8) return -1;
    const double scale = powers[precision];
    int64_t sums[2] = {0, 0};
    int channel = 0;
    const uint8_t *q = data;
    while (q && q < data_end) {
      uint64_t u;
      if (!read_varint(&q, data_end, &u)) return -1;
      int64_t s = sums[channel] + zigzag32(u);
      if (s < INT32_MIN || s > INT32_MAX) return -1;
      sums[channel] = s;
      if (nxy == xy_capacity) return -1;
      double v = (double)s / scale;
      xy[nxy++] = v;
      checksum += v;
      channel ^= 1;
    }
    if (channel) return -1;
    int64_t wsum = 0;
    q = wdata;
    while (q && q < wdata_end) {
      uint64_t u;
      if (!read_varint(&q, wdata_end, &u)) return -1;
      wsum += zigzag32(u);
      if (wsum < INT32_MIN || wsum > INT32_MAX) return -1;
      if (nw == widths_capacity) return -1;
      double v = (double)wsum / scale;
      widths[nw++] = v;
      checksum += v;
    }
    records++;
  }
  *points_out = nxy / 2;
  *widths_out = nw;
  *checksum_out = checksum;
  return records;
}

static inline size_t varint_size(uint64_t v) {
  size_t n = 1;
  while (v >= 0x80) { v >>= 7; n++; }
  return n;
}

static inline uint8_t *put_varint(uint8_t *p, uint64_t v) {
  while (v >= 0x80) { *p++ = (uint8_t)(v | 0x80); v >>= 7; }
  *p++ = (uint8_t)v;
  return p;
}

static inline uint32_t zz(int32_t v) { return ((uint32_t)v << 1) ^ (uint32_t)(v >> 31); }

static inline int32_t quantise(double v, double scale) { return (int32_t)round(v * scale); }

/// The packed field's payload size: deltas of the quantised values, `stride` channels.
static size_t packed_size(const double *values, size_t n, int stride, double scale) {
  int32_t previous[2] = {0, 0};
  size_t size = 0;
  for (size_t i = 0; i < n; i++) {
    int c = stride == 2 ? (int)(i & 1) : 0;
    int32_t q = quantise(values[i], scale);
    size += varint_size(zz(q - previous[c]));
    previous[c] = q;
  }
  return size;
}

static uint8_t *put_packed(uint8_t *p, const double *values, size_t n, int stride, double scale) {
  int32_t previous[2] = {0, 0};
  for (size_t i = 0; i < n; i++) {
    int c = stride == 2 ? (int)(i & 1) : 0;
    int32_t q = quantise(values[i], scale);
    p = put_varint(p, zz(q - previous[c]));
    previous[c] = q;
  }
  return p;
}

size_t cpaths_encode(const cpaths_stroke *strokes, size_t count, uint8_t *out, size_t capacity) {
  uint8_t *p = out, *end = out + capacity;
  const uint8_t head[12] = {0x0d, 0, 0, 0, 0, 0x15, 0, 0, 0x80, 0x3f, 0x18, 2};
  for (size_t s = 0; s < count; s++) {
    const cpaths_stroke *k = &strokes[s];
    const double scale = powers[k->precision];
    size_t data = packed_size(k->xy, 2 * k->points, 2, scale);
    size_t widths = packed_size(k->widths, k->width_count, 1, scale);
    uint32_t color = zz((int32_t)k->rgba);
    size_t colors = varint_size(color);
    size_t body = 12 + 1 + varint_size(data) + data + (k->width_count ? 1 + varint_size(widths) + widths : 0)
                  + 1 + varint_size(colors) + colors + 2;
    if ((size_t)(end - p) < body + 10) return 0;
    p = put_varint(p, body);
    memcpy(p, head, 12);
    p[11] = (uint8_t)k->precision;
    p += 12;
    *p++ = 0x22;
    p = put_varint(p, data);
    p = put_packed(p, k->xy, 2 * k->points, 2, scale);
    if (k->width_count) {
      *p++ = 0x2a;
      p = put_varint(p, widths);
      p = put_packed(p, k->widths, k->width_count, 1, scale);
    }
    *p++ = 0x32;
    p = put_varint(p, colors);
    p = put_varint(p, color);
    *p++ = 0x48;
    *p++ = 2;
  }
  return (size_t)(p - out);
}
