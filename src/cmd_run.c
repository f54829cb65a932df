/* cmd_run.c -- `ptxsim run`: load a module, set up device buffers from the
 * --arg list, launch one kernel, write the buffers marked out= and print
 * statistics.
 *
 * Everything goes through the public interface (include/ptxsim.h); the
 * front end is only consulted on error paths, to name a parameter in a
 * message (the interface reports parameters by index, size and type).
 * Output files are written only after a launch that succeeded.  Exit
 * status: 0 success; 1 bad PTX, an argument that does not fit the kernel,
 * an unreadable or unwritable file, or a launch that failed (fault, trap,
 * deadlock, instruction limit); 2 a usage error.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "frontend/ptx_json.h"
#include "frontend/ptx_parse.h"
#include "ptxsim.h"
#include "src/cli.h"
#include "src/report_cli.h"
#include "src/run_args.h"

typedef enum run_stats_mode { RUN_STATS_TEXT, RUN_STATS_JSON, RUN_STATS_NONE } run_stats_mode;

typedef struct run_opts {
  const char *path;
  const char *kernel; /* NULL: the module's only kernel */
  ptxsim_dim3 grid, block;
  bool has_grid, has_block;
  uint64_t shared_bytes;
  run_stats_mode stats;
  bool has_max_insns;
  uint64_t max_insns;
  bool has_threads;
  uint64_t threads;             /* --threads (0: every host core) */
  bool is_timing;     /* --mode timing, or --config or --option without --mode */
  bool has_mode;      /* --mode was given */
  const char *config; /* --config NAME|FILE */
  const char *device; /* --device NAME: the device profile */
  const char **config_options; /* --option -NAME=VALUE, in order */
  size_t n_config_options;
  cli_progress progress; /* --progress */
  run_arg *args;
  size_t n_args;
  report_cli rep;     /* --report, --trace and their companions */
  /* --preempt-by: a second kernel that preempts this one (timing mode). */
  const char *p_kernel;
  ptxsim_dim3 p_grid, p_block;
  bool has_p_grid, has_p_block;
  uint64_t p_shared, p_at, p_sms;
  run_arg *p_args;
  size_t n_p_args;
} run_opts;

/* A device buffer made for a buf: argument. */
typedef struct run_buf {
  ptxsim_devptr addr;
  uint64_t bytes; /* what in= or BYTES asked for; at least 1 is allocated */
} run_buf;

/* One launch's kernel and arguments: the --arg set, or the --preempt-arg
 * set (swapped into run_ctx while it is checked and set up). */
typedef struct run_set {
  const char *kernel;
  const run_arg *args;
  size_t n_args;
  struct run_buf *bufs;
  const void **arg_ptrs;
} run_set;

typedef struct run_ctx {
  const run_opts *o;
  const char *kernel;
  const run_arg *args;
  size_t n_args;
  ptxsim_module *module;
  ptxsim_device *dev;
  ptx_module *ir; /* the front end's copy, parsed only to name parameters */
  run_buf *bufs;  /* one per argument (unused for scalars) */
  const void **arg_ptrs;
  double wall_seconds;
  FILE *trace;    /* --trace masks: where it goes while the launch runs */
  run_set second; /* --preempt-by's, while the first is in the fields above */
} run_ctx;

/* ---- options ---------------------------------------------------------- */


