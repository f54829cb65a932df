/* cmd_config.c -- `ptxsim config`: the timing model's GPU configuration.
 *
 * Loads a named configuration or a gpgpusim.config file (over the GTX480
 * defaults, as the timing mode does) and prints it in the config format
 * (--dump, the default), lists the named configurations (--list) or the
 * options (--options), or prints the occupancy of a kernel shape on it
 * (--occupancy).  Messages about the file (errors at FILE:LINE, the
 * ignored GPGPU-Sim options) go to stderr.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/tm_config.h"
#include "pipeline/tm_config_int.h"
#include "policies/pol_cta.h"
#include "src/cli.h"

static void list_named(FILE *out)
{
  for (size_t i = 0; i < tm_config_named_count(); i++) {
    const char *desc;
    const char *name = tm_config_named(i, &desc);
    fprintf(out, "%-10s %s\n", name, desc);
  }
}

static void list_options(FILE *out)
{
  fputs("Modelled options (GPGPU-Sim's names; -ptxsim_ ones are ptxsim's own):\n", out);
  for (size_t i = 0; i < tm_n_opts; i++) {
    const tm_opt *o = &tm_opts[i];
    if (o->kind == TM_K_SECTION)
      continue;
    fprintf(out, "  %-38s %s", o->name, o->doc);
    if (o->max) /* the range of its numbers (tm_options.def) */
      fprintf(out, " [%llu..%llu]", (unsigned long long)o->min, (unsigned long long)o->max);
    fputc('\n', out);
  }
  fputs("Other spellings accepted:\n", out);
  for (size_t i = 0; i < tm_n_aliases; i++)
    fprintf(out, "  %-38s = %s\n", tm_aliases[i].name, tm_aliases[i].canonical);
  fputs("GPGPU-Sim options accepted but not modelled:\n", out);
  for (size_t i = 0; i < tm_n_ignored; i++)
    fprintf(out, "  %s\n", tm_ignored[i]);
}

/* "THREADS,REGS[,SMEM]" -> k; false when malformed. */
static bool parse_shape(const char *s, pol_cta_kernel *k)
{
  unsigned long v[3] = {0, 0, 0};
  int n = 0;
  const char *p = s;
  while (n < 3) {
    char *end;
    if (*p < '0' || *p > '9')
      return false;
    v[n++] = strtoul(p, &end, 10);
    if (v[n - 1] > UINT32_MAX)
      return false;
    if (*end == '\0')
      break;
    if (*end != ',')
      return false;
    p = end + 1;
  }
  if (n < 2 || *p == '\0')
    return false;
  k->threads = (uint32_t)v[0];
  k->regs_per_thread = (uint32_t)v[1];
  k->smem_bytes = (uint32_t)v[2];
  return true;
}

int cmd_config(int argc, char **argv)
{
  const char *name = "gtx480";
  const char *shape = NULL;
  enum { DUMP, LIST, OPTIONS, OCCUPANCY } what = DUMP;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--config") == 0 || strcmp(a, "-c") == 0) {
      if (++i == argc)
        return cli_usage_error("config", "%s needs a name or a file", a);
      name = argv[i];
    } else if (strncmp(a, "--config=", 9) == 0) {
      name = a + 9;
    } else if (strcmp(a, "--dump") == 0) {
      what = DUMP;
    } else if (strcmp(a, "--list") == 0) {
      what = LIST;
    } else if (strcmp(a, "--options") == 0) {
      what = OPTIONS;
    } else if (strcmp(a, "--occupancy") == 0) {
      if (++i == argc)
        return cli_usage_error("config", "--occupancy needs THREADS,REGS[,SMEM]");
      shape = argv[i];
      what = OCCUPANCY;
    } else {
      return cli_usage_error("config", "unexpected argument '%s'", a);
    }
  }
  if (what == LIST) {
    list_named(stdout);
    return CLI_OK;
  }
  if (what == OPTIONS) {
    list_options(stdout);
    return CLI_OK;
  }
  pol_cta_kernel k = {0, 0, 0};
  if (what == OCCUPANCY && !parse_shape(shape, &k))
    return cli_usage_error("config", "--occupancy %s: expected THREADS,REGS[,SMEM] (numbers)",
                           shape);
  tm_config *cfg = malloc(sizeof *cfg);
  if (!cfg) {
    fputs("ptxsim: error: out of memory\n", stderr);
    return CLI_FAIL;
  }
  ptx_diag d;
  ptx_diag_init(&d, stderr);
  int rc = tm_config_load_named(cfg, name, &d);
  ptx_diag_free(&d);
  if (rc != 0) {
    free(cfg);
    return CLI_FAIL;
  }
  int status = CLI_OK;
  if (what == DUMP) {
    tm_config_dump(cfg, stdout);
  } else {
    pol_cta_limits l;
    tm_config_cta_limits(cfg, &l);
    pol_occupancy o;
    char err[256];
    if (pol_cta_occupancy(&l, &k, &o, err, sizeof err) != 0) {
      fprintf(stderr, "ptxsim: error: --occupancy %s: %s\n", shape, err);
      status = CLI_FAIL;
    } else {
      printf("%s: %u threads, %u registers per thread, %u bytes of shared memory per CTA\n",
             cfg->origin, k.threads, k.regs_per_thread, k.smem_bytes);
      pol_occupancy_print(&o, &l, stdout);
      if (o.ctas_per_sm == 0) {
        char names[96];
        pol_cta_limit_names(o.limit_mask, names, sizeof names);
        fprintf(stderr, "ptxsim: error: --occupancy %s: not one CTA fits on an SM (%s)\n", shape,
                names);
        status = CLI_FAIL;
      }
    }
  }
  free(cfg);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fputs("ptxsim: error: cannot write the output\n", stderr);
    return CLI_FAIL;
  }
  return status;
}
