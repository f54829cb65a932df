/* check_parser.c -- the parser and builder: declarations and scopes,
 * registers ranges, labels, operands of every kind, calls, debug
 * information, module directives, cross-checks of functions, and
 * reentrancy (independent modules, also parsed from several threads). */
#include "config.h"

#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_parse.h"
#include "tests/test_util.h"

#define HEADER ".version 9.0\n.target sm_90\n.address_size 64\n"

START_TEST(module_directives)
{
  ptx_module *m = test_parse_ok(".version 7.8\n.target sm_80\n.target sm_90a, debug\n.address_size 32\n");
  ck_assert_uint_eq(m->version_major, 7);
  ck_assert_uint_eq(m->version_minor, 8);
  ck_assert_uint_eq(m->sm, 90);
  ck_assert_int_eq(m->sm_suffix, 'a');
  ck_assert(m->target_flags & PTX_TARGETF_DEBUG);
  ck_assert_uint_eq(m->address_size, 32);
  ck_assert_uint_eq(m->n_targets, 3);
  ck_assert_uint_eq(m->n_target_dirs, 2);
  ptx_module_free(m);
  m = test_parse_ok(".version 9.0\n.target compute_90\n");
  ck_assert_uint_eq(m->sm, 90);
  ptx_module_free(m);
}
END_TEST

START_TEST(register_ranges)
{
  ptx_module *m = test_parse_ok(test_kernel("add.s32 %r0, %r7, 1;"));
  const ptx_insn *in = test_first_insn(m);
  ck_assert_int_eq(in->opnds[0].kind, PTX_OPND_REG);
  ck_assert_str_eq(in->opnds[0].u.reg.var->sym.name->str, "%r");
  ck_assert_uint_eq(in->opnds[0].u.reg.index, 0);
  ck_assert_uint_eq(in->opnds[1].u.reg.index, 7);
  ck_assert_uint_eq(in->opnds[0].u.reg.var->range, 8);
  ptx_module_free(m);
  /* %r<8> is %r0..%r7: %r8 and %r01 are not declared */
  char *msgs = test_parse_fail(test_kernel("add.s32 %r8, %r1, 1;"));
  ck_assert(strstr(msgs, "'%r8' is not declared"));
  free(msgs);
  msgs = test_parse_fail(test_kernel("add.s32 %r01, %r1, 1;"));
  ck_assert(strstr(msgs, "'%r01' is not declared"));
  free(msgs);
}
END_TEST

START_TEST(numbered_names_outside_registers)
{
  ptx_module *m = test_parse_ok(HEADER ".global .u32 g<3>;\n");
  ck_assert_uint_eq(m->n_vars, 3);
  ck_assert_str_eq(m->vars[2]->sym.name->str, "g2");
  ck_assert(m->vars[1]->flags & PTX_VARF_GROUPED);
  ptx_module_free(m);
}
END_TEST

START_TEST(nested_scopes)
{
  /* Sibling blocks may reuse names; an inner block hides an outer name and
   * the outer one is visible again after the block. */
  ptx_module *m = test_parse_ok(test_kernel("{ .reg .b32 t; mov.b32 t, 1; }\n"
                                            "{ .reg .b32 t; mov.b32 t, 2; }\n"
                                            ".reg .b64 t;\n"
                                            "{ .reg .b32 t; mov.b32 t, 3; }\n"
                                            "mov.b64 t, 4;"));
  const ptx_func *f = m->funcs[0];
  ck_assert_uint_eq(f->n_insns, 4);
  ck_assert_int_eq(f->insns[2].opnds[0].u.reg.var->type, PTX_TYPE_B32);
  ck_assert_int_eq(f->insns[3].opnds[0].u.reg.var->type, PTX_TYPE_B64);
  ck_assert_ptr_ne(f->insns[0].opnds[0].u.reg.var, f->insns[1].opnds[0].u.reg.var);
  ptx_module_free(m);
  char *msgs = test_parse_fail(test_kernel("{ .reg .b32 t; }\nmov.b32 t, 1;"));
  ck_assert(strstr(msgs, "'t' is not declared"));
  free(msgs);
}
END_TEST

START_TEST(labels_forward_and_backward)
{
  ptx_module *m = test_parse_ok(test_kernel("L0:\n@%p1 bra L1;\nbra.uni L0;\nL1:\nret;"));
  const ptx_func *f = m->funcs[0];
  ck_assert_uint_eq(f->n_labels, 2);
  ck_assert_str_eq(f->insns[0].opnds[0].u.label->name->str, "L1");
  ck_assert_uint_eq(f->insns[0].opnds[0].u.label->insn, 2);
  ck_assert_uint_eq(f->insns[1].opnds[0].u.label->insn, 0);
  ck_assert_ptr_nonnull(f->insns[0].guard);
  ck_assert(!f->insns[0].guard_neg);
  ptx_module_free(m);
}
END_TEST