static int parse_options(int argc, char **argv, run_opts *o)
{
  char err[512];
  bool only_files = false;
  o->args = calloc((size_t)argc + 1, sizeof *o->args);
  o->config_options = calloc((size_t)argc + 1, sizeof *o->config_options);
  o->p_args = calloc((size_t)argc + 1, sizeof *o->p_args);
  if (!o->args || !o->config_options || !o->p_args) {
    fputs("ptxsim: error: out of memory\n", stderr);
    return CLI_FAIL;
  }
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *v = NULL;
    int m;
    if (only_files || a[0] != '-' || !a[1]) {
      if (o->path)
        return cli_usage_error("run", "run takes one PTX file ('%s' and '%s' given)", o->path,
                               a);
      o->path = a;
      continue;
    }
    if (strcmp(a, "--") == 0) {
      only_files = true;
    } else if ((m = cli_option_value(argc, argv, &i, "-k", "--kernel", &v)) != 0) {
      if (m < 0)
        return cli_usage_error("run", "%s needs a kernel name", a);
      o->kernel = v;
    } else if ((m = cli_option_value(argc, argv, &i, "-g", "--grid", &v)) != 0 ||
               (m = cli_option_value(argc, argv, &i, "-b", "--block", &v)) != 0) {
      bool is_grid = a[1] == 'g' || a[2] == 'g';
      if (m < 0)
        return cli_usage_error("run", "%s needs X[,Y[,Z]]", a);
      if (run_parse_dim3(v, is_grid ? "grid" : "block", is_grid ? &o->grid : &o->block, err,
                         sizeof err))
        return cli_usage_error("run", "%s", err);
      *(is_grid ? &o->has_grid : &o->has_block) = true;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--shared", &v)) != 0) {
      if (m < 0 || run_parse_count(v, true, &o->shared_bytes) || o->shared_bytes > SIZE_MAX)
        return cli_usage_error("run", "--shared needs a byte count (e.g. 4096, 0x1000, 48K)");
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--stats", &v)) != 0) {
      if (m > 0 && strcmp(v, "text") == 0)
        o->stats = RUN_STATS_TEXT;
      else if (m > 0 && strcmp(v, "json") == 0)
        o->stats = RUN_STATS_JSON;
      else if (m > 0 && strcmp(v, "none") == 0)
        o->stats = RUN_STATS_NONE;
      else
        return cli_usage_error("run", "--stats takes text, json or none");
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--mode", &v)) != 0) {
      if (m > 0 && strcmp(v, "timing") == 0)
        o->is_timing = true;
      else if (m > 0 && strcmp(v, "functional") == 0)
        o->is_timing = false;
      else
        return cli_usage_error("run", "--mode takes functional or timing");
      o->has_mode = true;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--progress", &v)) != 0) {
      if (m < 0 || cli_parse_progress(v, &o->progress) != 0)
        return cli_usage_error("run", "--progress takes auto, always or never");
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--config", &v)) != 0) {
      if (m < 0)
        return cli_usage_error("run", "--config needs a configuration name or file");
      o->config = v;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--device", &v)) != 0) {
      if (m < 0)
        return cli_usage_error("run", "--device needs a device name");
      if (cli_device_profile("run", v) != CLI_OK)
        return CLI_USAGE;
      o->device = v;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--option", &v)) != 0) {
      if (m < 0 || v[0] != '-' || !strchr(v, '='))
        return cli_usage_error("run", "--option needs -NAME=VALUE (e.g. -gpgpu_n_clusters=4)");
      o->config_options[o->n_config_options++] = v;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--max-instructions", &v)) != 0) {
      if (m < 0 || run_parse_count(v, false, &o->max_insns))
        return cli_usage_error("run", "--max-instructions needs a number (0: no limit)");
      o->has_max_insns = true;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--threads", &v)) != 0) {
      if (m < 0 || run_parse_count(v, false, &o->threads) || o->threads > 4096)
        return cli_usage_error("run", "--threads needs a number of host threads, at most 4096 "
                                      "(0: one per core)");
      o->has_threads = true;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--arg", &v)) != 0) {
      if (m < 0)
        return cli_usage_error("run", "--arg needs TYPE:VALUE or buf:...");
      if (run_parse_arg(v, &o->args[o->n_args], err, sizeof err))
        return cli_usage_error("run", "%s", err);
      o->n_args++;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--preempt-by", &v)) != 0) {
      if (m < 0)
        return cli_usage_error("run", "--preempt-by needs a kernel name");
      o->p_kernel = v;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--preempt-grid", &v)) != 0 ||
               (m = cli_option_value(argc, argv, &i, NULL, "--preempt-block", &v)) != 0) {
      bool is_grid = strncmp(a, "--preempt-grid", 14) == 0;
      if (m < 0)
        return cli_usage_error("run", "%s needs X[,Y[,Z]]", a);
      if (run_parse_dim3(v, is_grid ? "grid" : "block", is_grid ? &o->p_grid : &o->p_block, err,
                         sizeof err))
        return cli_usage_error("run", "%s", err);
      *(is_grid ? &o->has_p_grid : &o->has_p_block) = true;
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--preempt-shared", &v)) != 0) {
      if (m < 0 || run_parse_count(v, true, &o->p_shared) || o->p_shared > SIZE_MAX)
        return cli_usage_error("run", "--preempt-shared needs a byte count");
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--preempt-at", &v)) != 0) {
      if (m < 0 || run_parse_count(v, false, &o->p_at))
        return cli_usage_error("run", "--preempt-at needs a cycle");
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--preempt-sms", &v)) != 0) {
      if (m < 0 || run_parse_count(v, false, &o->p_sms) || o->p_sms > UINT32_MAX)
        return cli_usage_error("run", "--preempt-sms needs a number of SMs (0: all)");
    } else if ((m = cli_option_value(argc, argv, &i, NULL, "--preempt-arg", &v)) != 0) {
      if (m < 0)
        return cli_usage_error("run", "--preempt-arg needs TYPE:VALUE or buf:...");
      if (run_parse_arg(v, &o->p_args[o->n_p_args], err, sizeof err))
        return cli_usage_error("run", "%s", err);
      o->n_p_args++;
    } else if ((m = report_cli_option("run", argc, argv, &i, &o->rep)) != 0) {
      if (m != 1)
        return m;
    } else {
      return cli_usage_error("run", "unknown option '%s'", a);
    }
  }
  if (report_cli_check("run", &o->rep) != CLI_OK)
    return CLI_USAGE;
  if (!o->path)
    return cli_usage_error("run", "no PTX file given");
  if (!o->has_grid)
    return cli_usage_error("run", "the grid size is missing (-g X[,Y[,Z]])");
  if (!o->has_block)
    return cli_usage_error("run", "the block size is missing (-b X[,Y[,Z]])");
  /* A configuration means timing mode, unless --mode said otherwise. */
  if ((o->config || o->n_config_options) && !o->has_mode)
    o->is_timing = true;
  if ((o->config || o->n_config_options) && !o->is_timing)
    return cli_usage_error("run", "--config and --option set up timing mode, not --mode "
                                  "functional");
  bool has_p = o->has_p_grid || o->has_p_block || o->n_p_args || o->p_at || o->p_sms ||
               o->p_shared;
  if (has_p && !o->p_kernel)
    return cli_usage_error("run", "--preempt-grid, -block, -arg, -shared, -at and -sms go with "
                                  "--preempt-by KERNEL");
  if (o->p_kernel) {
    if (!o->is_timing)
      return cli_usage_error("run", "--preempt-by needs timing mode (--mode timing)");
    if (!o->has_p_grid || !o->has_p_block)
      return cli_usage_error("run", "--preempt-by needs --preempt-grid and --preempt-block");
  }
  return CLI_OK;
}

