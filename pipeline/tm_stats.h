/* tm_stats.h -- the statistics registry of the timing model.
 *
 * Each unit owns its counters as plain fields (uint64_t, double, or an
 * array of uint64_t buckets) and increments them itself; at setup it
 * registers a pointer to each with a name and a description.  The registry
 * only reads through those pointers when it prints, so counting costs a
 * field increment and nothing else: no lookup, no string, no call.  Values
 * that are ratios (IPC, miss rates) are registered as functions evaluated
 * at print time.
 *
 * Output, in registration order:
 *   text  GPGPU-Sim's style, one per line: "gpu_sim_cycle = 1234",
 *         "gpu_ipc =     170.5633", "warp_issue = W0:12 W1:0 ... W32:7",
 *         "ptxsim_energy_total_j = 1.234568e-05" (F64E)
 *   JSON  one object: {"gpu_sim_cycle": 1234, "gpu_ipc": 170.563...,
 *         "warp_issue": [12, 0, ..., 7]}; non-finite doubles are null.
 * Names are unique and made of letters, digits and _ . : - (so that they
 * need no escaping in either format); registering anything else fails.
 * The registry does not own the counters; they must outlive it or the
 * last print, whichever comes first.
 */
#ifndef PTXSIM_PIPELINE_TM_STATS_H
#define PTXSIM_PIPELINE_TM_STATS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "frontend/ptx_compiler.h"

typedef enum tm_stat_kind {
  TM_STAT_U64,   /* const uint64_t * */
  TM_STAT_F64,   /* const double * */
  TM_STAT_HIST,  /* n_buckets consecutive uint64_t */
  TM_STAT_FN,    /* double fn(ctx), evaluated when printed */
  TM_STAT_F64E   /* const double *, printed as text in scientific notation
                    (energies, whose magnitudes span many decades) */
} tm_stat_kind;

typedef double (*tm_stat_fn)(const void *ctx);

typedef struct tm_stat {
  const char *name;          /* not copied: string literals or strings that
                                outlive the registry */
  const char *desc;
  uint8_t kind;              /* tm_stat_kind */
  uint32_t n_buckets;        /* TM_STAT_HIST */
  const char *bucket_prefix; /* TM_STAT_HIST: "W" gives W0 W1 ... */
  const void *ptr;           /* the counter(s), or fn's ctx */
  tm_stat_fn fn;
} tm_stat;

typedef struct tm_stats {
  tm_stat *v;
  size_t n, cap;
} tm_stats;

void tm_stats_init(tm_stats *s);
void tm_stats_free(tm_stats *s);

/* Registration.  Each returns 0, PTX_EINVAL for a bad or duplicate name
 * (or no buckets), PTX_ENOMEM when out of memory. */
int tm_stats_add_u64(tm_stats *s, const char *name, const char *desc,
                     const uint64_t *p) PTX_MUST_CHECK;
int tm_stats_add_f64(tm_stats *s, const char *name, const char *desc,
                     const double *p) PTX_MUST_CHECK;
/* A double printed as %.6e in text (the same as tm_stats_add_f64 in JSON). */
int tm_stats_add_f64e(tm_stats *s, const char *name, const char *desc,
                      const double *p) PTX_MUST_CHECK;
int tm_stats_add_hist(tm_stats *s, const char *name, const char *desc, const uint64_t *buckets,
                      uint32_t n_buckets, const char *bucket_prefix) PTX_MUST_CHECK;
int tm_stats_add_fn(tm_stats *s, const char *name, const char *desc, tm_stat_fn fn,
                    const void *ctx) PTX_MUST_CHECK;

/* The registered statistic called name, or NULL (setup and tests only). */
const tm_stat *tm_stats_find(const tm_stats *s, const char *name);

/* Prints every statistic as text (GPGPU-Sim style) or as one JSON object
 * followed by a newline. */
void tm_stats_print_text(const tm_stats *s, FILE *out);
void tm_stats_print_json(const tm_stats *s, FILE *out);
/* Prints "name: description" per line (for --help-stats and docs). */
void tm_stats_print_descriptions(const tm_stats *s, FILE *out);

#endif /* PTXSIM_PIPELINE_TM_STATS_H */
