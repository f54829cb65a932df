/* check_atomics_scoped.c -- host driver for benchmarks/cuda/atomics_scoped.cu:
 * every integer atomic on global memory (plain and _system), float/double
 * atomic adds, a float max by CAS loop, atomicExch old values, a CAS chain
 * whose success count depends on scheduling (checked as a range), shared
 * memory atomics per block, and cuda::atomic_ref with memory orders and
 * scopes.  Inputs are small integers (|x| <= 1000, 300 threads), so the
 * float and double sums are exact in any order and compared bit-exactly. */
#include "tests/drivers/drv_util.h"

#include <limits.h>

#define N 300
#define B 128
#define NB ((N + B - 1) / B)

static void make_input(int32_t *in, uint64_t seed)
{
  ref_rng r;
  ref_rng_seed(&r, seed);
  for (int i = 0; i < N; i++)
    in[i] = ref_rand_range(&r, -1000, 1000);
  in[17] = 0;
}

static const int32_t A_INIT[13] = { 100, -1, 0, 0x12345678, INT_MIN + 5, INT_MAX - 3, 0, 10,
                                    1000000, 0 /* set below: bits of -1e9f */, 7, 0, 50 };

/* expected acc[0..10] and the count; acc[9] only when with_fmax */
static void expect_acc(const int32_t *in, const int32_t *slots0, int32_t *e, int with_fmax)
{
  uint32_t sum = (uint32_t)A_INIT[0], andv = (uint32_t)A_INIT[1], orv = (uint32_t)A_INIT[2];
  uint32_t xorv = (uint32_t)A_INIT[3], umax = (uint32_t)A_INIT[6], olds = (uint32_t)A_INIT[10];
  int32_t mx = A_INIT[4], mn = A_INIT[5];
  float fm = -1e9f;
  for (int g = 0; g < N; g++) {
    int32_t x = in[g];
    sum += (uint32_t)x;
    andv &= (uint32_t)x;
    orv |= (uint32_t)x;
    xorv ^= (uint32_t)x;
    mx = x > mx ? x : mx;
    mn = x < mn ? x : mn;
    umax = (uint32_t)x > umax ? (uint32_t)x : umax;
    fm = (float)x > fm ? (float)x : fm;
    olds += (uint32_t)slots0[g];
  }
  e[0] = (int32_t)sum;
  e[1] = (int32_t)andv;
  e[2] = (int32_t)orv;
  e[3] = (int32_t)xorv;
  e[4] = mx;
  e[5] = mn;
  e[6] = (int32_t)umax;
  e[7] = A_INIT[7] + N;
  e[8] = A_INIT[8] - N;
  e[9] = with_fmax ? (int32_t)ref_f2u(fm) : 0;
  e[10] = (int32_t)olds;
}

static void check_cas_chain(const char *kernel, const int32_t *got)
{
  int32_t succ = got[11] - A_INIT[11], adv = got[12] - A_INIT[12];
  ck_assert_msg(adv >= 1 && adv <= N, "%s: acc[12] advanced by %d, expected 1..%d (CAS chain)",
                kernel, adv, N);
  ck_assert_msg(succ == adv, "%s: acc[11] counts %d CAS successes but acc[12] advanced by %d",
                kernel, succ, adv);
}

START_TEST(test_atomics_global)
{
  drv_ctx c;
  ref_rng r;
  int32_t in[N], slots[N], acc[13], got[13], e[13], old[N], sl_got[N];
  uint64_t acc64 = 0x100000000ull, g64, e64;
  float accf = 0.5f, gf, ef;
  double accd = -0.25, gd, ed;
  int n = N;

  drv_open(&c, "atomics_scoped");
  make_input(in, 61);
  ref_rng_seed(&r, 62);
  for (int g = 0; g < N; g++)
    slots[g] = (int32_t)ref_rand32(&r);
  for (int k = 0; k < 13; k++)
    acc[k] = A_INIT[k];
  acc[9] = (int32_t)ref_f2u(-1e9f);
  expect_acc(in, slots, e, 1);
  e64 = acc64;
  ef = accf;
  ed = accd;
  for (int g = 0; g < N; g++) {
    e64 += (uint64_t)(uint32_t)in[g];
    ef += (float)in[g];       /* exact: every partial sum is a small multiple of 0.5 */
    ed += (double)in[g];
  }
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dacc = drv_upload(&c, acc, sizeof acc);
  ptxsim_devptr d64 = drv_upload(&c, &acc64, sizeof acc64), df = drv_upload(&c, &accf, sizeof accf);
  ptxsim_devptr dd = drv_upload(&c, &accd, sizeof accd), ds = drv_upload(&c, slots, sizeof slots);
  ptxsim_devptr dold = drv_alloc(&c, sizeof old);
  drv_launch(&c, "atomics_global", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dacc, &d64, &df, &dd, &ds, &dold, &n));
  drv_download(&c, got, dacc, sizeof got);
  drv_download(&c, &g64, d64, sizeof g64);
  drv_download(&c, &gf, df, sizeof gf);
  drv_download(&c, &gd, dd, sizeof gd);
  drv_download(&c, old, dold, sizeof old);
  drv_download(&c, sl_got, ds, sizeof sl_got);
  drv_expect_i32("atomics_global", "acc[0..10]", e, got, 11);
  check_cas_chain("atomics_global", got);
  drv_expect_u64("atomics_global", "acc64", &e64, &g64, 1);
  drv_expect_f32("atomics_global", "accf", &ef, &gf, 1, 0);
  drv_expect_f64("atomics_global", "accd", &ed, &gd, 1, 0);
  drv_expect_i32("atomics_global", "old_out", slots, old, N);
  drv_expect_i32("atomics_global", "slots", in, sl_got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_atomics_system)
{
  drv_ctx c;
  ref_rng r;
  int32_t in[N], slots[N], acc[13], got[13], e[13], sl_got[N];
  int n = N;

  drv_open(&c, "atomics_scoped");
  make_input(in, 63);
  ref_rng_seed(&r, 64);
  for (int g = 0; g < N; g++)
    slots[g] = (int32_t)ref_rand32(&r);
  for (int k = 0; k < 13; k++)
    acc[k] = A_INIT[k];
  acc[9] = 0x0badf00d;    /* not touched by atomics_system */
  expect_acc(in, slots, e, 0);
  e[9] = 0x0badf00d;
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dacc = drv_upload(&c, acc, sizeof acc);
  ptxsim_devptr ds = drv_upload(&c, slots, sizeof slots);
  drv_launch(&c, "atomics_system", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dacc, &ds, &n));
  drv_download(&c, got, dacc, sizeof got);
  drv_download(&c, sl_got, ds, sizeof sl_got);
  drv_expect_i32("atomics_system", "acc[0..10]", e, got, 11);
  check_cas_chain("atomics_system", got);
  drv_expect_i32("atomics_system", "slots", in, sl_got, N);
  drv_close(&c);
}
END_TEST

