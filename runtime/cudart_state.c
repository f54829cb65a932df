/* cudart_state.c -- the runtime's process-wide state, its lock, the
 * lazily created device, per-thread last errors and messages (see
 * cudart_state.h for the rules).
 *
 * The state is torn down by the library's destructor, which runs after the
 * program's atexit handlers (nvcc registers __cudaUnregisterFatBinary with
 * atexit) and after C++ static destructors that may still free device
 * memory: the statistics are reported then, once every launch is known.
 *
 * Exit must not wait behind other host threads.  A mutex is not fair: a
 * thread that launches kernels in a loop unlocks and locks again at once,
 * and the exiting thread, woken each time, finds the lock taken again, for
 * as long as launches keep coming.  So the exit paths take the lock with
 * rt_lock_first, which closes a gate that every other thread's rt_lock
 * waits at (unless that thread holds the lock already: recursive calls
 * pass) until the lock is taken; then the gate opens again.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "frontend/ptx_diag.h"
#include "runtime/cudart_devices.h"
#include "runtime/cudart_state.h"
#include "runtime/cudart_texture_types.h"

static rt_state rt_the_state;
static bool rt_is_initialised;
static bool rt_is_finished;
static pthread_mutex_t rt_mutex;
static pthread_once_t rt_once = PTHREAD_ONCE_INIT;

/* CUDA keeps the last error per host thread. */
static _Thread_local cudaError_t rt_thread_error = cudaSuccess;

/* How many times the calling thread holds rt_mutex (it is recursive). */
static _Thread_local unsigned rt_depth;
/* The gate (see the top): how many threads are in rt_lock_first, waiting
 * for the lock ahead of the others; rt_lock waits while it is not 0. */
static atomic_uint rt_n_first;
static pthread_mutex_t rt_gate_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t rt_gate_open = PTHREAD_COND_INITIALIZER;

static void init_mutex(void)
{
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&rt_mutex, &a);
  pthread_mutexattr_destroy(&a);
}

/* The state, once the calling thread holds the lock. */
static rt_state *locked_state(void)
{
  rt_depth++;
  rt_state *st = &rt_the_state;
  if (!rt_is_initialised) {
    memset(st, 0, sizeof *st);
    st->next_stream_id = 16; /* ids below are the built-in streams' */
    rt_devices_init(st);
    rt_is_initialised = true;
  }
  /* Each call works on the calling thread's current device. */
  if (rt_depth == 1 && st->n_devices > 1)
    rt_device_follow_thread(st);
  return st;
}

rt_state *rt_lock(void)
{
  pthread_once(&rt_once, init_mutex);
  if (rt_depth == 0 && atomic_load(&rt_n_first) != 0) {
    pthread_mutex_lock(&rt_gate_mutex);
    while (atomic_load(&rt_n_first) != 0)
      pthread_cond_wait(&rt_gate_open, &rt_gate_mutex);
    pthread_mutex_unlock(&rt_gate_mutex);
  }
  pthread_mutex_lock(&rt_mutex);
  return locked_state();
}

/* Takes the lock ahead of the threads that come to rt_lock meanwhile;
 * with a deadline, gives up at it (returns false). */
static bool lock_first(const struct timespec *deadline)
{
  pthread_once(&rt_once, init_mutex);
  atomic_fetch_add(&rt_n_first, 1);
  bool is_locked = deadline ? pthread_mutex_timedlock(&rt_mutex, deadline) == 0
                            : pthread_mutex_lock(&rt_mutex) == 0;
  if (atomic_fetch_sub(&rt_n_first, 1) == 1) {
    pthread_mutex_lock(&rt_gate_mutex);
    pthread_cond_broadcast(&rt_gate_open);
    pthread_mutex_unlock(&rt_gate_mutex);
  }
  return is_locked;
}

rt_state *rt_lock_first(void)
{
  (void)lock_first(NULL);
  return locked_state();
}

cudaError_t rt_unlock(rt_state *st, cudaError_t e)
{
  (void)st;
  if (e != cudaSuccess)
    rt_thread_error = e;
  rt_depth--;
  pthread_mutex_unlock(&rt_mutex);
  return e;
}

bool rt_is_unloaded(void)
{
  return rt_is_finished;
}

cudaError_t rt_last_error_get(void)
{
  return rt_thread_error;
}

void rt_last_error_set(cudaError_t e)
{
  rt_thread_error = e;
}

void rt_set_sticky(rt_state *st, cudaError_t e)
{
  if (st->sticky == cudaSuccess)
    st->sticky = e;
}

/* A positive count from the environment, or def. */
static uint64_t env_count(const char *name, uint64_t def)
{
  const char *v = getenv(name);
  if (!v || !*v)
    return def;
  char *end;
  errno = 0;
  unsigned long long n = strtoull(v, &end, 0);
  if (*end || errno || *v == '-') {
    rt_message_once(name, "warning: ignoring %s='%s' (not a count)", name, v);
    return def;
  }
  return n;
}

