/* bench_run.c -- `make bench`: simulation speed, functional and timing.
 *
 * Runs corpus kernels (memory-bound, ALU-bound, shared-memory, divergent,
 * atomic, constant and local memory) with inputs large enough that each
 * runs for at least --min-seconds (default 2), launching repeatedly, and
 * prints simulated thread and warp instructions per second and the peak
 * resident memory; in timing mode (--mode timing, on --config NAME,
 * default gtx480) also simulated cycles per second and the kernel's IPC.
 * Each kernel is measured twice, on one host thread and on --threads N
 * (default: every core), each in a process of its own so that the peak
 * resident memory is the kernel's (timing mode spreads the SMs over the
 * threads, functional mode the CTAs).  A measurement, not a test: nothing
 * is asserted.
 *
 *   bench_run --dir benchmarks/ptx [--min-seconds S] [--only NAME]
 *             [--mode functional|timing] [--config NAME|FILE] [--threads N]
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ptxsim.h"

typedef struct bench {
  const char *name, *file, *kernel, *kind;
  int (*setup)(ptxsim_device *d, const void **args, ptxsim_dim3 *grid, ptxsim_dim3 *block);
} bench;

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint32_t rng(void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t)rng_state;
}

/* Argument storage that outlives setup. */
static ptxsim_devptr bufs[6];
static int32_t ints[4];

static int fill_buffer(ptxsim_device *d, size_t bytes, int kind, ptxsim_devptr *out)
{
  int rc = ptxsim_malloc(d, bytes, out);
  if (rc)
    return rc;
  uint32_t *h = malloc(bytes);
  if (!h)
    return PTXSIM_E_NOMEM;
  for (size_t i = 0; i < bytes / 4; i++) {
    uint32_t r = rng();
    switch (kind) {
    case 0: { float f = (float)(r % 2000) / 100.0f - 10.0f; memcpy(&h[i], &f, 4); break; }
    case 1: h[i] = (r % 200) - 100; break;
    default: h[i] = r; break;
    }
  }
  rc = ptxsim_memcpy_htod(d, *out, h, bytes);
  free(h);
  return rc;
}

static int setup_vecadd(ptxsim_device *d, const void **args, ptxsim_dim3 *g, ptxsim_dim3 *b)
{
  int n = 1 << 22;
  int rc = fill_buffer(d, (size_t)n * 4, 0, &bufs[0]) || fill_buffer(d, (size_t)n * 4, 0, &bufs[1]) ||
           fill_buffer(d, (size_t)n * 4, 0, &bufs[2]);
  ints[0] = n;
  args[0] = &bufs[0], args[1] = &bufs[1], args[2] = &bufs[2], args[3] = &ints[0];
  *b = (ptxsim_dim3){256, 1, 1};
  *g = (ptxsim_dim3){(unsigned)(n / 256), 1, 1};
  return rc;
}

static int setup_matmul(ptxsim_device *d, const void **args, ptxsim_dim3 *g, ptxsim_dim3 *b)
{
  int n = 256;
  int rc = fill_buffer(d, (size_t)n * n * 4, 0, &bufs[0]) ||
           fill_buffer(d, (size_t)n * n * 4, 0, &bufs[1]) ||
           fill_buffer(d, (size_t)n * n * 4, 0, &bufs[2]);
  ints[0] = ints[1] = ints[2] = n;
  args[0] = &bufs[0], args[1] = &bufs[1], args[2] = &bufs[2];
  args[3] = &ints[0], args[4] = &ints[1], args[5] = &ints[2];
  *b = (ptxsim_dim3){16, 16, 1};
  *g = (ptxsim_dim3){(unsigned)(n / 16), (unsigned)(n / 16), 1};
  return rc;
}