/* ---- messages --------------------------------------------------------- */

/* Prints a library message, ending it with a newline if it has none. */
static void print_message(const char *msg)
{
  size_t n = strlen(msg);
  fputs(msg, stderr);
  if (n && msg[n - 1] != '\n')
    fputc('\n', stderr);
}

/* Prints a device's message; those without a GNU "FILE:LINE:COL: error:"
 * prefix (bad launch configurations) get "ptxsim: error: ". */
static void print_device_error(const ptxsim_device *d, int status)
{
  const char *msg = ptxsim_device_error(d);
  if (!*msg)
    msg = ptxsim_status_string(status);
  if (!strstr(msg, "error: "))
    fputs("ptxsim: error: ", stderr);
  print_message(msg);
}

/* "parameter 3 'vecadd_param_3' (.u32, 4 bytes)"; the name comes from a
 * second parse of the file, made at most once and only for messages. */
static const char *describe_param(run_ctx *c, size_t i, char *buf, size_t len)
{
  size_t size = 0;
  const char *type = "?";
  if (ptxsim_kernel_param_info(c->dev, c->kernel, i, &size, &type) != 0)
    type = "?";
  if (!c->ir) {
    ptx_diag d;
    ptx_diag_init(&d, NULL);
    if (ptx_parse_file(c->o->path, &d, &c->ir) != 0)
      c->ir = NULL;
    ptx_diag_free(&d);
  }
  const ptx_func *f = c->ir ? ptx_module_find_func(c->ir, c->kernel) : NULL;
  if (f && i < f->n_params)
    snprintf(buf, len, "parameter %zu '%s' (.%s, %zu bytes)", i, f->params[i]->sym.name->str,
             type, size);
  else
    snprintf(buf, len, "parameter %zu (.%s, %zu bytes)", i, type, size);
  return buf;
}

/* ---- the kernel and its arguments -------------------------------------- */

