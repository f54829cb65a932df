/* ptx_table.c -- bisection of name-sorted tables (see ptx_table.h). */
#include "frontend/ptx_table.h"

#include <string.h>

long ptx_table_find(const void *base, size_t count, size_t stride, const char *s, size_t len)
{
  size_t lo = 0, hi = count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const char *name = *(const char *const *)((const char *)base + mid * stride);
    int c = strncmp(name, s, len);
    if (c == 0 && name[len] != '\0')
      c = 1; /* name is longer than s */
    if (c == 0)
      return (long)mid;
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return -1;
}
