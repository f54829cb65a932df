/* check_wmma_f16.c -- host driver for benchmarks/cuda/wmma_f16.cu:
 * D = C + A * B with f16 A (M x K row-major) and B (K x N column-major),
 * f32 C and D (row-major), 16x16x16 tiles, one warp per tile, fragments
 * loaded from global memory (wmma_f16_global) or staged in shared memory
 * (wmma_f16_shared).
 *
 * References:
 *  - small integers (|a|, |b| <= 16, |c| <= 1024): every partial sum is
 *    exact in f32, so the result is the exact one whatever the summation
 *    order (what real tensor cores give too); compared bit-exactly;
 *  - random values: the hardware order is unspecified; ptxsim documents
 *    its own (isa/ops_wmma.c: c, then + a(i,k)*b(k,j) for k = 0, 1, ...,
 *    each step one f32 fma), which the driver replicates for a bit-exact
 *    comparison, and it also checks the result against the exact sum
 *    (in double) within the classical bound
 *    |err| <= K * 2^-24 * (|c| + sum |a*b|) / (1 - K * 2^-24) (Higham,
 *    Accuracy and Stability, 3.1), which any summation order meets.
 *  - faults: a launch with a 16-thread warp (wmma needs the whole warp)
 *    and one with A misaligned by one element must fail with an error.
 *
 * The forms the corpus does not use (column-major A, row-major B, C and D
 * in either layout, f16 accumulators, s8, mixed s8/u8 and .satfinite,
 * m32n8k16 and m8n32k16, bf16/tf32/f64 in other layouts, explicit padded
 * strides) are checked here too, for every wmma family, by small kernels
 * generated from a form description (one load of each fragment, one mma,
 * one store); their inputs are small integers, so the exact result is the
 * reference whatever the summation order.  Forms ptxsim does not execute
 * must be refused when the module is loaded.
 *
 * Inputs, CPU reference and checks: tests/ref/wmma_f16_ref.h, shared with
 * tests/exec/wmma_f16.cu.
 */
#include "tests/drivers/drv_util.h"
#include "tests/ref/wmma_f16_ref.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs kernel on t with block threads per block; returns D. */
static void run_case(const wmma_case *t, const char *kernel, unsigned block, float *d_out)
{
  drv_ctx c;
  int m = M, n = N, k = K;
  unsigned tiles = (M / 16) * (N / 16), warps = block / 32;
  drv_open(&c, "wmma_f16");
  ptxsim_devptr da = drv_upload(&c, t->a, sizeof t->a), db = drv_upload(&c, t->b, sizeof t->b);
  ptxsim_devptr dc = drv_upload(&c, t->c, sizeof t->c);
  ptxsim_devptr dd = drv_alloc_fill(&c, sizeof(float) * M * N, 0xff);
  drv_launch(&c, kernel, drv_dim(drv_cdiv(tiles, warps), 1, 1), drv_dim(block, 1, 1), 0,
             DRV_ARGS(&da, &db, &dc, &dd, &m, &n, &k));
  drv_download(&c, d_out, dd, sizeof(float) * M * N);
  drv_close(&c);
}

static wmma_case tc; /* large: keep it off the stack */

START_TEST(test_global_small_ints)
{
  float got[M * N];
  fill_case(&tc, 1, 1);
  /* 2 warps per block: 6 tiles in 3 blocks. */
  run_case(&tc, "wmma_f16_global", 64, got);
  drv_expect_f32("wmma_f16_global", "D", tc.exact, got, M * N, 0);
  wmma_check_exact(&drv_check, "wmma_f16_global", &tc, got);
}
END_TEST

START_TEST(test_global_random)
{
  float got[M * N];
  fill_case(&tc, 2, 0);
  /* 4 warps per block: the second block has 2 idle warps. */
  run_case(&tc, "wmma_f16_global", 128, got);
  drv_expect_f32("wmma_f16_global", "D (k-order fma reference)", tc.exact, got, M * N, 0);
  wmma_check_bound(&drv_check, "wmma_f16_global", &tc, got);
}
END_TEST

START_TEST(test_shared_small_ints)
{
  float got[M * N];
  fill_case(&tc, 3, 1);
  run_case(&tc, "wmma_f16_shared", 128, got);
  drv_expect_f32("wmma_f16_shared", "D", tc.exact, got, M * N, 0);
}
END_TEST