static void list_kernels(const ptxsim_module *m, FILE *out)
{
  size_t n = ptxsim_module_kernel_count(m);
  for (size_t i = 0; i < n; i++)
    fprintf(out, "%s%s", i ? ", " : "", ptxsim_module_kernel_name(m, i));
  fputc('\n', out);
}

static int select_kernel(run_ctx *c)
{
  size_t n = ptxsim_module_kernel_count(c->module);
  if (c->o->kernel) {
    for (size_t i = 0; i < n; i++)
      if (strcmp(ptxsim_module_kernel_name(c->module, i), c->o->kernel) == 0) {
        c->kernel = c->o->kernel;
        return CLI_OK;
      }
    fprintf(stderr, "%s: error: no kernel named '%s'", c->o->path, c->o->kernel);
    if (n) {
      fputs("; the kernels are: ", stderr);
      list_kernels(c->module, stderr);
    } else {
      fputs(" (the module has no kernels)\n", stderr);
    }
    return CLI_FAIL;
  }
  if (n == 1) {
    c->kernel = ptxsim_module_kernel_name(c->module, 0);
    return CLI_OK;
  }
  if (n == 0) {
    fprintf(stderr, "%s: error: the module has no kernels (.entry with a body) to run\n",
            c->o->path);
    return CLI_FAIL;
  }
  fprintf(stderr, "ptxsim: error: %s has %zu kernels; choose one with -k: ", c->o->path, n);
  list_kernels(c->module, stderr);
  return CLI_USAGE;
}

/* Whether a scalar of kind ak fits a parameter of kind pk (sizes equal):
 * integers go to integer parameters, floats to float ones; bN on either
 * side takes anything of its size. */
static bool kinds_fit(run_kind ak, run_kind pk)
{
  if (ak == RUN_KIND_BITS || pk == RUN_KIND_BITS)
    return true;
  return (ak == RUN_KIND_FLOAT) == (pk == RUN_KIND_FLOAT);
}

/* Checks the argument list against the kernel's parameters. */
static int check_args(run_ctx *c)
{
  char what[256];
  int n_params = ptxsim_module_kernel_param_count(c->module, c->kernel);
  if (n_params < 0) {
    fprintf(stderr, "ptxsim: error: %s: %s\n", c->kernel, ptxsim_status_string(n_params));
    return CLI_FAIL;
  }
  size_t np = (size_t)n_params, na = c->n_args;
  if (na < np) {
    fprintf(stderr, "ptxsim: error: kernel %s takes %zu parameters but %zu --arg %s given: %s "
                    "has no argument\n",
            c->kernel, np, na, na == 1 ? "was" : "were",
            describe_param(c, na, what, sizeof what));
    return CLI_FAIL;
  }
  if (na > np) {
    fprintf(stderr, "ptxsim: error: kernel %s takes %zu parameter%s but %zu --arg were given: "
                    "--arg %s has no parameter\n",
            c->kernel, np, np == 1 ? "" : "s", na, c->args[np].spec);
    return CLI_FAIL;
  }
  for (size_t i = 0; i < na; i++) {
    const run_arg *a = &c->args[i];
    size_t size = 0;
    const char *type = NULL;
    int st = ptxsim_kernel_param_info(c->dev, c->kernel, i, &size, &type);
    if (st != PTXSIM_OK) {
      print_device_error(c->dev, st);
      return CLI_FAIL;
    }
    run_kind pk;
    unsigned psize;
    bool is_scalar = run_type_info(type, &pk, &psize) && psize == size;
    if (a->type == RUN_ARG_BUF) {
      if (is_scalar && size == 8 && pk != RUN_KIND_FLOAT)
        continue;
      fprintf(stderr, "ptxsim: error: --arg %s: %s cannot hold a buffer's address, which needs "
                      "a 64-bit integer parameter (.u64, .s64 or .b64)%s\n",
              a->spec, describe_param(c, i, what, sizeof what),
              size == 4 ? "; ptxsim's device addresses are 64-bit, also under .address_size 32"
                        : "");
      return CLI_FAIL;
    }
    if (size != a->size || (is_scalar && !kinds_fit(a->kind, pk))) {
      fprintf(stderr, "ptxsim: error: --arg %s: %s does not take a .%s value%s\n", a->spec,
              describe_param(c, i, what, sizeof what), a->type_name,
              size != a->size ? " (the sizes differ)"
                              : (a->kind == RUN_KIND_FLOAT ? " (it is an integer parameter)"
                                                           : " (it is a floating-point parameter)"));
      return CLI_FAIL;
    }
  }
  return CLI_OK;
}

