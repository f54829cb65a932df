/* an_cli.c -- options, module loading and printing shared by `ptxsim cfg`
 * and `ptxsim liveness` (see an_cli.h).  Nothing here runs per simulated
 * instruction: it all happens once per command. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_dump.h"
#include "frontend/ptx_json.h"
#include "frontend/ptx_parse.h"
#include "src/an_cli.h"
#include "src/cli.h"

static const char *const format_names[] = {
  [AN_FMT_TEXT] = "text", [AN_FMT_DOT] = "dot", [AN_FMT_JSON] = "json", [AN_FMT_CSV] = "csv",
};


/* "text, dot or json" */
static void list_formats(unsigned formats, char *buf, size_t size)
{
  unsigned n = 0, total = 0;
  for (unsigned f = 0; f < sizeof format_names / sizeof format_names[0]; f++)
    total += (formats >> f) & 1;
  size_t len = 0;
  buf[0] = 0;
  for (unsigned f = 0; f < sizeof format_names / sizeof format_names[0]; f++)
    if ((formats >> f) & 1) {
      n++;
      len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s%s",
                              n == 1 ? "" : n == total ? " or " : ", ", format_names[f]);
    }
}

int an_cli_parse(const char *cmd, int argc, char **argv, unsigned formats, bool has_pp_interval,
                 an_cli_opts *o)
{
  memset(o, 0, sizeof *o);
  bool only_files = false;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *v = NULL;
    int m;
    if (only_files || a[0] != '-' || !a[1]) {
      if (o->path)
        return cli_usage_error(cmd, "%s takes one PTX file ('%s' and '%s' given)", cmd, o->path,
                               a);
      o->path = a;
    } else if (strcmp(a, "--") == 0) {
      only_files = true;
    } else if (strcmp(a, "--all") == 0) {
      o->all_funcs = true;
    } else if ((m = cli_option_value(argc, argv, &i, "-k", "--kernel", &v)) != 0) {
      if (m < 0 || !*v)
        return cli_usage_error(cmd, "%s needs a kernel name", a);
      o->kernel = v;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--format", &v)) != 0) {
      bool found = false;
      for (unsigned f = 0; m > 0 && f < sizeof format_names / sizeof format_names[0]; f++)
        if (((formats >> f) & 1) && strcmp(v, format_names[f]) == 0) {
          o->format = (an_format)f;
          found = true;
        }
      if (!found) {
        char list[64];
        list_formats(formats, list, sizeof list);
        if (m < 0)
          return cli_usage_error(cmd, "--format needs %s", list);
        return cli_usage_error(cmd, "unknown format '%s' (--format takes %s)", v, list);
      }
    } else if (has_pp_interval &&
               (m = cli_option_value(argc, argv, &i, NULL, "--pp-interval", &v)) != 0) {
      char *end = NULL;
      errno = 0;
      unsigned long long k = m > 0 && v[0] >= '0' && v[0] <= '9' ? strtoull(v, &end, 10) : 0;
      if (m < 0 || !end || *end || errno || k == 0 || k > UINT32_MAX)
        return cli_usage_error(cmd, "--pp-interval needs a whole number of instructions, "
                                    "1 to %u (got '%s')",
                               (unsigned)UINT32_MAX, m > 0 ? v : "");
      o->pp_interval = (uint32_t)k;
    } else {
      return cli_usage_error(cmd, "unknown option '%s'", a);
    }
  }
  if (!o->path)
    return cli_usage_error(cmd, "no input file");
  return CLI_OK;
}

static bool is_reported(const an_cli_opts *o, const ptx_func *fn)
{
  if (!fn->has_body || fn->is_prototype)
    return false;
  if (o->kernel)
    return strcmp(fn->sym.name->str, o->kernel) == 0;
  return fn->is_entry || o->all_funcs;
}