START_TEST(test_shared_random)
{
  float got[M * N];
  fill_case(&tc, 4, 0);
  run_case(&tc, "wmma_f16_shared", 128, got);
  drv_expect_f32("wmma_f16_shared", "D (k-order fma reference)", tc.exact, got, M * N, 0);
  wmma_check_bound(&drv_check, "wmma_f16_shared", &tc, got);
}
END_TEST

/* Launches wmma_f16_global expecting a fault whose message contains what. */
static void expect_fault(unsigned block, size_t a_offset, const char *what)
{
  drv_ctx c;
  int m = 16, n = 16, k = 16;
  fill_case(&tc, 5, 1);
  drv_open(&c, "wmma_f16");
  ptxsim_devptr da = drv_alloc(&c, sizeof tc.a + 64), db = drv_upload(&c, tc.b, sizeof tc.b);
  ptxsim_devptr dc = drv_upload(&c, tc.c, sizeof tc.c), dd = drv_alloc(&c, sizeof tc.c);
  da += a_offset;
  int rc = ptxsim_launch(c.dev, "wmma_f16_global", drv_dim(1, 1, 1), drv_dim(block, 1, 1), 0,
                         DRV_ARGS(&da, &db, &dc, &dd, &m, &n, &k));
  const char *msg = ptxsim_device_error(c.dev);
  ck_assert_msg(rc == PTXSIM_E_FAULT, "expected a fault, got %s (%d): %s",
                ptxsim_status_string(rc), rc, msg ? msg : "");
  ck_assert_msg(msg && strstr(msg, what) && strstr(msg, "wmma."),
                "the message should name a wmma instruction and say '%s': %s", what,
                msg ? msg : "(none)");
  drv_close(&c);
}

START_TEST(test_partial_warp_faults)
{
  /* blockDim.x = 16: warps = 0, so the one half-warp computes tile 0. */
  expect_fault(16, 0, "all 32 threads");
}
END_TEST

START_TEST(test_misaligned_faults)
{
  expect_fault(32, 2, "misaligned");
}
END_TEST

/* ---- forms outside the corpus ---------------------------------------- */

/* One wmma form: a kernel k(A, B, C, D) loads A, B and C, multiplies,
 * stores D; matrices are packed (default stride) unless padded, when every
 * row (column) is followed by 16 bytes of padding and the stride is given. */
typedef struct wmma_form {
  int m, n, k;
  const char *at, *bt, *ct, *dt; /* PTX element types */
  int a_col, b_col, c_col, d_col;
  int is_padded;
  int is_satfinite;
} wmma_form;

static int type_bytes(const char *t)
{
  return !strcmp(t, "u8") || !strcmp(t, "s8") ? 1
         : !strcmp(t, "f16") || !strcmp(t, "bf16") ? 2
         : !strcmp(t, "f64") ? 8 : 4;
}

/* Registers of a fragment (PTX ISA 9.7.14.4.1): .f16 A/B are eight
 * .f16x2; otherwise the tile's elements spread over 32 lanes, packed 2
 * (16-bit) or 4 (8-bit) per 32-bit register. */
static int frag_regs(const char *t, int rows, int cols, int is_ab)
{
  if (is_ab && !strcmp(t, "f16"))
    return 8;
  int per_reg = type_bytes(t) < 4 ? 4 / type_bytes(t) : 1;
  return rows * cols / 32 / per_reg;
}

static const char *reg_type(const char *t)
{
  return !strcmp(t, "f32") ? "f32" : !strcmp(t, "f64") ? "f64" : "b32";
}

/* Stride of a rows x cols matrix in elements. */
static int stride_of(const wmma_form *f, const char *t, int rows, int cols, int is_col)
{
  return (is_col ? rows : cols) + (f->is_padded ? 16 / type_bytes(t) : 0);
}

static void append(char *buf, size_t cap, const char *fmt, ...)
  __attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t cap, const char *fmt, ...)
{
  size_t n = strlen(buf);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + n, cap - n, fmt, ap);
  va_end(ap);
}

static void append_regs(char *buf, size_t cap, const char *name, int n)
{
  append(buf, cap, "{");
  for (int i = 0; i < n; i++)
    append(buf, cap, "%s%%%s%d", i ? ", " : "", name, i);
  append(buf, cap, "}");
}