/* Without buf:BYTES, what a file that is not a regular one (a pipe, a
 * device such as /dev/zero) may give before the buffer is too large. */
#define RUN_IN_STREAM_MAX (UINT64_C(256) << 20)

/* Reads at most max bytes of a file (RUN_IN_STREAM_MAX when it is not a
 * regular one) into *data (malloc'd; NULL when empty); *more tells whether
 * it holds further bytes, *size is its size when it is a regular file
 * (else UINT64_MAX: a stream such as /dev/zero may never end, so it is
 * read no further than needed). */
static int read_file(const char *path, uint64_t max, unsigned char **data, uint64_t *len,
                     bool *more, uint64_t *size)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return -1;
  struct stat st;
  *size = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) ? (uint64_t)st.st_size : UINT64_MAX;
  if (*size == UINT64_MAX && max > RUN_IN_STREAM_MAX)
    max = RUN_IN_STREAM_MAX;
  unsigned char *buf = NULL;
  size_t n = 0, cap = 0;
  *more = false;
  for (;;) {
    if (n == max) {
      *more = fgetc(f) != EOF;
      break;
    }
    if (n == cap) {
      cap = cap ? 2 * cap : 65536;
      if (cap > max)
        cap = (size_t)max;
      unsigned char *b = realloc(buf, cap);
      if (!b) {
        free(buf);
        fclose(f);
        errno = ENOMEM;
        return -1;
      }
      buf = b;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0)
      break;
  }
  int saved = errno;
  bool bad = ferror(f);
  fclose(f);
  if (bad) {
    free(buf);
    errno = saved ? saved : EIO;
    return -1;
  }
  *data = buf;
  *len = n;
  return 0;
}

/* Allocates and fills the device buffers. */
static int make_buffers(run_ctx *c)
{
  for (size_t i = 0; i < c->n_args; i++) {
    const run_arg *a = &c->args[i];
    if (a->type != RUN_ARG_BUF) {
      c->arg_ptrs[i] = a->value;
      continue;
    }
    unsigned char *data = NULL;
    uint64_t len = 0, file_size = 0;
    bool more = false;
    uint64_t max = a->has_size ? a->buf_bytes : UINT64_MAX;
    if (a->in_path && read_file(a->in_path, max, &data, &len, &more, &file_size) != 0) {
      fprintf(stderr, "%s: error: cannot read (for --arg %s): %s\n", a->in_path, a->spec,
              strerror(errno));
      return CLI_FAIL;
    }
    uint64_t bytes = a->has_size ? a->buf_bytes : len;
    if (more && (file_size != UINT64_MAX || !a->has_size)) {
      /* A regular file must fit; a stream fills buf:BYTES and stops. */
      if (file_size != UINT64_MAX)
        fprintf(stderr, "ptxsim: error: --arg %s: %s has %" PRIu64 " bytes, more than the %"
                        PRIu64 "-byte buffer\n", a->spec, a->in_path, file_size, bytes);
      else
        fprintf(stderr, "ptxsim: error: --arg %s: %s is not a regular file and gives more than "
                        "%" PRIu64 " bytes; give the buffer's size (buf:BYTES,in=PATH)\n",
                a->spec, a->in_path, RUN_IN_STREAM_MAX);
      free(data);
      return CLI_FAIL;
    }
    if (a->in_path && a->has_size && len < bytes && file_size == UINT64_MAX)
      fprintf(stderr, "ptxsim: note: --arg %s: %s ended after %" PRIu64 " of the buffer's %"
                      PRIu64 " bytes; the rest is zero\n", a->spec, a->in_path, len, bytes);
    run_buf *b = &c->bufs[i];
    b->bytes = bytes;
    size_t alloc = bytes ? (size_t)bytes : 1;
    if (bytes > SIZE_MAX || ptxsim_malloc(c->dev, alloc, &b->addr) != 0 ||
        ptxsim_memset(c->dev, b->addr, 0, alloc) != 0 ||
        ptxsim_memcpy_htod(c->dev, b->addr, data, (size_t)len) != 0) {
      fprintf(stderr, "ptxsim: error: --arg %s: %s\n", a->spec,
              *ptxsim_device_error(c->dev) ? ptxsim_device_error(c->dev)
                                           : "cannot allocate the device buffer");
      free(data);
      return CLI_FAIL;
    }
    free(data);
    c->arg_ptrs[i] = &b->addr;
  }
  return CLI_OK;
}