START_TEST(test_atomics_shared)
{
  drv_ctx c;
  int32_t in[N], got[4 * NB];
  double ed[NB], gd[NB];
  int n = N;

  drv_open(&c, "atomics_scoped");
  make_input(in, 65);
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dout = drv_alloc(&c, sizeof got);
  ptxsim_devptr dd = drv_alloc(&c, sizeof gd);
  drv_launch(&c, "atomics_shared", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dout, &dd, &n));
  drv_download(&c, got, dout, sizeof got);
  drv_download(&c, gd, dd, sizeof gd);
  for (int b = 0; b < NB; b++) {
    uint32_t s = 0, o = 0;
    int32_t m = INT_MIN;
    double sd = 0.0;
    int lo = b * B, hi = (b + 1) * B < N ? (b + 1) * B : N;
    for (int g = b * B; g < (b + 1) * B; g++) {
      int32_t x = g < N ? in[g] : 0;
      s += (uint32_t)x;
      o |= (uint32_t)x;
      m = x > m ? x : m;
      sd += (double)x;
    }
    int32_t e3[3] = { (int32_t)s, (int32_t)o, m };
    char what[48];
    snprintf(what, sizeof what, "block_out[4*%d + 0..2]", b);
    drv_expect_i32("atomics_shared", what, e3, got + 4 * b, 3);
    /* the last exchange wins: which thread is last is up to the schedule */
    ck_assert_msg(got[4 * b + 3] >= lo && got[4 * b + 3] < hi,
                  "atomics_shared: block_out[4*%d + 3]: expected a thread index in [%d, %d), got %d",
                  b, lo, hi, got[4 * b + 3]);
    ed[b] = sd;
  }
  drv_expect_f64("atomics_shared", "block_outd", ed, gd, NB, 0);
  drv_close(&c);
}
END_TEST

START_TEST(test_atomics_scoped)
{
  drv_ctx c;
  int32_t in[N];
  uint32_t acc[4] = { 5, 1000, 0x80000000u, 0xffffffffu }, got[4], e[4], flags[NB], ef[NB];
  uint32_t out[N], eo[N];
  uint64_t acc64[2] = { 1, 2 }, g64[2], e64[2];
  int n = N;

  drv_open(&c, "atomics_scoped");
  make_input(in, 66);
  e[0] = acc[0] + N;
  e[1] = acc[1] + N;
  e[2] = acc[2];
  e[3] = acc[3];
  e64[0] = acc64[0];
  e64[1] = acc64[1] + N;
  for (int g = 0; g < N; g++) {
    e[2] |= 1u << (in[g] & 31);
    e[3] &= ~(1u << (in[g] & 31));
    e64[0] += (uint64_t)(uint32_t)in[g];
    eo[g] = 1u + (uint32_t)(in[g] & 1);
  }
  for (int b = 0; b < NB; b++)
    ef[b] = 1;
  ptxsim_devptr din = drv_upload(&c, in, sizeof in), dacc = drv_upload(&c, acc, sizeof acc);
  ptxsim_devptr d64 = drv_upload(&c, acc64, sizeof acc64);
  ptxsim_devptr dfl = drv_alloc_fill(&c, sizeof flags, 0), dout = drv_alloc_fill(&c, sizeof out, 0);
  drv_launch(&c, "atomics_scoped", drv_dim(NB, 1, 1), drv_dim(B, 1, 1), 0,
             DRV_ARGS(&din, &dacc, &d64, &dfl, &dout, &n));
  drv_download(&c, got, dacc, sizeof got);
  drv_download(&c, g64, d64, sizeof g64);
  drv_download(&c, flags, dfl, sizeof flags);
  drv_download(&c, out, dout, sizeof out);
  drv_expect_u32("atomics_scoped", "acc", e, got, 4);
  drv_expect_u64("atomics_scoped", "acc64", e64, g64, 2);
  drv_expect_u32("atomics_scoped", "flags", ef, flags, NB);
  drv_expect_u32("atomics_scoped", "out", eo, out, N);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("atomics_scoped");
  DRV_ADD(s, test_atomics_global);
  DRV_ADD(s, test_atomics_system);
  DRV_ADD(s, test_atomics_shared);
  DRV_ADD(s, test_atomics_scoped);
  return drv_run(s);
}
