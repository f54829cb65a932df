/* check_cta_order.c -- isa_cta_order_deps (isa/cta_order.c): which
 * kernels let their CTAs see the order they run in, so that parallel
 * functional simulation (isa/simt_par.c) runs their CTAs in order.  One
 * kernel per property, hand-written; the expected masks follow from
 * cta_order.h's list. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "frontend/ptx_parse.h"
#include "isa/cta_order.h"
#include "isa/isa_prog.h"
#include "tests/test_util.h"

static const char ptx[] =
  ".version 8.0\n.target sm_80\n.address_size 64\n"
  ".extern .func (.param .b32 r) vprintf (.param .b64 a, .param .b64 b);\n"
  ".extern .func (.param .b64 r) malloc (.param .b64 a);\n"
  ".shared .align 4 .b32 sh[32];\n"
  /* plain loads, stores, shared atomics, CTA-scope fences: none */
  ".visible .entry plain(.param .u64 p) {\n"
  "  .reg .b32 %r<4>; .reg .b64 %rd<3>;\n"
  "  ld.param.u64 %rd1, [p]; ld.global.u32 %r1, [%rd1]; st.global.u32 [%rd1+4], %r1;\n"
  "  atom.shared.add.u32 %r2, [sh], 1; red.shared.add.u32 [sh+4], 1;\n"
  "  ld.volatile.shared.u32 %r3, [sh+8]; membar.cta; fence.acq_rel.cta;\n"
  "  ret; }\n"
  /* global atomics whose outcome follows the order: a returned value
   * that is read, exch, a floating-point sum, a value read on one path */
  ".visible .entry global_atom(.param .u64 p) {\n"
  "  .reg .b32 %r<2>; .reg .b64 %rd<2>;\n"
  "  ld.param.u64 %rd1, [p]; atom.global.add.u32 %r1, [%rd1], 1;\n"
  "  st.global.u32 [%rd1+4], %r1; ret; }\n"
  ".visible .entry generic_atom(.param .u64 p) {\n"
  "  .reg .b32 %r<2>; .reg .b64 %rd<2>;\n"
  "  ld.param.u64 %rd1, [p]; atom.exch.b32 %r1, [%rd1], 1; ret; }\n"
  ".visible .entry float_red(.param .u64 p) {\n"
  "  .reg .b64 %rd<2>;\n"
  "  ld.param.u64 %rd1, [p]; red.global.add.f32 [%rd1], 0f3F800000; ret; }\n"
  ".visible .entry used_on_a_path(.param .u64 p) {\n"
  "  .reg .pred %p<2>; .reg .b32 %r<3>; .reg .b64 %rd<2>;\n"
  "  ld.param.u64 %rd1, [p]; atom.global.add.u32 %r1, [%rd1], 1;\n"
  "  mov.u32 %r2, %tid.x; setp.eq.u32 %p1, %r2, 0; @%p1 bra DONE;\n"
  "  st.global.u32 [%rd1+4], %r1;\n"
  "DONE: ret; }\n"
  /* order-free: integer add, and, or, xor, min, max with no returned
   * value or a dead one, on global or generic memory */
  ".visible .entry order_free(.param .u64 p) {\n"
  "  .reg .b32 %r<4>; .reg .b64 %rd<3>;\n"
  "  ld.param.u64 %rd1, [p]; red.global.add.u32 [%rd1], 1;\n"
  "  atom.global.max.s32 %r1, [%rd1+4], 3; red.global.or.b64 [%rd1+8], %rd1;\n"
  "  atom.and.b32 %r2, [%rd1+16], 7; atom.global.xor.b64 %rd2, [%rd1+24], 5;\n"
  "  red.global.min.u32 [%rd1+32], 9; atom.global.add.u64 %rd2, [%rd1+40], 1; ret; }\n"
  ".visible .entry volatile_ld(.param .u64 p) {\n"
  "  .reg .b32 %r<2>; .reg .b64 %rd<2>;\n"
  "  ld.param.u64 %rd1, [p]; ld.volatile.global.u32 %r1, [%rd1]; ret; }\n"
  ".visible .entry relaxed_st(.param .u64 p) {\n"
  "  .reg .b64 %rd<2>;\n"
  "  ld.param.u64 %rd1, [p]; st.relaxed.gpu.global.u32 [%rd1], 1; ret; }\n"
  ".visible .entry fence_gl() { membar.gl; ret; }\n"
  ".visible .entry fence_gpu() { fence.acq_rel.gpu; ret; }\n"
  ".visible .entry clock() { .reg .b64 %rd<2>; mov.u64 %rd1, %clock64; ret; }\n"
  ".visible .entry heap() {\n"
  "  .reg .b64 %rd<2>;\n"
  "  { .param .b64 a; st.param.b64 [a], 16; .param .b64 r;\n"
  "    call.uni (r), malloc, (a); ld.param.b64 %rd1, [r]; }\n"
  "  ret; }\n"
  ".visible .entry print() {\n"
  "  .reg .b32 %r<2>;\n"
  "  { .param .b64 a; st.param.b64 [a], 0; .param .b64 b; st.param.b64 [b], 0;\n"
  "    .param .b32 r; call.uni (r), vprintf, (a, b); ld.param.b32 %r1, [r]; }\n"
  "  ret; }\n"
  /* A function with a global atomic: its callers get it, others do not. */
  ".func bump(.param .b64 q) {\n"
  "  .reg .b32 %r<2>; .reg .b64 %rd<2>; ld.param.b64 %rd1, [q];\n"
  "  atom.global.inc.u32 %r1, [%rd1], 5; ret; }\n"
  ".visible .entry calls_bump(.param .u64 p) {\n"
  "  .reg .b64 %rd<2>; ld.param.u64 %rd1, [p];\n"
  "  { .param .b64 q; st.param.b64 [q], %rd1; call.uni bump, (q); }\n"
  "  ret; }\n";

