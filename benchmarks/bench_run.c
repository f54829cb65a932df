/* bench_run.c -- `make bench`: simulation speed, functional and timing.
 *
 * Runs corpus kernels (memory-bound, ALU-bound, shared-memory, divergent,
 * atomic, constant and local memory) with inputs large enough that each
 * runs for at least --min-seconds (default 2), launching repeatedly, and
 * prints simulated thread and warp instructions per second and the peak
 * resident memory; in timing mode (--mode timing, on --config NAME,
 * default gtx480) also simulated cycles per second and the kernel's IPC.  A measurement, not a
 * test: nothing is asserted.
 *
 *   bench_run --dir benchmarks/ptx [--min-seconds S] [--only NAME]
 *             [--mode functional|timing] [--config NAME|FILE]
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

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
} bench_opts;

static int run_one(const char *dir, const bench *bm, const bench_opts *o)
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
  if (!rc)
    printf("%-15s %-18s %3d launches %7.2f s  %8.1f M thread-instr/s  %7.2f M warp-instr/s  "
           "SIMD eff %5.1f%%  peak RSS %7.1f MB\n",
           bm->name, bm->kind, launches, seconds, (double)thread_insns / seconds / 1e6,
           (double)warp_insns / seconds / 1e6,
           100.0 * (double)thread_insns / (32.0 * (double)warp_insns), peak_rss_mb());
  if (!rc && o->is_timing)
    printf("%-15s %-18s %7.1f K cycles/s  %.0f cycles per launch  IPC %.1f\n", "", "timing",
           (double)cycles / seconds / 1e3, (double)cycles / launches,
           cycles ? (double)thread_insns / (double)cycles : 0.0);
  fflush(stdout);
  ptxsim_device_destroy(d);
  ptxsim_module_free(m);
  return rc != 0;
}

int main(int argc, char **argv)
{
  const char *dir = "benchmarks/ptx", *only = NULL;
  bench_opts o = {.min_seconds = 2.0, .config = "gtx480"};
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
    else {
      fprintf(stderr, "usage: bench_run [--dir DIR] [--min-seconds S] [--only NAME] "
                      "[--mode functional|timing] [--config NAME|FILE]\n");
      return 2;
    }
  }
  if (o.is_timing)
    printf("ptxsim %s timing model on %s, one thread of the host\n", ptxsim_version(), o.config);
  else
    printf("ptxsim %s functional core, one thread of the host\n", ptxsim_version());
  int failed = 0;
  for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++)
    if (!only || !strcmp(only, benches[i].name))
      failed |= run_one(dir, &benches[i], &o);
  return failed;
}