/* Copies each out= buffer back and writes its file. */
static int write_outputs(run_ctx *c)
{
  for (size_t i = 0; i < c->n_args; i++) {
    const run_arg *a = &c->args[i];
    if (a->type != RUN_ARG_BUF || !a->out_path)
      continue;
    const run_buf *b = &c->bufs[i];
    unsigned char *data = malloc(b->bytes ? (size_t)b->bytes : 1);
    if (!data || ptxsim_memcpy_dtoh(c->dev, data, b->addr, (size_t)b->bytes) != 0) {
      fprintf(stderr, "ptxsim: error: --arg %s: cannot read the buffer back: %s\n", a->spec,
              data ? ptxsim_device_error(c->dev) : "out of memory");
      free(data);
      return CLI_FAIL;
    }
    FILE *f = fopen(a->out_path, "wb");
    bool ok = f && fwrite(data, 1, (size_t)b->bytes, f) == b->bytes;
    int saved = errno;
    if (f && fclose(f) != 0)
      ok = false, saved = errno;
    free(data);
    if (!ok) {
      fprintf(stderr, "%s: error: cannot write: %s\n", a->out_path, strerror(saved));
      return CLI_FAIL;
    }
  }
  return CLI_OK;
}

/* ---- statistics -------------------------------------------------------- */

static void print_stats(const run_ctx *c)
{
  ptxsim_stats s;
  if (c->o->stats == RUN_STATS_NONE || ptxsim_last_stats(c->dev, &s) != 0)
    return;
  const ptxsim_dim3 g = c->o->grid, b = c->o->block;
  if (c->o->stats == RUN_STATS_TEXT) {
    fprintf(stderr,
            "kernel %s: grid (%u,%u,%u), block (%u,%u,%u)\n"
            "  ctas %" PRIu64 ", warps %" PRIu64 ", threads %" PRIu64 "\n"
            "  thread instructions %" PRIu64 ", warp instructions %" PRIu64
            ", SIMD efficiency %.1f%%\n"
            "  wall time %.6f s\n",
            c->kernel, g.x, g.y, g.z, b.x, b.y, b.z, s.ctas, s.warps, s.threads,
            s.thread_instructions, s.warp_instructions, 100.0 * s.simd_efficiency,
            c->wall_seconds);
    if (c->o->is_timing)
      (void)ptxsim_timing_stats_write(c->dev, stderr, 0);
    return;
  }
  FILE *out = stdout;
  fputs("{\n  \"kernel\": ", out);
  ptx_json_string(out, c->kernel);
  fprintf(out,
          ",\n  \"grid\": [%u, %u, %u],\n  \"block\": [%u, %u, %u],\n"
          "  \"shared_bytes\": %" PRIu64 ",\n"
          "  \"ctas\": %" PRIu64 ",\n  \"warps\": %" PRIu64 ",\n  \"threads\": %" PRIu64 ",\n"
          "  \"thread_instructions\": %" PRIu64 ",\n  \"warp_instructions\": %" PRIu64 ",\n"
          "  \"simd_efficiency\": %.6f,\n  \"wall_seconds\": %.9f",
          g.x, g.y, g.z, b.x, b.y, b.z, c->o->shared_bytes, s.ctas, s.warps, s.threads,
          s.thread_instructions, s.warp_instructions, s.simd_efficiency, c->wall_seconds);
  if (c->o->is_timing) {
    /* The timing object ends its own line. */
    fputs(",\n  \"timing\": ", out);
    (void)ptxsim_timing_stats_write(c->dev, out, 1);
    fputs("}\n", out);
  } else {
    fputs("\n}\n", out);
  }
}

/* ---- the command --------------------------------------------------------- */