static void form_ptx(const wmma_form *f, char *buf, size_t cap)
{
  const char *lay[2] = {"row", "col"};
  int na = frag_regs(f->at, f->m, f->k, 1), nb = frag_regs(f->bt, f->k, f->n, 1);
  int nc = frag_regs(f->ct, f->m, f->n, 0), nd = frag_regs(f->dt, f->m, f->n, 0);
  char shape[32];
  snprintf(shape, sizeof shape, "m%dn%dk%d", f->m, f->n, f->k);
  buf[0] = 0;
  append(buf, cap,
         ".version 9.0\n.target sm_80\n.address_size 64\n"
         ".visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)\n"
         "{\n\t.reg .b64 %%p<4>;\n\t.reg .b32 %%s<4>;\n"
         "\t.reg .%s %%a<%d>;\n\t.reg .%s %%b<%d>;\n\t.reg .%s %%c<%d>;\n\t.reg .%s %%d<%d>;\n"
         "\tld.param.u64 %%p0, [pa];\n\tld.param.u64 %%p1, [pb];\n"
         "\tld.param.u64 %%p2, [pc];\n\tld.param.u64 %%p3, [pd];\n",
         reg_type(f->at), na, reg_type(f->bt), nb, reg_type(f->ct), nc, reg_type(f->dt), nd);
  append(buf, cap, "\tmov.u32 %%s0, %d;\n\tmov.u32 %%s1, %d;\n\tmov.u32 %%s2, %d;\n"
         "\tmov.u32 %%s3, %d;\n",
         stride_of(f, f->at, f->m, f->k, f->a_col), stride_of(f, f->bt, f->k, f->n, f->b_col),
         stride_of(f, f->ct, f->m, f->n, f->c_col), stride_of(f, f->dt, f->m, f->n, f->d_col));
  const char *stride[4] = {", %s0", ", %s1", ", %s2", ", %s3"};
  static const char *const names[3] = {"a", "b", "c"};
  const char *types[3] = {f->at, f->bt, f->ct};
  int cols[3] = {f->a_col, f->b_col, f->c_col}, counts[3] = {na, nb, nc};
  for (int i = 0; i < 3; i++) {
    append(buf, cap, "\twmma.load.%s.sync.aligned.%s.%s.global.%s ", names[i], lay[cols[i]],
           shape, types[i]);
    append_regs(buf, cap, names[i], counts[i]);
    append(buf, cap, ", [%%p%d]%s;\n", i, f->is_padded ? stride[i] : "");
  }
  if (!strcmp(f->at, "f16"))
    append(buf, cap, "\twmma.mma.sync.aligned.%s.%s.%s.%s.%s ", lay[f->a_col], lay[f->b_col],
           shape, f->dt, f->ct);
  else
    append(buf, cap, "\twmma.mma.sync.aligned.%s.%s.%s.%s.%s.%s.%s%s%s ", lay[f->a_col],
           lay[f->b_col], shape, f->dt, f->at, f->bt, f->ct, f->is_satfinite ? ".satfinite" : "",
           !strcmp(f->at, "f64") ? ".rn" : "");
  append_regs(buf, cap, "d", nd);
  for (int i = 0; i < 3; i++) {
    append(buf, cap, ", ");
    append_regs(buf, cap, names[i], counts[i]);
  }
  append(buf, cap, ";\n\twmma.store.d.sync.aligned.%s.%s.global.%s [%%p3], ", lay[f->d_col],
         shape, f->dt);
  append_regs(buf, cap, "d", nd);
  append(buf, cap, "%s;\n\tret;\n}\n", f->is_padded ? stride[3] : "");
}

/* Writes value v of type t at element e of buf. */
static void put_elem(uint8_t *buf, const char *t, size_t e, double v)
{
  size_t sz = (size_t)type_bytes(t);
  uint8_t *p = buf + e * sz;
  if (!strcmp(t, "f16") || !strcmp(t, "bf16")) {
    uint16_t h = !strcmp(t, "f16") ? ref_d2h(v) : ref_d2bf(v);
    memcpy(p, &h, 2);
  } else if (!strcmp(t, "f32") || !strcmp(t, "tf32")) {
    float x = (float)v;
    memcpy(p, &x, 4);
  } else if (!strcmp(t, "f64"))
    memcpy(p, &v, 8);
  else if (!strcmp(t, "s32")) {
    int32_t x = (int32_t)v;
    memcpy(p, &x, 4);
  } else
    *p = (uint8_t)(int)v; /* u8, s8 (two's complement) */
}

