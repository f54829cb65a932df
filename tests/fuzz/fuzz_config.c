/* fuzz_config.c -- libFuzzer target for the timing model's configuration
 * parser (pipeline/tm_config*.c, the option strings of memsys/mem_parse.c
 * and the warp scheduler specs of policies/pol_sched*.c).
 *
 * The input is the text of a configuration file (up to its first NUL, as a
 * file with a NUL is refused before parsing).  It is loaded over the
 * defaults and must either load or be refused with error messages, never
 * crash, hang or leak (ASan and UBSan watch).  A configuration that loads
 * must also re-load the same: its dump loads without a message, and the
 * dump of that is the same text.
 * Build with `make fuzz` (needs clang); run as in tests/fuzz/README.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_diag.h"
#include "pipeline/tm_config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The dump of cfg as a malloc'd string. */
static char *dump_text(const tm_config *cfg)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f)
    abort();
  tm_config_dump(cfg, f);
  if (fclose(f) != 0)
    abort();
  return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const uint8_t *nul = memchr(data, '\0', size);
  size_t len = nul ? (size_t)(nul - data) : size;
  char *text = malloc(len + 1);
  if (!text)
    return 0;
  memcpy(text, data, len);
  text[len] = '\0';

  static tm_config defaults, cfg, again;
  static bool is_ready;
  if (!is_ready) {
    tm_config_defaults(&defaults);
    /* As a load names it, so that an input setting nothing compares equal. */
    memset(defaults.origin, 0, sizeof defaults.origin);
    snprintf(defaults.origin, sizeof defaults.origin, "%s", "fuzz.config");
    is_ready = true;
  }
  cfg = defaults;
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  int rc = tm_config_load_string(&cfg, text, "fuzz.config", &d);
  if (rc != 0 && (rc != PTX_EPARSE || d.n_errors == 0)) {
    fprintf(stderr, "load failed (%d) without an error message:\n%s\n", rc, ptx_diag_text(&d));
    abort();
  }
  if (rc == 0 && d.n_errors != 0) {
    fprintf(stderr, "loaded despite errors:\n%s\n", ptx_diag_text(&d));
    abort();
  }
  /* The defaults' round trip is checked once, on the first input. */
  static bool is_defaults_checked;
  bool is_defaults = memcmp(&cfg, &defaults, sizeof cfg) == 0;
  if (rc == 0 && (!is_defaults || !is_defaults_checked)) {
    is_defaults_checked |= is_defaults;
    char *dump = dump_text(&cfg);
    again = defaults;
    ptx_diag d2;
    ptx_diag_init(&d2, NULL);
    if (tm_config_load_string(&again, dump, "dump.config", &d2) != 0 || d2.n_errors ||
        d2.n_warnings) {
      fprintf(stderr, "the dump does not re-load cleanly:\n%s\n--- input:\n%s\n--- dump:\n%s\n",
              ptx_diag_text(&d2), text, dump);
      abort();
    }
    char *dump2 = dump_text(&again);
    if (strcmp(dump, dump2) != 0) {
      fprintf(stderr, "the re-loaded configuration differs:\n--- input:\n%s\n--- dump:\n%s\n"
              "--- dump of the re-load:\n%s\n", text, dump, dump2);
      abort();
    }
    if (again.n_sms != cfg.n_sms || again.max_warps_per_sm != cfg.max_warps_per_sm) {
      fprintf(stderr, "derived fields differ after the re-load\n");
      abort();
    }
    free(dump2);
    ptx_diag_free(&d2);
    free(dump);
  }
  ptx_diag_free(&d);
  free(text);
  return 0;
}
