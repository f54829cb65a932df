/* fuzz_parse.c -- libFuzzer target for the parser and validator.
 *
 * Any input must give either a module or messages, never a crash, a hang
 * or a leak (ASan and UBSan watch).  A module that parses must also
 * survive the round trip: its canonical dump parses again to an equal
 * module.  Build with `make fuzz` (needs clang); run as in tests/fuzz/README.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "frontend/ptx_dump.h"
#include "frontend/ptx_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ptx_module *m = NULL;
  if (ptx_parse_string((const char *)data, size, "fuzz.ptx", &d, &m) == 0) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f) {
      if (ptx_dump(m, f) != 0)
        abort();
      fclose(f);
      ptx_module *m2 = NULL;
      ptx_diag d2;
      ptx_diag_init(&d2, NULL);
      if (ptx_parse_string(text, len, "dump.ptx", &d2, &m2) != 0) {
        fprintf(stderr, "dump does not parse:\n%s\n%s\n", ptx_diag_text(&d2), text);
        abort();
      }
      char why[256];
      if (!ptx_module_equal(m, m2, why, sizeof why)) {
        fprintf(stderr, "round trip differs: %s\n%s\n", why, text);
        abort();
      }
      ptx_module_free(m2);
      ptx_diag_free(&d2);
      free(text);
    }
    ptx_module_free(m);
  }
  ptx_diag_free(&d);
  return 0;
}