static double get_elem(const uint8_t *buf, const char *t, size_t e)
{
  const uint8_t *p = buf + e * (size_t)type_bytes(t);
  if (!strcmp(t, "f16") || !strcmp(t, "bf16")) {
    uint16_t h;
    memcpy(&h, p, 2);
    return !strcmp(t, "f16") ? ref_h2d(h) : ref_bf2d(h);
  }
  if (!strcmp(t, "f32")) {
    float x;
    memcpy(&x, p, 4);
    return x;
  }
  if (!strcmp(t, "f64")) {
    double x;
    memcpy(&x, p, 8);
    return x;
  }
  int32_t x;
  memcpy(&x, p, 4); /* s32 */
  return x;
}

/* A random matrix: integers in [lo, hi] (val), stored in the form's
 * layout (mem); the padding holds a value that would show if it were
 * read. */
static void make_matrix(ref_rng *r, const wmma_form *f, const char *t, int rows, int cols,
                        int is_col, int lo, int hi, double *val, uint8_t *mem, size_t *bytes)
{
  int ld = stride_of(f, t, rows, cols, is_col), lines = is_col ? cols : rows;
  *bytes = (size_t)ld * lines * type_bytes(t);
  for (int e = 0; e < ld * lines; e++)
    put_elem(mem, t, (size_t)e, strcmp(t, "u8") ? -99 : 99);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) {
      double v = val[i * cols + j] = ref_rand_range(r, lo, hi);
      /* tf32 operands are read with the low 13 mantissa bits ignored:
       * set one of them (bit 8); the product must not see it. */
      if (!strcmp(t, "tf32"))
        v *= 1 + ldexp(1.0, -15);
      put_elem(mem, t, (size_t)(is_col ? j * ld + i : i * ld + j), v);
    }
}

static void run_form(const wmma_form *f, uint64_t seed)
{
  static char ptx[8192];
  static double a[512], b[512], cv[256], dummy[256];
  static uint8_t ma[4096], mb[4096], mc[4096], md[4096], mexp[4096];
  size_t sa, sb, sc, sd;
  char *msgs = NULL;
  drv_ctx c;
  ref_rng r;
  int is_int = !strcmp(f->dt, "s32");
  int lo = is_int ? (!strcmp(f->at, "u8") ? 0 : -128) : -3, hi = is_int ? 127 : 3;
  char what[160];

  form_ptx(f, ptx, sizeof ptx);
  snprintf(what, sizeof what, "m%dn%dk%d %s.%s.%s.%s layouts %d%d%d%d%s%s", f->m, f->n, f->k,
           f->dt, f->at, f->bt, f->ct, f->a_col, f->b_col, f->c_col, f->d_col,
           f->is_padded ? " padded" : "", f->is_satfinite ? " satfinite" : "");
  ref_rng_seed(&r, seed);
  make_matrix(&r, f, f->at, f->m, f->k, f->a_col, lo, hi, a, ma, &sa);
  make_matrix(&r, f, f->bt, f->k, f->n, f->b_col, !strcmp(f->bt, "u8") ? 0 : lo,
              !strcmp(f->bt, "u8") ? 255 : hi, b, mb, &sb);
  make_matrix(&r, f, f->ct, f->m, f->n, f->c_col, is_int ? -100000 : -100,
              is_int ? 100000 : 100, cv, mc, &sc);
  if (f->is_satfinite) /* push some sums past the s32 limits */
    for (int i = 0; i < f->m * f->n; i += 3) {
      cv[i] = i % 2 ? INT32_MAX - 5 : INT32_MIN + 5;
      int ld = stride_of(f, f->ct, f->m, f->n, f->c_col), row = i / f->n, col = i % f->n;
      put_elem(mc, f->ct, (size_t)(f->c_col ? col * ld + row : row * ld + col), cv[i]);
    }
  /* D: expected image of the whole buffer, padding untouched (0x5a). */
  make_matrix(&r, f, f->dt, f->m, f->n, f->d_col, 0, 0, dummy, md, &sd);
  memset(md, 0x5a, sd);
  memcpy(mexp, md, sd);
  for (int i = 0; i < f->m; i++)
    for (int j = 0; j < f->n; j++) {
      double s = cv[i * f->n + j];
      for (int q = 0; q < f->k; q++)
        s += a[i * f->k + q] * b[q * f->n + j];
      if (is_int)
        s = f->is_satfinite ? (s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s)
                            : (double)(int32_t)(uint32_t)(int64_t)s;
      int ld = stride_of(f, f->dt, f->m, f->n, f->d_col);
      put_elem(mexp, f->dt, (size_t)(f->d_col ? j * ld + i : i * ld + j), s);
    }

  memset(&c, 0, sizeof c);
  c.name = "wmma forms";
  int rc = ptxsim_module_load_string(ptx, strlen(ptx), "wmma_form.ptx", &c.mod, &msgs);
  ck_assert_msg(rc == PTXSIM_OK, "%s: the generated PTX does not load: %s\n%s\n%s", what,
                ptxsim_status_string(rc), msgs ? msgs : "", ptx);
  ptxsim_free(msgs);
  ck_assert_int_eq(ptxsim_device_create(&c.dev), PTXSIM_OK);
  rc = ptxsim_device_load(c.dev, c.mod);
  ck_assert_msg(rc == PTXSIM_OK, "%s: %s\n%s", what, ptxsim_device_error(c.dev), ptx);
  ptxsim_devptr da = drv_upload(&c, ma, sa), db = drv_upload(&c, mb, sb);
  ptxsim_devptr dc = drv_upload(&c, mc, sc), dd = drv_upload(&c, md, sd);
  drv_launch(&c, "k", drv_dim(1, 1, 1), drv_dim(32, 1, 1), 0, DRV_ARGS(&da, &db, &dc, &dd));
  drv_download(&c, md, dd, sd);
  drv_close(&c);
  for (size_t e = 0; e < sd / (size_t)type_bytes(f->dt); e++) {
    double g = get_elem(md, f->dt, e), x = get_elem(mexp, f->dt, e);
    ck_assert_msg(memcmp(md + e * type_bytes(f->dt), mexp + e * type_bytes(f->dt),
                         (size_t)type_bytes(f->dt)) == 0,
                  "%s: D element %zu of the buffer: expected %.17g, got %.17g", what, e, x, g);
  }
}

