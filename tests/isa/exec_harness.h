/* exec_harness.h -- the shared part of the instruction-execution tests
 * (tests/isa/check_exec_*.c): input generation, reference arithmetic
 * written independently of isa/, and a runner that wraps one instruction
 * into a kernel and runs it through the public API (include/ptxsim.h).
 *
 * A case (ex_case) is one PTX instruction, or a short sequence, over the
 * placeholder registers %ia %ib %ic (inputs) and %od %oe (outputs).  The
 * runner declares them with the case's register kinds, loads each thread's
 * inputs from a global array, runs the body, stores the outputs
 * (predicates as 0/1 through selp) and compares every thread's outputs
 * bit for bit with the case's reference, or asks the case's checker for
 * the approximate instructions.  Inputs are hand-picked edge values (all
 * pairs or triples when there are few) followed by pseudo-random vectors
 * from a generator seeded with the case name, so runs are reproducible.
 *
 * The reference arithmetic never calls ptxsim's isa/ code.  Floating-point
 * results are computed exactly with GMP and rounded once (ex_round);
 * the choices the PTX ISA leaves open follow the emulator's documented
 * contract in isa/fp_common.h, isa/fp_arith.h, isa/fp_cvt.h,
 * isa/fp_half.h and isa/int_ops.h, and each reference says which.
 *
 * Programs that need their own kernels (memory, warps, matrices) use the
 * ex_fx_* fixture helpers.
 */
#ifndef PTXSIM_TESTS_ISA_EXEC_HARNESS_H
#define PTXSIM_TESTS_ISA_EXEC_HARNESS_H

#include <check.h>
#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ptxsim.h"

/* Random vectors per case after the edge values (per-case override:
 * ex_case.n_random). */
#define EX_N_RANDOM 256
/* Threads per block of the generic kernels. */
#define EX_BLOCK 128

#define EX_PTX_HEADER ".version 9.0\n.target sm_90\n.address_size 64\n"

/* ---- deterministic pseudo-random numbers ------------------------------- */

void ex_rng_seed(const char *s);
uint64_t ex_rng(void);

/* ---- bits ---------------------------------------------------------------- */

uint64_t ex_ones(unsigned w);
/* The low w bits of v read as signed. */
int64_t ex_sx(uint64_t v, unsigned w);
uint32_t ex_f2u(float f);
float ex_u2f(uint32_t u);
uint64_t ex_d2u(double f);
double ex_u2d(uint64_t u);

/* ---- binary floating-point formats ------------------------------------- */

typedef struct ex_fmt {
  unsigned mbits, ebits; /* fraction and exponent field widths */
} ex_fmt;

extern const ex_fmt EX_F16, EX_BF16, EX_F32, EX_F64, EX_TF32;

/* Rounding directions.  RNA: to nearest, ties away from zero. */
enum { EX_RN, EX_RZ, EX_RM, EX_RP, EX_RNA };

unsigned ex_fmt_bits(ex_fmt f);
uint64_t ex_fmt_sign(ex_fmt f);
uint64_t ex_fmt_inf(ex_fmt f);
uint64_t ex_fmt_one(ex_fmt f);
uint64_t ex_fmt_quiet(ex_fmt f); /* the quiet bit of a NaN */
bool ex_isnan(ex_fmt f, uint64_t b);
bool ex_isinf(ex_fmt f, uint64_t b);
bool ex_iszero(ex_fmt f, uint64_t b);
bool ex_issub(ex_fmt f, uint64_t b);
/* .ftz: a subnormal becomes a zero of its sign. */
uint64_t ex_ftz(ex_fmt f, uint64_t b);
/* .sat: clamp to [+0, 1]; NaN and -0 give +0 (fp_arith.h). */
uint64_t ex_sat(ex_fmt f, uint64_t b);
/* The canonical NaN of a format: f16/bf16 0x7fff, f32 0x7fffffff, f64
 * 0x7fffffffffffffff (fp_common.h). */
uint64_t ex_cnan(ex_fmt f);
/* A finite value as (-1)^neg * m * 2^e. */
void ex_decode(ex_fmt f, uint64_t b, bool *neg, mpz_t m, long *e);
/* Rounds (-1)^neg * m * 2^e (m >= 0, exact) to f in mode rm; overflow
 * gives Inf or the largest finite value as IEEE 754 says. */
uint64_t ex_round(ex_fmt f, bool neg, const mpz_t m, long e, int rm);
/* The value of b as a double (exact for every format but f64 NaN
 * payloads). */
double ex_to_double(ex_fmt f, uint64_t b);
/* Distance in units in the last place, through the sign-magnitude order
 * (+0 and -0 are 0 apart). */
uint64_t ex_ulp_dist(ex_fmt f, uint64_t a, uint64_t b);

/* IEEE 754 operations, exact then rounded once.  *is_nan is set when the
 * result is NaN (the caller applies its format's NaN rule); the returned
 * bits are then meaningless. */