/* PTXSIM_CONFIG_OPTIONS (ptxsim exec --option, which checked them): one
 * -NAME=VALUE a line, applied in order over PTXSIM_CONFIG. */
static void apply_config_options(ptxsim_device *d)
{
  const char *list = getenv("PTXSIM_CONFIG_OPTIONS");
  for (const char *p = list; p && *p;) {
    const char *end = strchr(p, '\n');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    const char *eq = memchr(p, '=', len);
    char name[256], value[4096];
    if (*p != '-' || !eq || (size_t)(eq - p) >= sizeof name ||
        len - (size_t)(eq - p) > sizeof value) {
      rt_message_once("PTXSIM_CONFIG_OPTIONS",
                      "warning: ignoring PTXSIM_CONFIG_OPTIONS line '%.*s' (not -NAME=VALUE)",
                      (int)len, p);
    } else {
      snprintf(name, sizeof name, "%.*s", (int)(eq - p), p);
      snprintf(value, sizeof value, "%.*s", (int)(len - (size_t)(eq - p) - 1), eq + 1);
      char *messages = NULL;
      if (ptxsim_device_set_config_option(d, name, value, &messages) != PTXSIM_OK) {
        const char *why = messages ? messages : "not a valid option";
        size_t n = strlen(why);
        while (n && why[n - 1] == '\n')
          n--;
        rt_message_once("PTXSIM_CONFIG_OPTIONS", "warning: ignoring option %s=%s: %.*s", name,
                        value, (int)n, why);
      }
      ptxsim_free(messages);
    }
    p = end ? end + 1 : p + len;
  }
}

/* PTXSIM_PROGRESS (ptxsim exec --progress): always (from the first
 * launch on), never, or auto (the default): half a second into the first
 * launch, when stderr is a terminal that no mask trace writes to. */
static ptxsim_progress progress_when(const rt_state *st)
{
  const char *v = getenv("PTXSIM_PROGRESS");
  if (v && strcmp(v, "always") == 0)
    return PTXSIM_PROGRESS_AT_ONCE;
  if (v && strcmp(v, "never") == 0)
    return PTXSIM_PROGRESS_OFF;
  if (v && *v && strcmp(v, "auto") != 0)
    rt_message_once("PTXSIM_PROGRESS",
                    "warning: ignoring PTXSIM_PROGRESS='%s' (auto, always or never)", v);
  return st->report_trace != stderr && isatty(STDERR_FILENO) ? PTXSIM_PROGRESS_DELAYED
                                                             : PTXSIM_PROGRESS_OFF;
}

cudaError_t rt_ensure_device(rt_state *st)
{
  if (st->dev)
    return cudaSuccess;
  if (rt_is_finished)
    return cudaErrorCudartUnloading;
  ptxsim_device *d;
  if (ptxsim_device_create(&d) != PTXSIM_OK) {
    rt_message("error: cannot create the simulated GPU (out of memory)");
    return cudaErrorMemoryAllocation;
  }
  st->dev = d;
  rt_device_created(st);
  ptxsim_device_set_output(d, stdout);
  /* The GPU it presents itself as (ptxsim exec --device, which checked
   * the name before starting the program). */
  const char *profile = getenv("PTXSIM_DEVICE");
  if (profile && *profile && ptxsim_device_set_profile(d, profile) != PTXSIM_OK)
    rt_message_once("PTXSIM_DEVICE", "warning: ignoring PTXSIM_DEVICE='%s' (not a device profile)",
                    profile);
  /* Host threads for functional simulation (ptxsim exec --threads). */
  uint64_t threads = env_count("PTXSIM_THREADS", 0);
  (void)ptxsim_device_set_threads(d, threads > 4096 ? 4096 : (unsigned)threads);
  uint64_t max_insns = env_count("PTXSIM_MAX_INSTRUCTIONS", 0);
  if (max_insns)
    (void)ptxsim_device_set_limit(d, PTXSIM_LIMIT_INSTRUCTIONS, max_insns);
  /* Timing mode (ptxsim exec --mode timing [--config X], which checked the
   * configuration before starting the program). */
  const char *config = getenv("PTXSIM_CONFIG");
  if (config && *config) {
    char *messages = NULL;
    if (ptxsim_device_set_config(d, config, &messages) != PTXSIM_OK)
      rt_message_once("PTXSIM_CONFIG", "warning: ignoring PTXSIM_CONFIG='%s': %s", config,
                      messages ? messages : "not a configuration");
    ptxsim_free(messages);
  }
  apply_config_options(d);
  const char *mode = getenv("PTXSIM_MODE");
  if (mode && strcmp(mode, "timing") == 0)
    (void)ptxsim_device_set_mode(d, PTXSIM_MODE_TIMING);
  else if (mode && *mode && strcmp(mode, "functional") != 0)
    rt_message_once("PTXSIM_MODE", "warning: ignoring PTXSIM_MODE='%s' (functional or timing)",
                    mode);
  /* In timing mode the configuration's GPU is what the program sees. */
  ptxsim_device_get_props(d, &st->props);
  st->has_props = true;
  /* Limits set before a cudaDeviceReset apply to the new device too (the
   * CUDA runtime keeps them per process). */
  if (st->is_limit_set[cudaLimitStackSize])
    (void)ptxsim_device_set_limit(d, PTXSIM_LIMIT_STACK_SIZE, st->limits[cudaLimitStackSize]);
  if (st->is_limit_set[cudaLimitMallocHeapSize])
    (void)ptxsim_device_set_limit(d, PTXSIM_LIMIT_MALLOC_HEAP_SIZE,
                                  st->limits[cudaLimitMallocHeapSize]);
  rt_report_setup(st);
  (void)ptxsim_device_set_progress(d, progress_when(st));
  rt_modules_load_all(st);
  return cudaSuccess;
}

