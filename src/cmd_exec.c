/* cmd_exec.c -- `ptxsim exec [OPTIONS] -- PROGRAM [ARGS]`: run an
 * unmodified CUDA program on the emulator.
 *
 * The program must link the CUDA runtime dynamically (nvcc -cudart
 * shared); ptxsim's libcudart.so.13 (runtime/) is then found first through
 * LD_LIBRARY_PATH, and through LD_PRELOAD as well when the program carries
 * a DT_RPATH (which the dynamic linker searches before LD_LIBRARY_PATH).
 * Options reach the runtime as environment variables (PTXSIM_STATS,
 * PTXSIM_STATS_FILE, PTXSIM_MAX_INSTRUCTIONS, PTXSIM_MODE, PTXSIM_CONFIG,
 * PTXSIM_CONFIG_OPTIONS (one -NAME=VALUE a line), PTXSIM_PROGRESS,
 * PTXSIM_DEVICE, PTXSIM_DEVICES, and the report and trace variables of report_cli.h),
 * so the program's own arguments, stdin and stdout are untouched.  This
 * process becomes the program (execv): its exit status is the program's.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pipeline/tm_config.h"
#include "ptxsim.h"
#include "src/cli.h"
#include "src/exec_elf.h"
#include "src/report_cli.h"

#ifndef PTXSIM_PKGLIBDIR
#define PTXSIM_PKGLIBDIR "/usr/local/lib/ptxsim"
#endif

/* --devices at most (the runtime's RT_MAX_DEVICES). */
#define EXEC_MAX_DEVICES 16

/* The runtime major version this build provides. */
#define EXEC_CUDART_MAJOR 13

typedef struct exec_opts {
  const char *stats_file;
  bool quiet;
  const char *max_insns;
  const char *threads;
  bool is_timing;       /* --mode timing, or --config or --option without --mode */
  bool has_mode;        /* --mode was given */
  const char *config;   /* --config NAME|FILE */
  char config_path[PATH_MAX]; /* a FILE made absolute (the program may chdir) */
  const char *device;   /* --device NAME: the device profile */
  const char *devices;  /* --devices N: how many simulated GPUs */
  const char **config_options; /* --option -NAME=VALUE, in order */
  size_t n_config_options;
  bool has_progress;    /* --progress was given */
  cli_progress progress;
  char **program_argv;
  report_cli rep;     /* --report, --trace and their companions */
} exec_opts;

static bool has_runtime(const char *dir, int major)
{
  char path[PATH_MAX];
  if (snprintf(path, sizeof path, "%s/libcudart.so.%d", dir, major) >= (int)sizeof path)
    return false;
  return access(path, R_OK) == 0;
}

/* Where ptxsim's libcudart is: $PTXSIM_RUNTIME_DIR, else the build tree
 * next to this executable (runtime/.libs beside it, or beside its parent
 * when libtool runs it from .libs/), else the installed package library
 * directory.  Returns false when none holds libcudart.so.<major>. */
static bool find_runtime_dir(int major, char *out, size_t n)
{
  const char *env = getenv("PTXSIM_RUNTIME_DIR");
  if (env && *env) {
    snprintf(out, n, "%s", env);
    return has_runtime(out, major);
  }
  char exe[PATH_MAX];
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (len > 0) {
    exe[len] = 0;
    char *slash = strrchr(exe, '/');
    if (slash)
      *slash = 0;
    static const char *const rel[] = {"runtime/.libs", "../runtime/.libs"};
    for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
      char cand[PATH_MAX];
      if (snprintf(cand, sizeof cand, "%s/%s", exe, rel[i]) >= (int)sizeof cand)
        continue;
      if (has_runtime(cand, major) && realpath(cand, out))
        return true;
    }
  }
  snprintf(out, n, "%s", PTXSIM_PKGLIBDIR);
  return has_runtime(out, major);
}

/* The program's path as execv takes it: as given when it has a '/', else
 * found on PATH the way a shell would. */
static bool resolve_program(const char *name, char *out, size_t n)
{
  if (strchr(name, '/')) {
    snprintf(out, n, "%s", name);
    return access(out, X_OK) == 0;
  }
  const char *path = getenv("PATH");
  if (!path)
    path = "/usr/bin:/bin";
  while (*path) {
    const char *end = strchr(path, ':');
    size_t dlen = end ? (size_t)(end - path) : strlen(path);
    if (snprintf(out, n, "%.*s/%s", (int)dlen, dlen ? path : ".", name) < (int)n &&
        access(out, X_OK) == 0)
      return true;
    if (!end)
      break;
    path = end + 1;
  }
  return false;
}