static int setup_reduce(ptxsim_device *d, const void **args, ptxsim_dim3 *g, ptxsim_dim3 *b)
{
  int n = 1 << 22;
  int rc = fill_buffer(d, (size_t)n * 4, 1, &bufs[0]) || fill_buffer(d, (size_t)n / 512 * 4 + 4, 1, &bufs[1]);
  ints[0] = n;
  args[0] = &bufs[0], args[1] = &bufs[1], args[2] = &ints[0];
  *b = (ptxsim_dim3){256, 1, 1};
  *g = (ptxsim_dim3){(unsigned)(n / 512), 1, 1};
  return rc;
}

static int setup_divergent(ptxsim_device *d, const void **args, ptxsim_dim3 *g, ptxsim_dim3 *b)
{
  int n = 1 << 18;
  int rc = fill_buffer(d, (size_t)n * 4, 1, &bufs[0]) || fill_buffer(d, (size_t)n * 4, 1, &bufs[1]);
  ints[0] = n;
  args[0] = &bufs[0], args[1] = &bufs[1], args[2] = &ints[0];
  *b = (ptxsim_dim3){128, 1, 1};
  *g = (ptxsim_dim3){(unsigned)(n / 128), 1, 1};
  return rc;
}

static int setup_divergent_sum(ptxsim_device *d, const void **args, ptxsim_dim3 *g,
                               ptxsim_dim3 *b)
{
  int n = 1 << 20;
  int rc = fill_buffer(d, (size_t)n * 4, 2, &bufs[0]) || fill_buffer(d, (size_t)n / 128 * 4, 1, &bufs[1]);
  ints[0] = n;
  args[0] = &bufs[0], args[1] = &bufs[1], args[2] = &ints[0];
  *b = (ptxsim_dim3){128, 1, 1};
  *g = (ptxsim_dim3){(unsigned)(n / 128), 1, 1};
  return rc;
}

static int setup_histogram(ptxsim_device *d, const void **args, ptxsim_dim3 *g, ptxsim_dim3 *b)
{
  int n = 1 << 24;
  int rc = fill_buffer(d, (size_t)n, 2, &bufs[0]) || fill_buffer(d, 256 * 4, 1, &bufs[1]) ||
           ptxsim_memset(d, bufs[1], 0, 256 * 4);
  ints[0] = n;
  args[0] = &bufs[0], args[1] = &bufs[1], args[2] = &ints[0];
  *b = (ptxsim_dim3){256, 1, 1};
  *g = (ptxsim_dim3){256, 1, 1};
  return rc;
}

/* const_lookup(in, idx, out, outi, n): uniform and per-lane ld.const. */
static int setup_const_lookup(ptxsim_device *d, const void **args, ptxsim_dim3 *g,
                              ptxsim_dim3 *b)
{
  int n = 1 << 20;
  int rc = fill_buffer(d, (size_t)n * 4, 0, &bufs[0]) || fill_buffer(d, (size_t)n * 4, 2, &bufs[1]) ||
           fill_buffer(d, (size_t)n * 4, 0, &bufs[2]) || fill_buffer(d, (size_t)n * 4, 0, &bufs[3]);
  ints[0] = n;
  for (int i = 0; i < 4; i++)
    args[i] = &bufs[i];
  args[4] = &ints[0];
  *b = (ptxsim_dim3){256, 1, 1};
  *g = (ptxsim_dim3){(unsigned)(n / 256), 1, 1};
  return rc;
}

/* const_wide(idx, outd, outl, outf, outu, n): 8- and 16-byte ld.const. */
static int setup_const_wide(ptxsim_device *d, const void **args, ptxsim_dim3 *g, ptxsim_dim3 *b)
{
  int n = 1 << 20;
  int rc = fill_buffer(d, (size_t)n * 4, 2, &bufs[0]) || fill_buffer(d, (size_t)n * 8, 0, &bufs[1]) ||
           fill_buffer(d, (size_t)n * 8, 0, &bufs[2]) || fill_buffer(d, (size_t)n * 4, 0, &bufs[3]) ||
           fill_buffer(d, (size_t)n * 4, 0, &bufs[4]);
  ints[0] = n;
  for (int i = 0; i < 5; i++)
    args[i] = &bufs[i];
  args[5] = &ints[0];
  *b = (ptxsim_dim3){256, 1, 1};
  *g = (ptxsim_dim3){(unsigned)(n / 256), 1, 1};
  return rc;
}