START_TEST(test_forms_f16)
{
  static const wmma_form forms[] = {
    {16, 16, 16, "f16", "f16", "f32", "f32", 1, 0, 1, 1, 0, 0},
    {16, 16, 16, "f16", "f16", "f32", "f32", 0, 1, 0, 1, 1, 0},
    {16, 16, 16, "f16", "f16", "f16", "f16", 0, 0, 1, 0, 0, 0},
    {16, 16, 16, "f16", "f16", "f16", "f32", 1, 1, 0, 0, 1, 0},
    {16, 16, 16, "f16", "f16", "f32", "f16", 0, 1, 1, 1, 0, 0},
    {32, 8, 16, "f16", "f16", "f32", "f32", 0, 0, 0, 1, 0, 0},
    {32, 8, 16, "f16", "f16", "f16", "f16", 1, 0, 1, 0, 1, 0},
    {8, 32, 16, "f16", "f16", "f32", "f16", 1, 1, 0, 1, 0, 0},
    {8, 32, 16, "f16", "f16", "f16", "f32", 0, 1, 1, 0, 1, 0},
  };
  for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
    run_form(&forms[i], 100 + i);
}
END_TEST

START_TEST(test_forms_int)
{
  static const wmma_form forms[] = {
    {16, 16, 16, "s8", "s8", "s32", "s32", 0, 1, 0, 0, 0, 0},
    {16, 16, 16, "s8", "s8", "s32", "s32", 1, 0, 1, 1, 1, 0},
    {16, 16, 16, "u8", "s8", "s32", "s32", 0, 0, 0, 1, 0, 0},
    {16, 16, 16, "s8", "u8", "s32", "s32", 1, 1, 1, 0, 1, 0},
    {16, 16, 16, "u8", "u8", "s32", "s32", 0, 1, 0, 0, 0, 1},
    {16, 16, 16, "s8", "s8", "s32", "s32", 0, 1, 0, 0, 1, 1},
    {32, 8, 16, "u8", "u8", "s32", "s32", 0, 1, 0, 0, 0, 0},
    {32, 8, 16, "s8", "s8", "s32", "s32", 1, 0, 1, 0, 1, 0},
    {8, 32, 16, "s8", "u8", "s32", "s32", 0, 0, 0, 1, 0, 0},
    {8, 32, 16, "u8", "u8", "s32", "s32", 1, 1, 1, 1, 1, 0},
  };
  for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
    run_form(&forms[i], 200 + i);
}
END_TEST