static int parse_args(int argc, char **argv, exec_opts *o)
{
  memset(o, 0, sizeof *o);
  report_cli_init(&o->rep);
  o->config_options = calloc((size_t)argc + 1, sizeof *o->config_options);
  if (!o->config_options) {
    fputs("ptxsim exec: error: out of memory\n", stderr);
    return CLI_FAIL;
  }
  int i = 0;
  for (; i < argc; i++) {
    const char *a = argv[i], *val = NULL;
    int m;
    if (strcmp(a, "--") == 0) {
      i++;
      break;
    }
    if ((m = report_cli_option("exec", argc, argv, &i, &o->rep)) != 0) {
      if (m != 1)
        return m;
      continue;
    }
    if (strcmp(a, "--device") == 0) {
      if (i + 1 >= argc)
        return cli_usage_error("exec", "--device needs a device name");
      o->device = argv[++i];
      if (cli_device_profile("exec", o->device) != CLI_OK)
        return CLI_USAGE;
      continue;
    }
    if ((m = cli_option_value(argc, argv, &i, NULL, "--devices", &val)) != 0) {
      char *end;
      long n = m < 0 ? 0 : strtol(val, &end, 10);
      if (m < 0 || !*val || *end || n < 1 || n > EXEC_MAX_DEVICES)
        return cli_usage_error("exec", "--devices takes a count from 1 to %d",
                               EXEC_MAX_DEVICES);
      o->devices = val;
      continue;
    }
    if ((m = cli_option_value(argc, argv, &i, NULL, "--option", &val)) != 0) {
      if (m < 0 || val[0] != '-' || !strchr(val, '=') || strchr(val, '\n'))
        return cli_usage_error("exec", "--option needs -NAME=VALUE (e.g. -gpgpu_n_clusters=4)");
      o->config_options[o->n_config_options++] = val;
      continue;
    }
    if ((m = cli_option_value(argc, argv, &i, NULL, "--progress", &val)) != 0) {
      if (m < 0 || cli_parse_progress(val, &o->progress) != 0)
        return cli_usage_error("exec", "--progress takes auto, always or never");
      o->has_progress = true;
      continue;
    }
    if (strcmp(a, "--stats") == 0 || strcmp(a, "--config") == 0 ||
        strcmp(a, "--max-instructions") == 0 || strcmp(a, "--mode") == 0 ||
        strcmp(a, "--threads") == 0) {
      if (i + 1 >= argc)
        return cli_usage_error("exec", "%s needs a value", a);
      const char *v = argv[++i];
      if (strcmp(a, "--stats") == 0)
        o->stats_file = v;
      else if (strcmp(a, "--max-instructions") == 0) {
        char *end;
        errno = 0;
        (void)strtoull(v, &end, 0);
        if (!*v || *end || errno || *v == '-')
          return cli_usage_error("exec", "--max-instructions wants a count, not '%s'", v);
        o->max_insns = v;
      } else if (strcmp(a, "--threads") == 0) {
        char *end;
        errno = 0;
        unsigned long long n = strtoull(v, &end, 10);
        if (!*v || *end || errno || *v == '-' || n > 4096)
          return cli_usage_error("exec", "--threads wants a number of host threads up to 4096 "
                                         "(0: one per core), not '%s'", v);
        o->threads = v;
      } else if (strcmp(a, "--mode") == 0) {
        if (strcmp(v, "timing") != 0 && strcmp(v, "functional") != 0)
          return cli_usage_error("exec", "--mode takes functional or timing, not '%s'", v);
        o->is_timing = strcmp(v, "timing") == 0;
        o->has_mode = true;
      } else {
        o->config = v;
      }
    } else if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0)
      o->quiet = true;
    else if (a[0] == '-')
      return cli_usage_error("exec", "unknown option '%s'", a);
    else
      break; /* the program, without a "--" before it */
  }
  if (report_cli_check("exec", &o->rep) != CLI_OK)
    return CLI_USAGE;
  /* A configuration means timing mode, unless --mode said otherwise. */
  if ((o->config || o->n_config_options) && !o->has_mode)
    o->is_timing = true;
  if ((o->config || o->n_config_options) && !o->is_timing)
    return cli_usage_error("exec", "--config and --option set up timing mode, not --mode "
                                   "functional");
  if (i >= argc)
    return cli_usage_error("exec", "no program given");
  o->program_argv = argv + i;
  return CLI_OK;
}