/* local_array_i32(idx, vals, out, n): a 64-word .local array per thread. */
static int setup_local_array(ptxsim_device *d, const void **args, ptxsim_dim3 *g, ptxsim_dim3 *b)
{
  int n = 1 << 18;
  int rc = fill_buffer(d, (size_t)n * 4, 2, &bufs[0]) || fill_buffer(d, (size_t)n * 4, 2, &bufs[1]) ||
           fill_buffer(d, (size_t)n * 4, 0, &bufs[2]);
  ints[0] = n;
  args[0] = &bufs[0], args[1] = &bufs[1], args[2] = &bufs[2], args[3] = &ints[0];
  *b = (ptxsim_dim3){256, 1, 1};
  *g = (ptxsim_dim3){(unsigned)(n / 256), 1, 1};
  return rc;
}

/* tex_1d_2d(t1, t2, t2u8, outf, outu, width, height): point-sampled
 * tex1D, tex2D (float) and tex2D (uchar4), clamped, one level each. */
static uint64_t tex_handles[3];

static int setup_texture(ptxsim_device *d, const void **args, ptxsim_dim3 *g, ptxsim_dim3 *b)
{
  int w = 1024, h = 1024;
  int rc = fill_buffer(d, (size_t)w * 4, 0, &bufs[0]) ||
           fill_buffer(d, (size_t)w * h * 4, 0, &bufs[1]) ||
           fill_buffer(d, (size_t)w * h * 4, 2, &bufs[2]) ||
           ptxsim_malloc(d, (size_t)w * h * 8, &bufs[3]) ||
           ptxsim_malloc(d, (size_t)w * h * 4, &bufs[4]);
  static const struct {
    ptxsim_tex_kind kind;
    unsigned channels, bits;
    ptxsim_channel_kind chan;
    int buf, height;
  } tex[3] = {{PTXSIM_TEX_1D, 1, 32, PTXSIM_CHANNEL_FLOAT, 0, 1},
              {PTXSIM_TEX_2D, 1, 32, PTXSIM_CHANNEL_FLOAT, 1, 1024},
              {PTXSIM_TEX_2D, 4, 8, PTXSIM_CHANNEL_UNSIGNED, 2, 1024}};
  for (int i = 0; !rc && i < 3; i++) {
    ptxsim_texture_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.kind = tex[i].kind;
    desc.channels = tex[i].channels;
    desc.channel_bits = tex[i].bits;
    desc.channel_kind = tex[i].chan;
    desc.n_levels = 1;
    desc.levels[0] = (ptxsim_tex_level){.data = bufs[tex[i].buf], .width = (size_t)w,
                                        .height = (size_t)tex[i].height};
    for (int k = 0; k < 3; k++)
      desc.address_mode[k] = PTXSIM_ADDRESS_CLAMP;
    rc = ptxsim_texture_create(d, &desc, &tex_handles[i]);
  }
  ints[0] = w, ints[1] = h;
  args[0] = &tex_handles[0], args[1] = &tex_handles[1], args[2] = &tex_handles[2];
  args[3] = &bufs[3], args[4] = &bufs[4], args[5] = &ints[0], args[6] = &ints[1];
  *b = (ptxsim_dim3){256, 1, 1};
  *g = (ptxsim_dim3){(unsigned)(w * h / 256), 1, 1};
  return rc;
}

static const bench benches[] = {
  {"vecadd", "vecadd.ptx", "vecadd", "memory-bound", setup_vecadd},
  {"matmul_tiled", "matmul_tiled.ptx", "matmul_tiled", "ALU + shared", setup_matmul},
  {"reduce_shared", "reduce_shared.ptx", "reduce_shared_i32", "shared + barriers", setup_reduce},
  {"divergent_walk", "divergence.ptx", "divergent_walk", "divergent", setup_divergent},
  {"divergent_sum", "divergence.ptx", "divergent_block_sum", "divergent + barriers",
   setup_divergent_sum},
  {"histogram256", "histogram.ptx", "histogram256", "shared atomics", setup_histogram},
  {"const_lookup", "const_mem.ptx", "const_lookup", "constant memory", setup_const_lookup},
  {"const_wide", "const_mem.ptx", "const_wide", "constant, wide", setup_const_wide},
  {"local_array", "local_array.ptx", "local_array_i32", "local memory", setup_local_array},
  {"texture_2d", "texture_surface.ptx", "tex_1d_2d", "texture, point", setup_texture},
};