START_TEST(operand_kinds)
{
  ptx_module *m = test_parse_ok(
    test_kernel("ld.global.v4.u32 {%r1, %r2, _, %r3}, [%rd1+16];\n"
                "setp.lt.s32 %p1|%p2, %r1, 3;\n"
                "selp.b32 %r1, %r2, %r3, !%p1;\n"
                "mov.u32 %r4, %tid.y;\n"
                "ld.global.u32 %r5, [gbuf+-4];\n"
                "ld.global.u32 %r5, gbuf[%r1+2];\n"
                "mov.u64 %rd2, gbuf+8;\n"
                "elect.sync _|%p3, 0xffffffff;\n"
                "st.global.u32 [24], %r1;"));
  const ptx_insn *in = m->funcs[0]->insns;
  ck_assert_int_eq(in[0].opnds[0].kind, PTX_OPND_VEC);
  ck_assert_uint_eq(in[0].opnds[0].n, 4);
  ck_assert_int_eq(in[0].opnds[0].u.list[2].kind, PTX_OPND_SINK);
  ck_assert_int_eq(in[0].opnds[1].kind, PTX_OPND_ADDR);
  ck_assert_int_eq(in[0].opnds[1].u.addr.offset, 16);
  ck_assert_int_eq(in[1].opnds[0].kind, PTX_OPND_PAIR);
  ck_assert(in[2].opnds[3].flags & PTX_OPNDF_NEG);
  ck_assert_int_eq(in[3].opnds[1].kind, PTX_OPND_SREG);
  ck_assert_int_eq(in[3].opnds[1].u.sreg.id, PTX_SREG_TID);
  ck_assert_int_eq(in[3].opnds[1].comp, PTX_MOD_Y);
  ck_assert_int_eq(in[4].opnds[1].u.addr.base->kind, PTX_OPND_SYM);
  ck_assert_int_eq(in[4].opnds[1].u.addr.offset, -4);
  ck_assert_int_eq(in[5].opnds[1].kind, PTX_OPND_INDEX);
  ck_assert_uint_eq(in[5].opnds[1].n, 3);
  ck_assert_uint_eq(in[5].opnds[1].u.list[2].u.imm, 2);
  ck_assert_int_eq(in[6].opnds[1].kind, PTX_OPND_SYM);
  ck_assert_int_eq(in[6].opnds[1].u.sym.offset, 8);
  ck_assert_int_eq(in[7].opnds[0].u.list[0].kind, PTX_OPND_SINK);
  ck_assert_ptr_null(in[8].opnds[0].u.addr.base);
  ck_assert_int_eq(in[8].opnds[0].u.addr.offset, 24);
  ptx_module_free(m);
}
END_TEST

START_TEST(forms_are_shared)
{
  ptx_module *m = test_parse_ok(test_kernel("add.s32 %r1, %r2, 1;\nadd.s32 %r3, %r4, 2;"));
  const ptx_insn *in = m->funcs[0]->insns;
  ck_assert_ptr_eq(in[0].form, in[1].form); /* decoded once per spelling */
  ck_assert_int_eq(in[0].form->op, PTX_OP_ADD);
  ck_assert_uint_eq(in[0].form->n_types, 1);
  ck_assert_int_eq(in[0].form->types[0], PTX_TYPE_S32);
  ptx_module_free(m);
  m = test_parse_ok(test_kernel("ld.global.nc.v2.f32 {%f1, %f2}, [%rd1];"));
  const ptx_form *f = test_first_insn(m)->form;
  ck_assert_uint_eq(f->vec, 2);
  ck_assert(ptx_form_has(f, PTX_MOD_NC));
  ck_assert(ptx_form_has(f, PTX_MOD_GLOBAL));
  ptx_module_free(m);
}
END_TEST