static isa_program *prog;
static ptx_module *mod;

static int no_vars(void *ctx, const ptx_var *v, uint64_t *addr)
{
  (void)ctx, (void)v;
  *addr = 0x700000000000;
  return 0;
}

static void setup(void)
{
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ck_assert_int_eq(ptx_parse_string(ptx, strlen(ptx), "cta_order.ptx", &d, &mod), 0);
  ck_assert_int_eq(isa_decode(mod, no_vars, NULL, &d, &prog), 0);
  ptx_diag_free(&d);
}

static void teardown(void)
{
  isa_program_free(prog);
  ptx_module_free(mod);
}

static const isa_kernel *kernel(const char *name)
{
  const isa_kernel *k = isa_program_kernel(prog, name);
  ck_assert_ptr_nonnull(k);
  return k;
}

START_TEST(each_property)
{
  static const struct {
    const char *kernel;
    uint32_t deps;
    bool has_printf;
  } want[] = {
    {"plain", 0, false},
    {"global_atom", ISA_CTA_ORDER_GLOBAL_ATOMIC, false},
    {"generic_atom", ISA_CTA_ORDER_GLOBAL_ATOMIC, false},
    {"float_red", ISA_CTA_ORDER_GLOBAL_ATOMIC, false},
    {"used_on_a_path", ISA_CTA_ORDER_GLOBAL_ATOMIC, false},
    {"order_free", 0, false},
    {"volatile_ld", ISA_CTA_ORDER_SYNC_MEMORY, false},
    {"relaxed_st", ISA_CTA_ORDER_SYNC_MEMORY, false},
    {"fence_gl", ISA_CTA_ORDER_SYNC_MEMORY, false},
    {"fence_gpu", ISA_CTA_ORDER_SYNC_MEMORY, false},
    {"clock", ISA_CTA_ORDER_CLOCK, false},
    {"heap", ISA_CTA_ORDER_DEVICE_HEAP, false},
    {"print", 0, true},
    {"calls_bump", ISA_CTA_ORDER_GLOBAL_ATOMIC, false},
  };
  for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
    const isa_kernel *k = kernel(want[i].kernel);
    ck_assert_msg(k->cta_order_deps == want[i].deps, "%s: deps 0x%x, expected 0x%x",
                  want[i].kernel, k->cta_order_deps, want[i].deps);
    ck_assert_msg(k->has_printf == want[i].has_printf, "%s: has_printf", want[i].kernel);
  }
}
END_TEST

START_TEST(every_property_has_a_text)
{
  for (unsigned b = 0; b < ISA_CTA_ORDER_BIT_COUNT; b++)
    ck_assert(strlen(isa_cta_order_what(b)) > 10);
  ck_assert_str_eq(isa_cta_order_what(ISA_CTA_ORDER_BIT_COUNT), "");
}
END_TEST

int main(void)
{
  Suite *s = suite_create("cta_order");
  TCase *tc = tcase_create("deps");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, each_property);
  tcase_add_test(tc, every_property_has_a_text);
  suite_add_tcase(s, tc);
  return test_run(s);
}