/* Timing mode with --config and every --option applied in order. */
static int setup_timing(run_ctx *c)
{
  const run_opts *o = c->o;
  char *messages = NULL;
  int st = PTXSIM_OK;
  if (o->config) {
    st = ptxsim_device_set_config(c->dev, o->config, &messages);
    if (messages)
      print_message(messages);
    ptxsim_free(messages);
    if (st != PTXSIM_OK) {
      if (!messages)
        fprintf(stderr, "ptxsim: error: configuration '%s': %s\n", o->config,
                ptxsim_status_string(st));
      return CLI_FAIL;
    }
  }
  for (size_t i = 0; i < o->n_config_options; i++) {
    char name[256];
    const char *eq = strchr(o->config_options[i], '=');
    snprintf(name, sizeof name, "%.*s", (int)(eq - o->config_options[i]), o->config_options[i]);
    messages = NULL;
    st = ptxsim_device_set_config_option(c->dev, name, eq + 1, &messages);
    if (messages)
      print_message(messages);
    ptxsim_free(messages);
    if (st != PTXSIM_OK) {
      if (!messages)
        fprintf(stderr, "ptxsim: error: --option %s: %s\n", o->config_options[i],
                ptxsim_status_string(st));
      return CLI_FAIL;
    }
  }
  (void)ptxsim_device_set_mode(c->dev, PTXSIM_MODE_TIMING);
  return CLI_OK;
}

/* Swaps the second kernel's set into c's fields (and back). */
static void swap_second(run_ctx *c)
{
  run_set t = {c->kernel, c->args, c->n_args, c->bufs, c->arg_ptrs};
  c->kernel = c->second.kernel;
  c->args = c->second.args;
  c->n_args = c->second.n_args;
  c->bufs = c->second.bufs;
  c->arg_ptrs = c->second.arg_ptrs;
  c->second = t;
}

/* --preempt-by: its arguments checked and its buffers made, then handed
 * to the device as the launch's preempting kernel. */
static int setup_second(run_ctx *c)
{
  const run_opts *o = c->o;
  c->second = (run_set){.kernel = o->p_kernel, .args = o->p_args, .n_args = o->n_p_args,
                        .bufs = calloc(o->n_p_args + 1, sizeof(run_buf)),
                        .arg_ptrs = calloc(o->n_p_args + 1, sizeof(void *))};
  if (!c->second.bufs || !c->second.arg_ptrs) {
    fputs("ptxsim: error: out of memory\n", stderr);
    return CLI_FAIL;
  }
  swap_second(c);
  int rc = CLI_OK;
  if (ptxsim_module_kernel_param_count(c->module, c->kernel) < 0) {
    fprintf(stderr, "%s: error: no kernel named '%s' (--preempt-by)\n", o->path, c->kernel);
    rc = CLI_FAIL;
  }
  if (rc == CLI_OK)
    rc = check_args(c);
  if (rc == CLI_OK)
    rc = make_buffers(c);
  if (rc == CLI_OK) {
    int st = ptxsim_timing_preempt_by(c->dev, c->module, c->kernel, o->p_grid, o->p_block,
                                      (size_t)o->p_shared, (const void *const *)c->arg_ptrs,
                                      c->n_args, o->p_at, (unsigned)o->p_sms);
    if (st != PTXSIM_OK) {
      print_device_error(c->dev, st);
      rc = CLI_FAIL;
    }
  }
  swap_second(c);
  return rc;
}

/* After the launch: the second kernel's outputs and a line on it. */
static int finish_second(run_ctx *c)
{
  ptxsim_preempt_by_result r;
  if (ptxsim_timing_preempt_by_result(c->dev, &r) != PTXSIM_OK) {
    fprintf(stderr, "ptxsim: error: the preempting kernel %s did not run\n", c->o->p_kernel);
    return CLI_FAIL;
  }
  if (r.status != PTXSIM_OK) {
    fprintf(stderr, "ptxsim: error: the preempting kernel %s failed: %s\n", c->o->p_kernel,
            ptxsim_status_string(r.status));
    return CLI_FAIL;
  }
  if (c->o->stats != RUN_STATS_NONE)
    fprintf(stderr,
            "preempting kernel %s: started at cycle %" PRIu64 " on %u SM%s (at most %u CTAs "
            "each), ran %" PRIu64 " cycles, %" PRIu64 " thread instructions\n",
            c->o->p_kernel, r.start_cycle, r.sms, r.sms == 1 ? "" : "s", r.ctas_per_sm, r.cycles,
            r.thread_instructions);
  swap_second(c);
  int rc = write_outputs(c);
  swap_second(c);
  return rc;
}