int an_cli_load(const an_cli_opts *o, an_cli_job *job)
{
  memset(job, 0, sizeof *job);
  ptx_diag d;
  ptx_diag_init(&d, stderr);
  int rc = ptx_parse_file(o->path, &d, &job->m);
  ptx_diag_free(&d);
  if (rc != 0)
    return CLI_FAIL;
  job->funcs = malloc(sizeof *job->funcs * (job->m->n_funcs ? job->m->n_funcs : 1));
  if (!job->funcs) {
    fputs("ptxsim: error: out of memory\n", stderr);
    return CLI_FAIL;
  }
  for (uint32_t i = 0; i < job->m->n_funcs; i++)
    if (is_reported(o, job->m->funcs[i]))
      job->funcs[job->n_funcs++] = job->m->funcs[i];
  if (o->kernel && job->n_funcs == 0) {
    fprintf(stderr, "%s: error: no kernel or function with a body named '%s'", o->path,
            o->kernel);
    unsigned n = 0;
    for (uint32_t i = 0; i < job->m->n_funcs; i++) {
      const ptx_func *fn = job->m->funcs[i];
      if (fn->is_entry && fn->has_body)
        fprintf(stderr, "%s%s", n++ ? ", " : "; the kernels are: ", fn->sym.name->str);
    }
    fputs(n ? "\n" : " (the module has no kernels)\n", stderr);
    return CLI_FAIL;
  }
  return CLI_OK;
}

void an_cli_job_free(an_cli_job *job)
{
  free(job->funcs);
  ptx_module_free(job->m);
  memset(job, 0, sizeof *job);
}

const char *an_cli_func_kind(const ptx_func *fn)
{
  return fn->is_entry ? "kernel" : "function";
}

char *an_cli_insn_text(const ptx_insn *in)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f)
    return NULL;
  ptx_dump_insn(in, f);
  if (fclose(f) != 0) {
    free(buf);
    return NULL;
  }
  return buf;
}

int an_cli_ptxas_regs(const char *path, const char *name)
{
  const char *slash = strrchr(path, '/');
  const char *base = slash ? slash + 1 : path;
  size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
  char table[4096];
  if (dir_len + sizeof "PTXAS-REGS.txt" > sizeof table)
    return -1;
  memcpy(table, path, dir_len);
  memcpy(table + dir_len, "PTXAS-REGS.txt", sizeof "PTXAS-REGS.txt");
  FILE *f = fopen(table, "r");
  if (!f)
    return -1;
  char line[1024], file[256], kernel[512], sm[32];
  int regs = -1, n;
  while (regs < 0 && fgets(line, sizeof line, f))
    if (line[0] != '#' && sscanf(line, "%255s %511s %31s %d", file, kernel, sm, &n) == 4 &&
        strcmp(file, base) == 0 && strcmp(kernel, name) == 0 && n >= 0)
      regs = n;
  fclose(f);
  return regs;
}

static void print_reg(const an_func *a, uint32_t r, bool json, bool first, FILE *out)
{
  char name[128];
  an_reg_name(a, r, name, sizeof name);
  if (!first)
    fputs(json ? "," : " ", out);
  if (json)
    ptx_json_string(out, name);
  else
    fputs(name, out);
}

void an_print_set(const an_func *a, const uint64_t *set, bool json, FILE *out)
{
  fputc(json ? '[' : '{', out);
  bool first = true;
  for (uint32_t w = 0; w < a->words; w++)
    for (uint64_t bits = set[w]; bits; bits &= bits - 1) {
      print_reg(a, w * 64 + (uint32_t)__builtin_ctzll(bits), json, first, out);
      first = false;
    }
  fputc(json ? ']' : '}', out);
}

void an_print_regs(const an_func *a, const uint32_t *regs, uint32_t n, bool json, FILE *out)
{
  /* Lists are short (an instruction's operands): select in order. */
  fputc(json ? '[' : '{', out);
  uint32_t last = 0;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t next = AN_NONE;
    for (uint32_t j = 0; j < n; j++)
      if ((k == 0 || regs[j] > last) && (next == AN_NONE || regs[j] < next))
        next = regs[j];
    if (next == AN_NONE)
      break;
    print_reg(a, next, json, k == 0, out);
    last = next;
  }
  fputc(json ? ']' : '}', out);
}

void an_print_index(uint32_t x, bool json, FILE *out)
{
  if (x == AN_NONE)
    fputs(json ? "null" : "-", out);
  else
    fprintf(out, "%u", x);
}