START_TEST(calls_and_prototypes)
{
  ptx_module *m = test_parse_ok(
    HEADER ".func (.param .b32 r) f(.param .b32 a);\n"
           ".func (.param .b32 r) f(.param .b32 a)\n{\n.reg .b32 %x;\nld.param.b32 %x, [a];\n"
           "st.param.b32 [r], %x;\nret;\n}\n"
           ".visible .entry k()\n{\n.reg .b32 %y;\n.reg .b64 %fp;\n"
           "{\n.param .b32 p0;\n.param .b32 r0;\nst.param.b32 [p0], 1;\n"
           "call (r0), f, (p0);\nld.param.b32 %y, [r0];\n}\n"
           "proto: .callprototype (.param .b32 _) _ (.param .b32 _);\n"
           "mov.u64 %fp, f;\n"
           "{\n.param .b32 p0;\n.param .b32 r0;\ncall (r0), %fp, (p0), proto;\n}\n"
           "ret;\n}\n");
  ck_assert_uint_eq(m->n_funcs, 3);
  const ptx_func *decl = m->funcs[0], *def = m->funcs[1];
  ck_assert(!decl->has_body);
  ck_assert_ptr_eq(decl->definition, def);
  ptx_usage u;
  ck_assert_int_eq(ptx_func_usage(m, m->funcs[2], &u), 0);
  ck_assert_uint_eq(u.n_funcs, 2); /* the kernel and f */
  ptx_usage_free(&u);
  ptx_module_free(m);
  char *msgs = test_parse_fail(HEADER ".func f(.param .b32 a) { ret; }\n"
                                      ".entry k() { .param .b32 p; call f, (p, p); ret; }\n");
  ck_assert(strstr(msgs, "call passes 2 arguments, the callee takes 1"));
  free(msgs);
}
END_TEST

START_TEST(debug_locations)
{
  ptx_module *m = test_parse_ok(HEADER ".visible .entry k()\n{\n"
                                       ".loc 1 10 3\nret;\n"
                                       ".loc 1 20 5\n.loc 2 7 1, function_name s0+2, inlined_at 1 20 5\nret;\n}\n"
                                       ".file 1 \"a.cu\"\n.file 2 \"b.h\", 123, 456\n"
                                       ".section .debug_str\n{\ns0:\n.b8 95, 0\n}\n");
  const ptx_func *f = m->funcs[0];
  const ptx_dbg_loc *d0 = &m->dbg_locs[f->insns[0].dbg];
  ck_assert_uint_eq(d0->line, 10);
  const ptx_dbg_loc *d1 = &m->dbg_locs[f->insns[1].dbg];
  ck_assert_uint_eq(d1->file, 2);
  ck_assert_str_eq(d1->function->str, "s0");
  ck_assert_int_eq(d1->function_offset, 2);
  ck_assert_uint_eq(m->dbg_locs[d1->inlined_at].line, 20);
  ck_assert_str_eq(ptx_module_file(m, 2)->path, "b.h");
  ck_assert_uint_eq(ptx_module_file(m, 2)->size, 456);
  ck_assert_uint_eq(m->n_sections, 1);
  ck_assert_uint_eq(m->sections[0]->n_items, 2); /* the label and a run of two bytes */
  ck_assert_int_eq(m->sections[0]->items[1].kind, PTX_SEC_DATA);
  ck_assert_uint_eq(m->sections[0]->items[1].n, 2);
  ck_assert_int_eq(m->sections[0]->items[1].values[0], 95);
  ptx_module_free(m);
  char *msgs = test_parse_fail(HEADER ".entry k()\n{\n.loc 2 7 1, function_name s, inlined_at 1 9 9\nret;\n}\n");
  ck_assert(strstr(msgs, "not used by a preceding .loc"));
  free(msgs);
  /* Found by tests/fuzz/fuzz_parse: a chain of offsets (the grammar allows
   * it) named no label (an empty name, from a NULL pointer) instead of
   * adding up. */
  m = test_parse_ok(HEADER ".visible .entry k()\n{\n.loc 1 20 5\n"
                           ".loc 1 7 1, function_name s0+2+3, inlined_at 1 20 5\nret;\n}\n"
                           ".file 1 \"a.cu\"\n"
                           ".section .debug_str\n{\ns0:\n.b8 95, 0, 0, 0, 0, 0\n}\n");
  d1 = &m->dbg_locs[m->funcs[0]->insns[0].dbg];
  ck_assert_str_eq(d1->function->str, "s0");
  ck_assert_int_eq(d1->function_offset, 5);
  ptx_module_free(m);
}
END_TEST