/* Loads --config and applies every --option once here, so that a bad
 * configuration is reported before the program starts, as `ptxsim run`
 * reports it (the runtime then loads the same). */
static int check_config(exec_opts *o)
{
  ptxsim_device *d;
  if (ptxsim_device_create(&d) != PTXSIM_OK) {
    fputs("ptxsim exec: error: out of memory\n", stderr);
    return CLI_FAIL;
  }
  char *messages = NULL;
  int st = o->config ? ptxsim_device_set_config(d, o->config, &messages) : PTXSIM_OK;
  if (messages)
    fputs(messages, stderr);
  if (st != PTXSIM_OK && !messages)
    fprintf(stderr, "ptxsim exec: error: configuration '%s': %s\n", o->config,
            ptxsim_status_string(st));
  ptxsim_free(messages);
  for (size_t i = 0; st == PTXSIM_OK && i < o->n_config_options; i++) {
    const char *opt = o->config_options[i], *eq = strchr(opt, '=');
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(eq - opt), opt);
    messages = NULL;
    st = ptxsim_device_set_config_option(d, name, eq + 1, &messages);
    if (messages)
      fputs(messages, stderr);
    if (st != PTXSIM_OK && !messages)
      fprintf(stderr, "ptxsim exec: error: --option %s: %s\n", opt, ptxsim_status_string(st));
    ptxsim_free(messages);
  }
  ptxsim_device_destroy(d);
  if (st != PTXSIM_OK || !o->config)
    return st != PTXSIM_OK ? CLI_FAIL : CLI_OK;
  /* A file is passed on by its absolute name (names of configurations
   * win over files, as when loading). */
  bool is_named = false;
  for (size_t i = 0; i < tm_config_named_count(); i++)
    is_named |= strcmp(tm_config_named(i, NULL), o->config) == 0;
  if (!is_named && !realpath(o->config, o->config_path))
    o->config_path[0] = 0;
  return CLI_OK;
}

/* Refuses programs the runtime cannot serve, with what to do instead. */
static int check_program(const exec_elf_info *info, const char *shown)
{
  if (!info->is_elf64_le || info->cudart_major)
    return CLI_OK; /* a script may start the real program: let it run */
  if (info->has_fatbin) {
    fprintf(stderr,
            "ptxsim exec: error: %s is linked with the static CUDA runtime (nvcc's default), "
            "which ptxsim cannot replace; rebuild it with 'nvcc -cudart shared'\n",
            shown);
    return CLI_FAIL;
  }
  fprintf(stderr, "ptxsim exec: warning: %s does not use the CUDA runtime; running it anyway\n",
          shown);
  return CLI_OK;
}

/* Prepends dir to the colon-separated list in variable name. */
static int prepend_env(const char *name, const char *dir)
{
  const char *old = getenv(name);
  size_t n = strlen(dir) + (old ? strlen(old) + 1 : 0) + 1;
  char *v = malloc(n);
  if (!v)
    return -1;
  snprintf(v, n, "%s%s%s", dir, old && *old ? ":" : "", old && *old ? old : "");
  int rc = setenv(name, v, 1);
  free(v);
  return rc;
}

/* PTXSIM_CONFIG_OPTIONS: the --option values, one a line. */
static int set_options_env(const exec_opts *o)
{
  size_t n = 1;
  for (size_t i = 0; i < o->n_config_options; i++)
    n += strlen(o->config_options[i]) + 1;
  char *v = malloc(n), *p = v;
  if (!v)
    return -1;
  for (size_t i = 0; i < o->n_config_options; i++)
    p += sprintf(p, "%s%s", i ? "\n" : "", o->config_options[i]);
  *p = 0;
  int rc = setenv("PTXSIM_CONFIG_OPTIONS", v, 1);
  free(v);
  return rc;
}