START_TEST(test_forms_bf16_tf32_f64)
{
  static const wmma_form forms[] = {
    {16, 16, 16, "bf16", "bf16", "f32", "f32", 1, 0, 1, 0, 0, 0},
    {32, 8, 16, "bf16", "bf16", "f32", "f32", 0, 0, 0, 1, 1, 0},
    {8, 32, 16, "bf16", "bf16", "f32", "f32", 1, 1, 1, 1, 0, 0},
    {16, 16, 8, "tf32", "tf32", "f32", "f32", 1, 0, 0, 1, 0, 0},
    {16, 16, 8, "tf32", "tf32", "f32", "f32", 0, 1, 1, 0, 1, 0},
    {8, 8, 4, "f64", "f64", "f64", "f64", 1, 0, 1, 1, 0, 0},
    {8, 8, 4, "f64", "f64", "f64", "f64", 0, 0, 0, 0, 1, 0},
  };
  for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
    run_form(&forms[i], 300 + i);
}
END_TEST

/* Forms ptxsim does not execute are refused when the module is loaded,
 * naming the instruction. */
START_TEST(test_forms_refused)
{
  static const char *const insns[] = {
    "wmma.load.a.sync.aligned.row.m8n8k32.global.s4 {%r0}, [%rd0];",
    "wmma.load.a.sync.aligned.row.m8n8k128.global.b1 {%r0}, [%rd0];",
    "wmma.mma.sync.aligned.row.col.m8n8k4.rz.f64.f64.f64.f64 {%fd0, %fd1}, {%fd2}, {%fd3}, "
    "{%fd4, %fd5};",
    "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32.satfinite {%f0, %f1, %f2, %f3, %f4, %f5, "
    "%f6, %f7}, {%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, {%r0, %r1, %r2, %r3, %r4, %r5, %r6, "
    "%r7}, {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7};",
  };
  for (size_t i = 0; i < sizeof insns / sizeof insns[0]; i++) {
    char ptx[1024];
    char *msgs = NULL;
    ptxsim_module *mod = NULL;
    ptxsim_device *dev = NULL;
    snprintf(ptx, sizeof ptx,
             ".version 9.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n"
             "\t.reg .b32 %%r<8>;\n\t.reg .f32 %%f<8>;\n\t.reg .f64 %%fd<6>;\n"
             "\t.reg .b64 %%rd<1>;\n\tmov.u64 %%rd0, 0;\n\t%s\n\tret;\n}\n",
             insns[i]);
    int rc = ptxsim_module_load_string(ptx, strlen(ptx), "refused.ptx", &mod, &msgs);
    ptxsim_free(msgs);
    if (rc != PTXSIM_OK)
      continue; /* the parser refuses it already */
    ck_assert_int_eq(ptxsim_device_create(&dev), PTXSIM_OK);
    rc = ptxsim_device_load(dev, mod);
    ck_assert_msg(rc == PTXSIM_E_UNSUPPORTED && strstr(ptxsim_device_error(dev), "wmma."),
                  "%s: expected PTXSIM_E_UNSUPPORTED, got %d: %s", insns[i], rc,
                  ptxsim_device_error(dev));
    ptxsim_device_destroy(dev);
    ptxsim_module_free(mod);
  }
}
END_TEST

int main(void)
{
  Suite *s = suite_create("wmma_f16");
  DRV_ADD(s, test_global_small_ints);
  DRV_ADD(s, test_global_random);
  DRV_ADD(s, test_shared_small_ints);
  DRV_ADD(s, test_shared_random);
  DRV_ADD(s, test_partial_warp_faults);
  DRV_ADD(s, test_misaligned_faults);
  DRV_ADD(s, test_forms_f16);
  DRV_ADD(s, test_forms_int);
  DRV_ADD(s, test_forms_bf16_tf32_f64);
  DRV_ADD(s, test_forms_refused);
  return drv_run(s);
}
