// The C loop as a whole process, the peer of `willdoc validate` on a paths stream: read the
// file, then decode it record by record with the same C decoder the in-process benchmarks
// use, into buffers reused from record to record (so memory is the file plus the largest
// record's values). Prints the records, values and their sum.
#include <stdio.h>
#include <stdlib.h>

#include "CPathsCodec.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: c-decode-file FILE\n");
    return 2;
  }
  FILE *file = fopen(argv[1], "rb");
  if (!file) {
    perror(argv[1]);
    return 2;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  uint8_t *bytes = malloc(size > 0 ? (size_t)size : 1);
  if (!bytes || fread(bytes, 1, (size_t)size, file) != (size_t)size) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  fclose(file);

  size_t capacity = 0;
  double *xy = NULL, *widths = NULL;
  size_t position = 0, records = 0, values = 0;
  double sum = 0;
  while (position < (size_t)size) {
    // The record's length prefix, then the record with its prefix handed to the decoder.
    size_t length = 0, start = position;
    int shift = 0;
    for (;;) {
      if (position >= (size_t)size || shift > 63) return 1;
      uint8_t byte = bytes[position++];
      length |= (size_t)(byte & 0x7F) << shift;
      if (byte < 0x80) break;
      shift += 7;
    }
    if (length > (size_t)size - position) return 1;
    size_t end = position + length;
    // A record of n bytes holds at most n values.
    if (length + 1 > capacity) {
      capacity = 2 * (length + 1);
      xy = realloc(xy, capacity * sizeof(double));
      widths = realloc(widths, capacity * sizeof(double));
      if (!xy || !widths) return 2;
    }
    size_t points = 0, width_count = 0;
    double checksum = 0;
    if (cpaths_decode(bytes + start, end - start, xy, capacity, widths, capacity, &points,
                      &width_count, &checksum) != 1)
      return 1;
    records += 1;
    values += 2 * points + width_count;
    sum += checksum;
    position = end;
  }
  printf("%zu records, %zu values, sum %.6f\n", records, values, sum);
  return 0;
}