cudaError_t rt_context(rt_state *st)
{
  if (st->sticky != cudaSuccess)
    return st->sticky;
  return rt_ensure_device(st);
}

void rt_reset_device(rt_state *st)
{
  rt_streams_free(st);
  rt_memory_forget(st);
  rt_textures_forget(st);
  if (st->dev) {
    /* Memory of managed variables goes with the device: point the
     * program's pointers nowhere until the modules are loaded again. */
    for (size_t i = 0; i < st->n_vars; i++)
      if (st->vars[i]->managed_ptr)
        *st->vars[i]->managed_ptr = NULL;
    rt_report_flush(st);
    rt_device_destroying(st);
    ptxsim_device_destroy(st->dev);
    st->dev = NULL;
  }
  for (size_t i = 0; i < st->n_mods; i++)
    st->mods[i]->is_loaded = false;
  st->sticky = cudaSuccess;
}

static void flush_and_print(const char *fmt, va_list ap)
{
  fflush(stdout);
  fputs("ptxsim: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  fflush(stderr);
}

void rt_message(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  flush_and_print(fmt, ap);
  va_end(ap);
}

void rt_message_once(const char *key, const char *fmt, ...)
{
  /* A handful of keys in a whole run: a list is enough.  The lock is
   * taken (recursively) because callers need not hold it. */
  static const char **seen;
  static size_t n_seen, cap_seen;
  rt_state *st = rt_lock();
  for (size_t i = 0; i < n_seen; i++)
    if (seen[i] == key || strcmp(seen[i], key) == 0) {
      rt_unlock(st, cudaSuccess);
      return;
    }
  if (n_seen == cap_seen) {
    size_t cap = cap_seen ? 2 * cap_seen : 32;
    const char **s = realloc(seen, cap * sizeof *s);
    if (s) {
      seen = s;
      cap_seen = cap;
    }
  }
  if (n_seen < cap_seen)
    seen[n_seen++] = key;
  va_list ap;
  va_start(ap, fmt);
  flush_and_print(fmt, ap);
  va_end(ap);
  rt_unlock(st, cudaSuccess);
}

/* One of ptxsim's output files could not be written (rt_close_output). */
static bool rt_has_lost_output;

bool rt_close_output(FILE *f, const char *path, const char *what, int earlier_errno)
{
  int err = ptx_stream_close(f, earlier_errno);
  if (!err)
    return true;
  rt_message("error: cannot write %s to %s: %s", what, path, strerror(err));
  rt_has_lost_output = true;
  return false;
}

const char *rt_program_name(void)
{
  /* glibc's short name of argv[0] (<errno.h> with _GNU_SOURCE). */
  return program_invocation_short_name && *program_invocation_short_name
             ? program_invocation_short_name
             : "program";
}

/* How long the library's destructor waits for a call in progress in
 * another thread (exit does not wait for threads). */
#define RT_FINISH_WAIT_SECONDS 2

/* Runs when the library is unloaded: after main returned and the
 * program's atexit handlers ran.  Other threads of the program may still
 * make calls: they wait at the gate, and a call in progress is waited for
 * a while; if it does not end (a long kernel), nothing is torn down rather
 * than waiting for it forever. */
__attribute__((destructor)) static void rt_finish(void)
{
  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += RT_FINISH_WAIT_SECONDS;
  if (!lock_first(&deadline))
    return;
  rt_state *st = locked_state();
  rt_stats_report(st);
  rt_devices_finish(st);
  rt_streams_free(st);
  rt_memory_forget(st);
  if (st->dev) {
    rt_report_flush(st);
    ptxsim_device_destroy(st->dev);
  }
  rt_report_close(st);
  st->dev = NULL;
  rt_modules_free(st);
  rt_stats_free(&st->stats);
  rt_is_finished = true;
  rt_unlock(st, cudaSuccess);
  /* The program's exit status is not ours to know here: a lost output of
   * ptxsim's makes it 1, after the program's own output is out. */
  if (rt_has_lost_output) {
    fflush(NULL);
    _exit(1);
  }
}