static int run_launch(run_ctx *c)
{
  int rc = select_kernel(c);
  if (rc != CLI_OK)
    return rc;
  c->args = c->o->args;
  c->n_args = c->o->n_args;
  rc = check_args(c);
  if (rc != CLI_OK)
    return rc;
  size_t n = c->n_args;
  c->bufs = calloc(n + 1, sizeof *c->bufs);
  c->arg_ptrs = calloc(n + 1, sizeof *c->arg_ptrs);
  if (!c->bufs || !c->arg_ptrs) {
    fputs("ptxsim: error: out of memory\n", stderr);
    return CLI_FAIL;
  }
  rc = make_buffers(c);
  if (rc != CLI_OK)
    return rc;
  if (c->o->p_kernel) {
    rc = setup_second(c);
    if (rc != CLI_OK)
      return rc;
  }
  if (c->o->has_max_insns)
    (void)ptxsim_device_set_limit(c->dev, PTXSIM_LIMIT_INSTRUCTIONS, c->o->max_insns);
  if (c->o->has_threads)
    (void)ptxsim_device_set_threads(c->dev, (unsigned)c->o->threads);
  ptxsim_device_set_output(c->dev, stdout);
  rc = report_cli_apply(&c->o->rep, c->dev, &c->trace);
  if (rc != CLI_OK)
    return rc;
  /* A trace on stderr would be torn by the line. */
  bool trace_on_stderr = c->o->rep.has_trace && !c->o->rep.trace_file;
  (void)ptxsim_device_set_progress(c->dev, cli_progress_when(c->o->progress, trace_on_stderr));
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  int st = ptxsim_launch(c->dev, c->kernel, c->o->grid, c->o->block, (size_t)c->o->shared_bytes,
                         (const void *const *)c->arg_ptrs, n);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  c->wall_seconds =
    (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  fflush(stdout);
  if (st != PTXSIM_OK) {
    print_device_error(c->dev, st);
    (void)report_cli_finish(&c->o->rep, c->dev, &c->trace);
    return CLI_FAIL;
  }
  rc = write_outputs(c);
  if (rc == CLI_OK && c->o->p_kernel)
    rc = finish_second(c);
  if (rc != CLI_OK)
    return rc;
  print_stats(c);
  rc = report_cli_finish(&c->o->rep, c->dev, &c->trace);
  if (rc != CLI_OK)
    return rc;
  if (fflush(stdout) != 0) {
    fprintf(stderr, "ptxsim: error: cannot write to standard output: %s\n", strerror(errno));
    return CLI_FAIL;
  }
  return CLI_OK;
}

int cmd_run(int argc, char **argv)
{
  run_opts o;
  memset(&o, 0, sizeof o);
  report_cli_init(&o.rep);
  run_ctx c;
  memset(&c, 0, sizeof c);
  c.o = &o;
  int rc = parse_options(argc, argv, &o);
  if (rc != CLI_OK)
    goto done;
  char *messages = NULL;
  int st = ptxsim_module_load_file(o.path, &c.module, &messages);
  bool had_messages = messages != NULL;
  if (messages)
    print_message(messages);
  ptxsim_free(messages);
  if (st != PTXSIM_OK) {
    if (!had_messages)
      fprintf(stderr, "%s: error: %s\n", o.path, ptxsim_status_string(st));
    rc = CLI_FAIL;
    goto done;
  }
  if (ptxsim_device_create(&c.dev) != PTXSIM_OK) {
    fputs("ptxsim: error: cannot create the device\n", stderr);
    rc = CLI_FAIL;
    goto done;
  }
  if (o.device)
    (void)ptxsim_device_set_profile(c.dev, o.device); /* checked by parse_options */
  if ((st = ptxsim_device_load(c.dev, c.module)) != PTXSIM_OK) {
    print_device_error(c.dev, st);
    rc = CLI_FAIL;
    goto done;
  }
  if (o.is_timing) {
    rc = setup_timing(&c);
    if (rc != CLI_OK)
      goto done;
  }
  rc = run_launch(&c);
done:
  ptxsim_device_destroy(c.dev);
  ptxsim_module_free(c.module);
  if (c.ir)
    ptx_module_free(c.ir);
  free(c.bufs);
  free(c.arg_ptrs);
  free(c.second.bufs);
  free(c.second.arg_ptrs);
  for (size_t i = 0; i < o.n_args; i++)
    run_arg_release(&o.args[i]);
  for (size_t i = 0; i < o.n_p_args; i++)
    run_arg_release(&o.p_args[i]);
  free(o.p_args);
  free(o.args);
  free(o.config_options);
  return rc;
}