static int set_environment(const exec_opts *o, const char *dir, int major, bool preload)
{
  if (prepend_env("LD_LIBRARY_PATH", dir) != 0)
    return -1;
  char lib[PATH_MAX + 32];
  snprintf(lib, sizeof lib, "%s/libcudart.so.%d", dir, major);
  if (preload && prepend_env("LD_PRELOAD", lib) != 0)
    return -1;
  /* A runtime built with --enable-sanitizers needs AddressSanitizer's
   * runtime loaded before anything else, which a program built by nvcc
   * does not arrange. */
  exec_elf_info rt;
  char err[PATH_MAX + 128];
  if (exec_elf_inspect(lib, &rt, err, sizeof err) == 0 && rt.asan_runtime[0] &&
      prepend_env("LD_PRELOAD", rt.asan_runtime) != 0)
    return -1;
  if (o->quiet && setenv("PTXSIM_STATS", "none", 1) != 0)
    return -1;
  if (o->stats_file && setenv("PTXSIM_STATS_FILE", o->stats_file, 1) != 0)
    return -1;
  if (o->threads && setenv("PTXSIM_THREADS", o->threads, 1) != 0)
    return -1;
  if (o->max_insns && setenv("PTXSIM_MAX_INSTRUCTIONS", o->max_insns, 1) != 0)
    return -1;
  if (o->devices && setenv("PTXSIM_DEVICES", o->devices, 1) != 0)
    return -1;
  if (o->device && setenv("PTXSIM_DEVICE", o->device, 1) != 0)
    return -1;
  if (o->is_timing && setenv("PTXSIM_MODE", "timing", 1) != 0)
    return -1;
  if (o->config && setenv("PTXSIM_CONFIG", o->config_path[0] ? o->config_path : o->config, 1))
    return -1;
  if (o->n_config_options && set_options_env(o) != 0)
    return -1;
  if (o->has_progress && setenv("PTXSIM_PROGRESS", cli_progress_name(o->progress), 1) != 0)
    return -1;
  if (report_cli_setenv(&o->rep) != 0)
    return -1;
  return 0;
}

/* Becomes the program; returns only when that cannot be done. */
static int exec_program(exec_opts *o)
{
  const char *name = o->program_argv[0];
  char path[PATH_MAX];
  if (!resolve_program(name, path, sizeof path)) {
    fprintf(stderr, "ptxsim exec: error: %s: %s\n", name,
            strchr(name, '/') ? "not an executable file" : "command not found");
    return CLI_FAIL;
  }
  exec_elf_info info;
  char err[PATH_MAX + 128];
  if (exec_elf_inspect(path, &info, err, sizeof err) != 0) {
    fprintf(stderr, "ptxsim exec: error: %s\n", err);
    return CLI_FAIL;
  }
  int rc = check_program(&info, name);
  if (rc != CLI_OK)
    return rc;
  int major = info.cudart_major ? info.cudart_major : EXEC_CUDART_MAJOR;
  /* An ELF program without the CUDA runtime needs nothing of ours; a
   * script may start one that does. */
  bool needs_runtime = !info.is_elf64_le || info.cudart_major;
  char dir[PATH_MAX];
  if (needs_runtime && !find_runtime_dir(major, dir, sizeof dir)) {
    if (major != EXEC_CUDART_MAJOR)
      fprintf(stderr,
              "ptxsim exec: error: %s uses libcudart.so.%d (CUDA %d); ptxsim provides the CUDA "
              "%d runtime: rebuild it with nvcc %d and -cudart shared\n",
              name, major, major, EXEC_CUDART_MAJOR, EXEC_CUDART_MAJOR);
    else
      fprintf(stderr,
              "ptxsim exec: error: ptxsim's libcudart.so.%d is not in %s; is ptxsim "
              "installed, or PTXSIM_RUNTIME_DIR set to the directory that holds it?\n",
              major, dir);
    return CLI_FAIL;
  }
  if (needs_runtime && set_environment(o, dir, major, info.has_rpath) != 0) {
    fprintf(stderr, "ptxsim exec: error: cannot set the environment: %s\n", strerror(errno));
    return CLI_FAIL;
  }
  fflush(NULL);
  execv(path, o->program_argv);
  fprintf(stderr, "ptxsim exec: error: cannot run %s: %s\n", name, strerror(errno));
  return CLI_FAIL;
}

int cmd_exec(int argc, char **argv)
{
  exec_opts o;
  int rc = parse_args(argc, argv, &o);
  if (rc == CLI_OK && (o.config || o.n_config_options))
    rc = check_config(&o);
  if (rc == CLI_OK)
    rc = exec_program(&o);
  free(o.config_options);
  return rc;
}