static double peak_rss_mb(void)
{
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return (double)ru.ru_maxrss / 1024.0;
}

typedef struct bench_opts {
  double min_seconds;
  bool is_timing;
  const char *config;
  unsigned threads;        /* host threads of the second measurement */
} bench_opts;

/* One measurement. */
typedef struct bench_result {
  int launches;
  double seconds, peak_mb;
  uint64_t thread_insns, warp_insns, cycles;
} bench_result;

static int run_one(const char *dir, const bench *bm, const bench_opts *o, unsigned threads,
                   bench_result *res)
{
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, bm->file);
  ptxsim_module *m;
  char *msgs = NULL;
  int rc = ptxsim_module_load_file(path, &m, &msgs);
  ptxsim_free(msgs);
  if (rc) {
    fprintf(stderr, "bench_run: %s: cannot load (%s)\n", path, ptxsim_status_string(rc));
    return 1;
  }
  ptxsim_device *d;
  if (ptxsim_device_create(&d) || ptxsim_device_load(d, m)) {
    fprintf(stderr, "bench_run: %s: %s\n", bm->name, d ? ptxsim_device_error(d) : "no device");
    ptxsim_device_destroy(d);
    ptxsim_module_free(m);
    return 1;
  }
  if (o->is_timing) {
    char *msg = NULL;
    if (ptxsim_device_set_config(d, o->config, &msg) ||
        ptxsim_device_set_mode(d, PTXSIM_MODE_TIMING)) {
      fprintf(stderr, "bench_run: configuration %s: %s\n", o->config, msg ? msg : "");
      ptxsim_free(msg);
      return 1;
    }
    ptxsim_free(msg);
  }
  (void)ptxsim_device_set_threads(d, threads);
  const void *args[8];
  ptxsim_dim3 grid, block;
  if (bm->setup(d, args, &grid, &block)) {
    fprintf(stderr, "bench_run: %s: setup failed: %s\n", bm->name, ptxsim_device_error(d));
    return 1;
  }
  uint64_t thread_insns = 0, warp_insns = 0, cycles = 0;
  double seconds = 0;
  int launches = 0;
  while (seconds < o->min_seconds) {
    rc = ptxsim_launch(d, bm->kernel, grid, block, 0, args, (size_t)ptxsim_module_kernel_param_count(m, bm->kernel));
    if (rc) {
      fprintf(stderr, "bench_run: %s: %s", bm->name, ptxsim_device_error(d));
      break;
    }
    ptxsim_stats st;
    (void)ptxsim_last_stats(d, &st);
    thread_insns += st.thread_instructions;
    warp_insns += st.warp_instructions;
    cycles += st.cycles;
    seconds += st.wall_seconds;
    launches++;
  }
  *res = (bench_result){.launches = launches, .seconds = seconds, .peak_mb = peak_rss_mb(),
                        .thread_insns = thread_insns, .warp_insns = warp_insns,
                        .cycles = cycles};
  ptxsim_device_destroy(d);
  ptxsim_module_free(m);
  return rc != 0;
}

/* run_one in a child process, so that its peak memory is its own. */
static int measure(const char *dir, const bench *bm, const bench_opts *o, unsigned threads,
                   bench_result *res)
{
  int fd[2];
  if (pipe(fd))
    return 1;
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0)
    return 1;
  if (pid == 0) {
    close(fd[0]);
    bench_result r = {0};
    int rc = run_one(dir, bm, o, threads, &r);
    if (!rc && write(fd[1], &r, sizeof r) != (ssize_t)sizeof r)
      rc = 1;
    _exit(rc);
  }
  close(fd[1]);
  ssize_t got = read(fd[0], res, sizeof *res);
  close(fd[0]);
  int status;
  waitpid(pid, &status, 0);
  return got != (ssize_t)sizeof *res || !WIFEXITED(status) || WEXITSTATUS(status);
}