uint64_t ex_add(ex_fmt f, uint64_t a, uint64_t b, int rm, bool *is_nan);
uint64_t ex_mul(ex_fmt f, uint64_t a, uint64_t b, int rm, bool *is_nan);
uint64_t ex_fma(ex_fmt f, uint64_t a, uint64_t b, uint64_t c, int rm, bool *is_nan);
uint64_t ex_div(ex_fmt f, uint64_t a, uint64_t b, int rm, bool *is_nan);
uint64_t ex_sqrt(ex_fmt f, uint64_t a, int rm, bool *is_nan);
/* f64 NaN rule of fp_arith.h: the first NaN operand quieted, else the
 * canonical NaN. */
uint64_t ex_f64_nan(const uint64_t *ops, int n);

/* Float to float (finite and infinite inputs; NaN gives to's canonical
 * NaN: the caller handles widening NaNs). */
uint64_t ex_convert(ex_fmt to, ex_fmt from, uint64_t b, int rm);
/* Rounds a finite value to an integer (signed, exact). */
void ex_to_integer(ex_fmt f, uint64_t b, int rm, mpz_t out);
/* Same format, rounded to an integral value; NaN -> canonical NaN. */
uint64_t ex_round_integral(ex_fmt f, uint64_t b, int rm);
/* Integer (read as signed when is_signed) to f. */
uint64_t ex_from_int(ex_fmt f, uint64_t v, bool is_signed, int rm);
/* IEEE comparison: -1, 0, 1, or 2 when unordered. */
int ex_cmp(ex_fmt f, uint64_t a, uint64_t b);

/* ---- cases --------------------------------------------------------------- */

/* Register kinds of the placeholders: .pred .b16 .b32 .b64 .f32 .f64. */
enum { K_NONE, K_P, K_H, K_R, K_L, K_F, K_D };

/* Input generators: each has a list of edge values and a random source. */
enum {
  G_NONE, G_I8, G_I16, G_I32, G_I64, G_SH, G_POS8, G_P, G_F32, G_F64, G_F16, G_BF16, G_F16X2,
  G_SEGC, G_SIN, G_PRMT, G_BITS32, G_BITS64, G_SMALL, G_LANE, G_WP, G_WSMALL, G_WOFF, G_U5,
  G_F32POS, G_COUNT
};

typedef struct ex_case ex_case;
/* Exact reference: d[0..1] from the inputs a[0..2]. */
typedef void (*ex_ref_fn)(const ex_case *c, const uint64_t *a, uint64_t *d);
/* Approximate check: true when got is acceptable; want receives the
 * reference value for the message. */
typedef bool (*ex_chk_fn)(const ex_case *c, const uint64_t *a, const uint64_t *got,
                          uint64_t *want);
/* Warp reference: in[lane * 3 + j] -> out[lane * 2 + k] for one warp. */
typedef void (*ex_wref_fn)(const ex_case *c, const uint64_t *in, uint64_t *out);

struct ex_case {
  const char *fam;  /* TCase name */
  const char *name; /* the form, as the census writes it */
  const char *body; /* instruction text over %ia %ib %ic -> %od %oe; NULL:
                       "name %od, %ia[, %ib[, %ic]];" */
  uint8_t in[3], gen[3], out[2];
  ex_ref_fn ref;
  ex_chk_fn chk;
  ex_wref_fn wref;
  int w, sg, p1, p2;   /* parameters of the shared references */
  unsigned n_random;   /* 0: EX_N_RANDOM */
};

/* A Suite with one TCase per run of cases sharing fam, each a loop over
 * its cases. */
Suite *ex_suite(const char *name, const ex_case *cases, size_t n);
/* Runs a suite; the process exit status (0 when every test passed). */
int ex_run(Suite *s);

/* ---- fixtures for hand-written kernels ------------------------------------ */

/* A growing string for kernel text. */
typedef struct ex_sbuf {
  char *s;
  size_t n, cap;
} ex_sbuf;

/* Appends printf-style text (fails the test when out of memory). */
void ex_sb_printf(ex_sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

typedef struct ex_fx {
  ptxsim_module *m;
  ptxsim_device *d;
} ex_fx;

/* Loads PTX onto a fresh device; fails the test with the messages. */
void ex_fx_load(ex_fx *f, const char *ptx);
void ex_fx_free(ex_fx *f);
/* A device buffer with bytes of data (zeros when data is NULL). */
ptxsim_devptr ex_fx_buf(ex_fx *f, const void *data, size_t bytes);
void ex_fx_get(ex_fx *f, void *dst, ptxsim_devptr src, size_t bytes);
/* Launches kernel k with n_args arguments; fails the test unless it
 * returns want_rc. */
void ex_fx_launch(ex_fx *f, const char *k, unsigned grid, unsigned block, const void **args,
                  size_t n_args, int want_rc);

#endif /* PTXSIM_TESTS_ISA_EXEC_HARNESS_H */