START_TEST(initializers_and_opaque_types)
{
  ptx_module *m = test_parse_ok(HEADER ".global .u32 a[] = {1, 2, 3};\n"
                                       ".global .u64 p = generic(a)+4;\n"
                                       ".global .u8 b[2] = {0xFF(a), 0xFF00(a)};\n"
                                       ".global .samplerref s = {filter_mode = linear, addr_mode_0 = wrap};\n"
                                       ".global .s32 x[2][2] = {{1, 2}, {3}};\n");
  ck_assert_uint_eq(ptx_var_size_bytes(m->vars[0]), 12);
  ck_assert_int_eq(m->vars[1]->init->kind, PTX_INIT_SYM);
  ck_assert(m->vars[1]->init->is_generic);
  ck_assert_int_eq(m->vars[1]->init->u.sym.offset, 4);
  ck_assert_int_eq(m->vars[2]->init->u.elems[1].kind, PTX_INIT_MASK);
  ck_assert_uint_eq(m->vars[2]->init->u.elems[1].u.mask.mask, 0xFF00);
  ck_assert_int_eq(m->vars[3]->init->u.elems[0].kind, PTX_INIT_FIELD);
  ck_assert_str_eq(m->vars[3]->init->u.elems[0].u.field.word->str, "linear");
  ck_assert_uint_eq(ptx_var_size_bytes(m->vars[4]), 16);
  ptx_module_free(m);
  static const char *const bad[] = {
    HEADER ".global .s32 x[2][2] = {1, 2, 3, 4};\n", HEADER ".global .s32 x[2] = {1, 2, 3};\n",
    HEADER ".global .f32 x = 3;\n", HEADER ".global .u32 a; .global .u16 p = a;\n",
    HEADER ".global .samplerref s = {width = 4};\n", HEADER ".shared .u32 s = 1;\n",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    free(test_parse_fail(bad[i]));
}
END_TEST

START_TEST(version_warnings)
{
  char *msgs = NULL;
  ptx_module *m = test_parse(".version 6.0\n.target sm_70\n.address_size 64\n"
                             ".entry k()\n{\n.reg .b32 %r<2>;\nredux.sync.add.u32 %r0, %r1, 0xffffffff;\nret;\n}\n",
                             &msgs);
  ck_assert_ptr_nonnull(m); /* warnings do not fail */
  ck_assert(strstr(msgs, "requires PTX ISA 7.0 or later"));
  ck_assert(strstr(msgs, "requires sm_80 or later"));
  free(msgs);
  ptx_module_free(m);
}
END_TEST

/* Parsing shares no state: threads may parse at the same time. */
static void *parse_corpus_file(void *arg)
{
  const char *path = arg;
  for (int i = 0; i < 5; i++) {
    ptx_diag d;
    ptx_diag_init(&d, NULL);
    ptx_module *m = NULL;
    if (ptx_parse_file(path, &d, &m) != 0)
      return (void *)1;
    ptx_module_free(m);
    ptx_diag_free(&d);
  }
  return NULL;
}

START_TEST(reentrant)
{
  static const char *const files[] = {"benchmarks/ptx/matmul_tiled.ptx", "benchmarks/ptx/calls_recursion.ptx",
                                      "benchmarks/ptx/debug/vecadd.ptx", "benchmarks/ptx/wmma_f16.ptx"};
  char paths[4][4096];
  pthread_t th[4];
  for (int i = 0; i < 4; i++) {
    snprintf(paths[i], sizeof paths[i], "%s", test_path(files[i]));
    ck_assert_int_eq(pthread_create(&th[i], NULL, parse_corpus_file, paths[i]), 0);
  }
  for (int i = 0; i < 4; i++) {
    void *rv;
    pthread_join(th[i], &rv);
    ck_assert_ptr_null(rv);
  }
  /* Two live modules with the same names do not interfere. */
  ptx_module *a = test_parse_ok(test_kernel("add.s32 %r1, %r2, 1;"));
  ptx_module *b = test_parse_ok(test_kernel("add.s32 %r1, %r2, 2;"));
  ck_assert_uint_eq(test_first_insn(a)->opnds[2].u.imm, 1);
  ck_assert_uint_eq(test_first_insn(b)->opnds[2].u.imm, 2);
  ptx_module_free(a);
  ptx_module_free(b);
}
END_TEST

static Suite *parser_suite(void)
{
  Suite *s = suite_create("parser");
  TCase *tc = tcase_create("structure");
  tcase_add_test(tc, module_directives);
  tcase_add_test(tc, register_ranges);
  tcase_add_test(tc, numbered_names_outside_registers);
  tcase_add_test(tc, nested_scopes);
  tcase_add_test(tc, labels_forward_and_backward);
  tcase_add_test(tc, operand_kinds);
  tcase_add_test(tc, forms_are_shared);
  tcase_add_test(tc, calls_and_prototypes);
  tcase_add_test(tc, debug_locations);
  tcase_add_test(tc, initializers_and_opaque_types);
  tcase_add_test(tc, version_warnings);
  suite_add_tcase(s, tc);
  tc = tcase_create("reentrancy");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, reentrant);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return test_run(parser_suite());
}
