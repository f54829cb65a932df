/* ptx_sregs.c -- special-register table and lookup. */
#include "frontend/ptx_sregs.h"

#include "frontend/ptx_table.h"

#include "frontend/ptx_types.h"

const ptx_sreg_info ptx_sreg_table[PTX_SREG_COUNT] = {
  [PTX_SREG_NONE] = {"", 0, 0, 0, 0, 0},
#define PTX_SREG(id, name, type, is_vector, count, ver, sm) \
  [PTX_SREG_##id] = {name, PTX_TYPE_##type, is_vector, count, ver, sm},
#include "frontend/ptx_sregs.def"
#undef PTX_SREG
};

static ptx_sreg sreg_find(const char *s, size_t len)
{
  /* Row 0 is PTX_SREG_NONE; the rest are sorted. */
  long i = ptx_table_find(&ptx_sreg_table[1], PTX_SREG_COUNT - 1, sizeof ptx_sreg_table[0], s, len);
  return i < 0 ? PTX_SREG_NONE : (ptx_sreg)(i + 1);
}

ptx_sreg ptx_sreg_lookup(const char *s, size_t len, unsigned *index)
{
  *index = 0;
  if (len < 2 || s[0] != '%')
    return PTX_SREG_NONE;
  ptx_sreg r = sreg_find(s, len);
  if (r != PTX_SREG_NONE && ptx_sreg_table[r].count == 0)
    return r;
  /* Numbered family: the name without its trailing digits. */
  size_t digits = 0;
  while (digits < len && s[len - 1 - digits] >= '0' && s[len - 1 - digits] <= '9')
    digits++;
  if (digits == 0 || digits > 3 || (digits > 1 && s[len - digits] == '0'))
    return PTX_SREG_NONE;
  r = sreg_find(s, len - digits);
  if (r == PTX_SREG_NONE || ptx_sreg_table[r].count == 0)
    return PTX_SREG_NONE;
  unsigned n = 0;
  for (size_t i = len - digits; i < len; i++)
    n = n * 10 + (unsigned)(s[i] - '0');
  if (n >= ptx_sreg_table[r].count)
    return PTX_SREG_NONE;
  *index = n;
  return r;
}