static double per_second(uint64_t n, const bench_result *r)
{
  return r->seconds > 0 ? (double)n / r->seconds : 0.0;
}

/* Both measurements of a kernel: one line, and one more for timing. */
static int bench_kernel(const char *dir, const bench *bm, const bench_opts *o)
{
  bench_result one, all;
  bool is_same = o->threads == 1;
  if (measure(dir, bm, o, 1, &one) || (!is_same && measure(dir, bm, o, o->threads, &all))) {
    fprintf(stderr, "bench_run: %s: the measurement failed\n", bm->name);
    return 1;
  }
  if (is_same)
    all = one;
  double r1 = per_second(one.thread_insns, &one), rn = per_second(all.thread_insns, &all);
  printf("%-15s %-20s %8.1f M %8.1f M %5.2fx %7.2f M  %5.1f%%  %7.1f MB %7.1f MB\n", bm->name,
         bm->kind, r1 / 1e6, rn / 1e6, r1 > 0 ? rn / r1 : 0.0,
         per_second(one.warp_insns, &one) / 1e6,
         100.0 * (double)one.thread_insns / (32.0 * (double)one.warp_insns), one.peak_mb,
         all.peak_mb);
  if (o->is_timing)
    printf("%-15s %-20s %8.1f K %8.1f K cycles/s  %.0f cycles per launch  IPC %.1f\n", "",
           "  timing", per_second(one.cycles, &one) / 1e3, per_second(all.cycles, &all) / 1e3,
           (double)one.cycles / one.launches,
           one.cycles ? (double)one.thread_insns / (double)one.cycles : 0.0);
  fflush(stdout);
  return 0;
}

int main(int argc, char **argv)
{
  const char *dir = "benchmarks/ptx", *only = NULL;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  bench_opts o = {.min_seconds = 2.0, .config = "gtx480",
                  .threads = cores > 0 ? (unsigned)cores : 1};
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--dir") && i + 1 < argc)
      dir = argv[++i];
    else if (!strcmp(argv[i], "--min-seconds") && i + 1 < argc)
      o.min_seconds = atof(argv[++i]);
    else if (!strcmp(argv[i], "--mode") && i + 1 < argc)
      o.is_timing = !strcmp(argv[++i], "timing");
    else if (!strcmp(argv[i], "--config") && i + 1 < argc)
      o.config = argv[++i];
    else if (!strcmp(argv[i], "--only") && i + 1 < argc)
      only = argv[++i];
    else if (!strcmp(argv[i], "--threads") && i + 1 < argc && atoi(argv[i + 1]) > 0)
      o.threads = (unsigned)atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: bench_run [--dir DIR] [--min-seconds S] [--only NAME] "
                      "[--mode functional|timing] [--config NAME|FILE] [--threads N]\n");
      return 2;
    }
  }
  if (o.is_timing)
    printf("ptxsim %s timing model on %s: 1 and %u host threads\n", ptxsim_version(), o.config,
           o.threads);
  else
    printf("ptxsim %s functional core: 1 and %u host threads\n", ptxsim_version(), o.threads);
  printf("%-15s %-20s %10s %10s %6s %9s  %6s %10s %10s\n", "kernel", "kind", "1 thread",
         "N threads", "", "warp-i/s", "SIMD", "RSS 1", "RSS N");
  printf("%-15s %-20s %10s %10s %6s %9s  %6s\n", "", "", "thread-i/s", "thread-i/s", "speedup",
         "1 thread", "eff");
  int failed = 0;
  for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++)
    if (!only || !strcmp(only, benches[i].name))
      failed |= bench_kernel(dir, &benches[i], &o);
  return failed;
}
