/* ptxsim_progress.c -- the progress line a device shows on stderr while
 * its launches run (ptxsim_device_set_progress):
 *
 *   ptxsim: launch 3, vecadd: CTAs 12/40, 85.1 M insn/s
 *   ptxsim: launch 1, sgemm: CTAs 7/64, cycle 181234, IPC 211.47, 2.3 M insn/s
 *
 * The launch tells the display how it goes through its simt_progress hook
 * (isa/simt.h): the functional loop once its warp instructions reach the
 * hook's mark, which each call moves about 1/32 s of work ahead at the
 * launch's rate so far (the first call comes as the first CTA starts), the
 * timing loop on its first clock step and every few thousand after.  Only
 * a call that finds the line due does more than read the clock: at most
 * four lines a second, the first half a second after the device's first
 * launch began (PTXSIM_PROGRESS_DELAYED) or as it begins (AT_ONCE).  A line is rewritten in place ("\r", then the erase-line
 * sequence after it) and erased when the launch ends, before the program
 * or the command prints again, and before device printf writes.  Kernel
 * names are cut to keep the line within 79 columns.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ptxsim.h"
#include "src/ptxsim_api_int.h"

enum { PROGRESS_COLUMNS = 79 };

static const double PROGRESS_FIRST_DELAY = 0.5; /* seconds after the first launch */
static const double PROGRESS_INTERVAL = 0.25;   /* seconds between lines */
static const double PROGRESS_TELLS_PER_SECOND = 32;

static double now_seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int ptxsim_device_set_progress(ptxsim_device *d, ptxsim_progress when)
{
  if (!d || (when != PTXSIM_PROGRESS_OFF && when != PTXSIM_PROGRESS_DELAYED &&
             when != PTXSIM_PROGRESS_AT_ONCE))
    return PTXSIM_E_INVALID;
  api_progress_of(d)->when = when;
  return PTXSIM_OK;
}

/* A rate with an SI prefix: "85.1 M", "731 K", "12". */
static void format_rate(double v, char *buf, size_t len)
{
  static const char prefixes[] = " KMGT";
  size_t i = 0;
  while (v >= 1000 && i + 1 < sizeof prefixes - 1) {
    v /= 1000;
    i++;
  }
  if (i == 0)
    snprintf(buf, len, "%.0f", v);
  else
    snprintf(buf, len, v < 100 ? "%.1f %c" : "%.0f %c", v, prefixes[i]);
}

static void hide(void *ctx)
{
  api_progress *p = ctx;
  if (!p->hook.is_shown)
    return;
  fputs("\r\033[K", stderr);
  fflush(stderr);
  p->hook.is_shown = false;
}

static void tell(void *ctx, const simt_launch *l, uint64_t ctas_done, uint64_t n_ctas)
{
  api_progress *p = ctx;
  double now = now_seconds(), secs = now - p->launch_start;
  /* The next functional call: about 1/32 s of work at the rate so far
   * (a fixed step until the launch has run long enough to measure). */
  uint64_t step = 1u << 14;
  if (secs > 0.01) {
    double per_tell = (double)l->warp_insns / secs / PROGRESS_TELLS_PER_SECOND;
    step = per_tell < 1024 ? 1024 : per_tell > (double)(1u << 30) ? 1u << 30 : (uint64_t)per_tell;
  }
  p->hook.at = l->warp_insns + step;
  if (now < p->next_line)
    return;
  p->next_line = now + PROGRESS_INTERVAL;
  char tail[160], rate[32];
  format_rate(secs > 0 ? (double)l->thread_insns / secs : 0, rate, sizeof rate);
  int n;
  if (l->cycle)
    n = snprintf(tail, sizeof tail,
                 ": CTAs %" PRIu64 "/%" PRIu64 ", cycle %" PRIu64 ", IPC %.2f, %s insn/s",
                 ctas_done, n_ctas, *l->cycle,
                 *l->cycle ? (double)l->thread_insns / (double)*l->cycle : 0.0, rate);
  else
    n = snprintf(tail, sizeof tail, ": CTAs %" PRIu64 "/%" PRIu64 ", %s insn/s", ctas_done,
                 n_ctas, rate);
  char head[48];
  int h = snprintf(head, sizeof head, "ptxsim: launch %" PRIu64 ", ", p->n_launches);
  int room = PROGRESS_COLUMNS - h - n;
  int name_len = (int)strlen(p->kernel);
  if (room < 4)
    room = 4;
  /* The program's or the kernels' output so far goes first. */
  fflush(p->out);
  if (name_len <= room)
    fprintf(stderr, "\r%s%s%s\033[K", head, p->kernel, tail);
  else
    fprintf(stderr, "\r%s%.*s...%s\033[K", head, room - 3, p->kernel, tail);
  fflush(stderr);
  p->hook.is_shown = true;
}

void api_progress_begin(api_progress *p, simt_launch *l, FILE *out)
{
  p->n_launches++;
  if (p->when == PTXSIM_PROGRESS_OFF)
    return;
  p->launch_start = now_seconds();
  if (p->next_line == 0 && p->when == PTXSIM_PROGRESS_DELAYED)
    p->next_line = p->launch_start + PROGRESS_FIRST_DELAY;
  p->kernel = l->kernel->func->name;
  p->out = out;
  p->hook = (simt_progress){.ctx = p, .tell = tell, .hide = hide};
  l->progress = &p->hook;
}

void api_progress_end(api_progress *p, simt_launch *l)
{
  hide(p);
  l->progress = NULL;
}
