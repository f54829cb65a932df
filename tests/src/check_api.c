/* check_api.c -- the public interface (include/ptxsim.h), used the way a
 * program linked with libptxsim uses it: only the installed header. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "ptxsim.h"

static const char good[] = ".version 9.0\n.target sm_75\n.address_size 64\n"
                           ".visible .entry first(.param .u64 a, .param .u32 n) { ret; }\n"
                           ".func helper() { ret; }\n"
                           ".visible .entry second() { ret; }\n";

START_TEST(load_string_and_list_kernels)
{
  ptxsim_module *m = NULL;
  char *msgs = (char *)1;
  ck_assert_int_eq(ptxsim_module_load_string(good, strlen(good), "good.ptx", &m, &msgs), PTXSIM_OK);
  ck_assert_ptr_nonnull(m);
  ck_assert_ptr_null(msgs); /* no warnings */
  ck_assert_uint_eq(ptxsim_module_kernel_count(m), 2);
  ck_assert_str_eq(ptxsim_module_kernel_name(m, 0), "first");
  ck_assert_str_eq(ptxsim_module_kernel_name(m, 1), "second");
  ck_assert_ptr_null(ptxsim_module_kernel_name(m, 2));
  ck_assert_int_eq(ptxsim_module_kernel_param_count(m, "first"), 2);
  ck_assert_int_eq(ptxsim_module_kernel_param_count(m, "second"), 0);
  ck_assert_int_eq(ptxsim_module_kernel_param_count(m, "helper"), PTXSIM_E_NOTFOUND);
  ck_assert_int_eq(ptxsim_module_kernel_param_count(m, "nope"), PTXSIM_E_NOTFOUND);
  ptxsim_module_free(m);
}
END_TEST

START_TEST(errors_come_back_as_messages)
{
  static const char bad[] = ".version 9.0\n.target sm_75\n.entry k() { frob; }\n";
  ptxsim_module *m = (ptxsim_module *)1;
  char *msgs = NULL;
  ck_assert_int_eq(ptxsim_module_load_string(bad, strlen(bad), "bad.ptx", &m, &msgs), PTXSIM_E_PARSE);
  ck_assert_ptr_null(m);
  ck_assert_ptr_nonnull(msgs);
  ck_assert_msg(strstr(msgs, "bad.ptx:3:14: error: unknown instruction 'frob'"), "%s", msgs);
  ptxsim_free(msgs);
  /* Without a messages pointer the status still tells. */
  ck_assert_int_eq(ptxsim_module_load_string(bad, strlen(bad), NULL, &m, NULL), PTXSIM_E_PARSE);
}
END_TEST

START_TEST(files_and_bad_arguments)
{
  ptxsim_module *m = NULL;
  char *msgs = NULL;
  ck_assert_int_eq(ptxsim_module_load_file("/nonexistent/x.ptx", &m, &msgs), PTXSIM_E_IO);
  ck_assert_ptr_nonnull(strstr(msgs, "cannot open"));
  ptxsim_free(msgs);
  ck_assert_int_eq(ptxsim_module_load_file(NULL, &m, NULL), PTXSIM_E_INVALID);
  ck_assert_int_eq(ptxsim_module_load_string(NULL, 0, "x", &m, NULL), PTXSIM_E_INVALID);
  ck_assert_int_eq(ptxsim_module_kernel_param_count(NULL, "k"), PTXSIM_E_INVALID);
  ck_assert_uint_eq(ptxsim_module_kernel_count(NULL), 0);
  ptxsim_module_free(NULL);
  char path[4096];
  const char *srcdir = getenv("srcdir");
  snprintf(path, sizeof path, "%s/benchmarks/ptx/saxpy.ptx", srcdir ? srcdir : ".");
  ck_assert_int_eq(ptxsim_module_load_file(path, &m, NULL), PTXSIM_OK);
  ck_assert_uint_ge(ptxsim_module_kernel_count(m), 1);
  ptxsim_module_free(m);
}
END_TEST

/* A kernel that adds 1 to n words at p, with 256 bytes of .shared and a
 * .maxntid of 128. */
static const char incr[] =
  ".version 9.0\n.target sm_75\n.address_size 64\n"
  ".visible .entry incr(.param .u64 p, .param .u32 n) .maxntid 128, 1, 1\n"
  "{\n"
  "  .reg .b32 %r<4>; .reg .b64 %x<4>; .reg .pred %q;\n"
  "  .shared .align 4 .b8 s[256];\n"
  "  ld.param.u64 %x0, [p]; ld.param.u32 %r0, [n]; mov.u32 %r1, %tid.x;\n"
  "  setp.ge.u32 %q, %r1, %r0; @%q bra DONE;\n"
  "  mul.wide.u32 %x1, %r1, 4; add.s64 %x2, %x0, %x1;\n"
  "  ld.u32 %r2, [%x2]; add.u32 %r2, %r2, 1; st.u32 [%x2], %r2;\n"
  "DONE:\n  ret;\n}\n";

static ptxsim_device *incr_device(ptxsim_module **m)
{
  ptxsim_device *d = NULL;
  ck_assert_int_eq(ptxsim_module_load_string(incr, strlen(incr), "incr.ptx", m, NULL), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_create(&d), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_load(d, *m), PTXSIM_OK);
  return d;
}

START_TEST(unified_memory_is_shared_with_the_host)
{
  ptxsim_module *m;
  ptxsim_device *d = incr_device(&m), *d2 = NULL;
  ck_assert_int_eq(ptxsim_device_create(&d2), PTXSIM_OK);
  uint32_t *u = NULL, *u2 = NULL;
  ck_assert_int_eq(ptxsim_malloc_unified(d, 100 * sizeof *u, (void **)&u), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_malloc_unified(d2, 100 * sizeof *u, (void **)&u2), PTXSIM_OK);
  ck_assert_ptr_ne(u, u2); /* two devices in one process do not collide */
  for (uint32_t i = 0; i < 100; i++)
    u[i] = 1000 + i, u2[i] = 7; /* the host writes through the pointer */
  ptxsim_devptr p = (ptxsim_devptr)(uintptr_t)u;
  uint32_t n = 64;
  const void *args[] = {&p, &n};
  ck_assert_int_eq(ptxsim_launch(d, "incr", (ptxsim_dim3){1, 1, 1}, (ptxsim_dim3){128, 1, 1}, 0,
                                 args, 2),
                   PTXSIM_OK);
  for (uint32_t i = 0; i < 100; i++) /* and sees the kernel's writes */
    ck_assert_uint_eq(u[i], 1000 + i + (i < 64));
  uint32_t back[2];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(d, back, p + 62 * 4, sizeof back), PTXSIM_OK);
  ck_assert_uint_eq(back[0], 1063);
  ck_assert_uint_eq(back[1], 1064 - 1 + 1); /* index 63 was incremented */
  ptxsim_devptr base = 0;
  size_t size = 0;
  ck_assert_int_eq(ptxsim_pointer_info(d, p + 40, &base, &size), PTXSIM_OK);
  ck_assert_uint_eq(base, p);
  ck_assert_uint_eq(size, 400);
  ck_assert_int_eq(ptxsim_mem_free(d, p), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_pointer_info(d, p, NULL, NULL), PTXSIM_E_NOTFOUND);
  ck_assert_int_eq(ptxsim_pointer_info(d, (ptxsim_devptr)(uintptr_t)&n, NULL, NULL),
                   PTXSIM_E_NOTFOUND);
  ptxsim_device_destroy(d2);
  ptxsim_device_destroy(d);
  ptxsim_module_free(m);
}
END_TEST

/* CUDA's __managed__ variables (.attribute(.managed)) are unified memory:
 * the host reads and writes them at their device address. */
START_TEST(managed_variables_are_unified)
{
  static const char src[] =
    ".version 9.0\n.target sm_75\n.address_size 64\n"
    ".global .attribute(.managed) .align 4 .u32 counter = 5;\n"
    ".global .align 4 .u32 plain;\n"
    ".visible .entry bump()\n{\n  .reg .b32 %r<2>;\n"
    "  atom.global.add.u32 %r0, [counter], 1;\n  ret;\n}\n";
  ptxsim_module *m = NULL;
  ptxsim_device *d = NULL;
  ck_assert_int_eq(ptxsim_module_load_string(src, strlen(src), "managed.ptx", &m, NULL), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_create(&d), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_load(d, m), PTXSIM_OK);
  ptxsim_devptr a = 0, b = 0;
  size_t size = 0;
  ck_assert_int_eq(ptxsim_symbol_address(d, "counter", &a, &size), PTXSIM_OK);
  ck_assert_uint_eq(size, 4);
  uint32_t *host = (uint32_t *)(uintptr_t)a;
  ck_assert_uint_eq(*host, 5); /* the initializer is visible to the host */
  *host = 100;                 /* and a host write is visible to the kernel */
  ck_assert_int_eq(ptxsim_launch(d, "bump", (ptxsim_dim3){2, 1, 1}, (ptxsim_dim3){64, 1, 1}, 0,
                                 NULL, 0),
                   PTXSIM_OK);
  ck_assert_uint_eq(*host, 228);
  ptxsim_devptr base = 0;
  ck_assert_int_eq(ptxsim_pointer_info(d, a, &base, NULL), PTXSIM_OK);
  ck_assert_uint_eq(base, a);
  /* An ordinary .global variable is not host-addressable unified memory. */
  ck_assert_int_eq(ptxsim_symbol_address(d, "plain", &b, NULL), PTXSIM_OK);
  ck_assert_uint_ne(b, a);
  ptxsim_device_destroy(d);
  ptxsim_module_free(m);
}
END_TEST

/* Each kernel is charged for the .shared variables it can reach, not for
 * every one in the module: two kernels with 40000-byte tiles fit in one
 * module; a helper's module-scope variable counts for both callers; the
 * dynamic area starts after the launching kernel's own variables. */
static const char tiles[] =
  ".version 9.0\n.target sm_75\n.address_size 64\n"
  ".shared .align 4 .u32 common;\n"
  ".extern .shared .align 16 .b8 dyn[];\n"
  ".func (.reg .u32 r) bump()\n{\n"
  "  atom.shared.add.u32 r, [common], 1;\n  ret;\n}\n"
  /* a(out): tile ta, last word a marker; dyn[tid] = tid; out[tid] = the
   * marker (still intact) + dyn[tid] + 1000 * whether tid 0 saw common==0 */
  ".visible .entry a(.param .u64 out)\n{\n"
  "  .shared .align 4 .b8 ta[40000];\n"
  "  .reg .b32 %r<8>; .reg .b64 %x<4>; .reg .pred %p;\n"
  "  mov.u32 %r0, %tid.x; setp.eq.u32 %p, %r0, 0;\n"
  "  @%p st.shared.u32 [ta+39996], 77; @%p st.shared.u32 [common], 0;\n"
  "  bar.sync 0;\n"
  "  shl.b32 %r1, %r0, 2; mov.u32 %r2, dyn; add.u32 %r2, %r2, %r1; st.shared.u32 [%r2], %r0;\n"
  "  { .reg .u32 t; call.uni (t), bump, (); }\n"
  "  bar.sync 0;\n"
  "  ld.shared.u32 %r3, [ta+39996]; ld.shared.u32 %r4, [%r2]; add.u32 %r3, %r3, %r4;\n"
  "  ld.shared.u32 %r5, [common]; mul.lo.u32 %r5, %r5, 1000; add.u32 %r3, %r3, %r5;\n"
  "  ld.param.u64 %x0, [out]; mul.wide.u32 %x1, %r0, 4; add.s64 %x0, %x0, %x1;\n"
  "  st.global.u32 [%x0], %r3;\n  ret;\n}\n"
  ".visible .entry b(.param .u64 out)\n{\n"
  "  .shared .align 8 .b8 tb[40000];\n"
  "  .reg .b32 %r<4>; .reg .b64 %x<2>;\n"
  "  mov.u32 %r0, %tid.x; shl.b32 %r1, %r0, 2; mov.u32 %r2, tb; add.u32 %r2, %r2, %r1;\n"
  "  st.shared.u32 [%r2], %r0; { .reg .u32 t; call.uni (t), bump, (); }\n"
  "  ld.param.u64 %x0, [out]; mov.u32 %r3, common; cvt.u64.u32 %x1, %r3; st.global.u64 [%x0], %x1;\n"
  "  ret;\n}\n"
  ".visible .entry c()\n{\n  .shared .align 4 .b8 tc[100];\n  ret;\n}\n";

START_TEST(shared_memory_is_charged_per_kernel)
{
  ptxsim_module *m = NULL;
  ptxsim_device *d = NULL;
  char *msgs = NULL;
  ck_assert_msg(ptxsim_module_load_string(tiles, strlen(tiles), "tiles.ptx", &m, &msgs) ==
                  PTXSIM_OK, "%s", msgs ? msgs : "");
  ck_assert_int_eq(ptxsim_device_create(&d), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_load(d, m), PTXSIM_OK);
  ptxsim_kernel_attrs ka, kb, kc;
  ck_assert_int_eq(ptxsim_kernel_get_attrs(d, "a", &ka), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_kernel_get_attrs(d, "b", &kb), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_kernel_get_attrs(d, "c", &kc), PTXSIM_OK);
  /* common (4) then the tile at 4 (a) or 8 (b), rounded up to 16. */
  ck_assert_uint_eq(ka.static_shared_bytes, 40016);
  ck_assert_uint_eq(kb.static_shared_bytes, 40016);
  ck_assert_uint_eq(kc.static_shared_bytes, 112);
  ptxsim_devptr out = 0;
  ck_assert_int_eq(ptxsim_malloc(d, 64 * 4, &out), PTXSIM_OK);
  const void *args[] = {&out};
  /* 40016 static + 256 dynamic: fits only if b's tile is not charged. */
  ck_assert_int_eq(ptxsim_launch(d, "a", (ptxsim_dim3){1, 1, 1}, (ptxsim_dim3){64, 1, 1}, 256,
                                 args, 1),
                   PTXSIM_OK);
  uint32_t got[64];
  ck_assert_int_eq(ptxsim_memcpy_dtoh(d, got, out, sizeof got), PTXSIM_OK);
  for (uint32_t t = 0; t < 64; t++)
    ck_assert_uint_eq(got[t], 77 + t + 64000);
  ck_assert_int_eq(ptxsim_launch(d, "b", (ptxsim_dim3){1, 1, 1}, (ptxsim_dim3){64, 1, 1}, 0,
                                 args, 1),
                   PTXSIM_OK);
  uint64_t common_addr = 1;
  ck_assert_int_eq(ptxsim_memcpy_dtoh(d, &common_addr, out, sizeof common_addr), PTXSIM_OK);
  ck_assert_uint_eq(common_addr, 0); /* the shared helper's variable, below both tiles */
  ptxsim_device_destroy(d);
  ptxsim_module_free(m);
}
END_TEST

/* Two modules with the same kernel and variable names are separate
 * programs; the _in functions pick one. */
static const char twin_fmt[] =
  ".version 9.0\n.target sm_75\n.address_size 64\n"
  ".global .align 4 .u32 counter = %u;\n"
  ".const .align 4 .u32 step = %u;\n"
  ".visible .entry bump(.param .u32 extra)\n{\n"
  "  .reg .b32 %%r<4>;\n"
  "  ld.const.u32 %%r0, [step]; ld.param.u32 %%r1, [extra]; add.u32 %%r0, %%r0, %%r1;\n"
  "  atom.global.add.u32 %%r2, [counter], %%r0;\n  ret;\n}\n";

START_TEST(modules_keep_their_own_names)
{
  char src[2][1024];
  ptxsim_module *m[2] = {NULL, NULL};
  ptxsim_device *d = NULL;
  ck_assert_int_eq(ptxsim_device_create(&d), PTXSIM_OK);
  for (int i = 0; i < 2; i++) {
    snprintf(src[i], sizeof src[i], twin_fmt, 100u * (i + 1), 1u + 9u * i);
    ck_assert_int_eq(ptxsim_module_load_string(src[i], strlen(src[i]), "twin.ptx", &m[i], NULL),
                     PTXSIM_OK);
    ck_assert_int_eq(ptxsim_device_load(d, m[i]), PTXSIM_OK);
  }
  uint32_t extra = 0, v = 0;
  const void *args[] = {&extra};
  /* Module 0: step 1; module 1: step 10, one thread each launch. */
  ck_assert_int_eq(ptxsim_launch_in(d, m[1], "bump", (ptxsim_dim3){1, 1, 1},
                                    (ptxsim_dim3){1, 1, 1}, 0, args, 1),
                   PTXSIM_OK);
  ck_assert_int_eq(ptxsim_symbol_read_in(d, m[1], "counter", 0, &v, 4), PTXSIM_OK);
  ck_assert_uint_eq(v, 210);
  ck_assert_int_eq(ptxsim_symbol_read_in(d, m[0], "counter", 0, &v, 4), PTXSIM_OK);
  ck_assert_uint_eq(v, 100);
  uint32_t step = 5;
  ck_assert_int_eq(ptxsim_symbol_write_in(d, m[0], "step", 0, &step, 4), PTXSIM_OK);
  extra = 2;
  ck_assert_int_eq(ptxsim_launch_in(d, m[0], "bump", (ptxsim_dim3){1, 1, 1},
                                    (ptxsim_dim3){4, 1, 1}, 0, args, 1),
                   PTXSIM_OK);
  ck_assert_int_eq(ptxsim_symbol_read_in(d, m[0], "counter", 0, &v, 4), PTXSIM_OK);
  ck_assert_uint_eq(v, 100 + 4 * 7);
  ck_assert_int_eq(ptxsim_symbol_read_in(d, m[1], "counter", 0, &v, 4), PTXSIM_OK);
  ck_assert_uint_eq(v, 210);
  ptxsim_devptr a0 = 0, a1 = 0;
  ck_assert_int_eq(ptxsim_symbol_address_in(d, m[0], "counter", &a0, NULL), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_symbol_address_in(d, m[1], "counter", &a1, NULL), PTXSIM_OK);
  ck_assert_uint_ne(a0, a1);
  /* The plain functions: the first module's kernel, the last one's variable. */
  ck_assert_int_eq(ptxsim_symbol_address(d, "counter", &a0, NULL), PTXSIM_OK);
  ck_assert_uint_eq(a0, a1);
  ck_assert_int_eq(ptxsim_launch(d, "bump", (ptxsim_dim3){1, 1, 1}, (ptxsim_dim3){1, 1, 1}, 0,
                                 args, 1),
                   PTXSIM_OK);
  ck_assert_int_eq(ptxsim_symbol_read_in(d, m[0], "counter", 0, &v, 4), PTXSIM_OK);
  ck_assert_uint_eq(v, 128 + 7);
  ptxsim_kernel_attrs ka;
  size_t size = 0;
  ck_assert_int_eq(ptxsim_kernel_get_attrs_in(d, m[1], "bump", &ka), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_kernel_param_info_in(d, m[1], "bump", 0, &size, NULL), PTXSIM_OK);
  ck_assert_uint_eq(size, 4);
  /* A module that is not loaded on the device has no names there. */
  ptxsim_module *other = NULL;
  ck_assert_int_eq(ptxsim_module_load_string(src[0], strlen(src[0]), "other.ptx", &other, NULL),
                   PTXSIM_OK);
  ck_assert_int_eq(ptxsim_launch_in(d, other, "bump", (ptxsim_dim3){1, 1, 1},
                                    (ptxsim_dim3){1, 1, 1}, 0, args, 1),
                   PTXSIM_E_NOTFOUND);
  ck_assert_int_eq(ptxsim_symbol_read_in(d, other, "counter", 0, &v, 4), PTXSIM_E_NOTFOUND);
  ptxsim_module_free(other);
  ptxsim_device_destroy(d);
  ptxsim_module_free(m[0]);
  ptxsim_module_free(m[1]);
}
END_TEST

START_TEST(properties_attributes_and_memory_info)
{
  ptxsim_module *m;
  ptxsim_device *d = incr_device(&m);
  ptxsim_device_props pr;
  ck_assert_int_eq(ptxsim_device_get_props(d, &pr), PTXSIM_OK);
  ck_assert_int_eq(pr.warp_size, 32);
  ck_assert_int_ge(pr.cc_major * 10 + pr.cc_minor, 75);
  ck_assert_int_gt(pr.sm_count, 0);
  ck_assert_uint_ge(pr.shared_per_block_optin, pr.shared_per_block);

  size_t free0, total, free1;
  ck_assert_int_eq(ptxsim_mem_get_info(d, &free0, &total), PTXSIM_OK);
  ck_assert_uint_eq(total, pr.global_mem_bytes);
  ptxsim_devptr p;
  ck_assert_int_eq(ptxsim_malloc(d, 1 << 20, &p), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_mem_get_info(d, &free1, NULL), PTXSIM_OK);
  ck_assert_uint_eq(free0 - free1, 1 << 20);
  /* More than the device has fails, with a message. */
  ck_assert_int_eq(ptxsim_malloc(d, total, &p), PTXSIM_E_NOMEM);
  ck_assert_ptr_nonnull(strstr(ptxsim_device_error(d), "cannot allocate"));

  ptxsim_kernel_attrs a;
  ck_assert_int_eq(ptxsim_kernel_get_attrs(d, "incr", &a), PTXSIM_OK);
  ck_assert_uint_eq(a.static_shared_bytes, 256);
  ck_assert_uint_eq(a.param_bytes, 12);
  ck_assert_int_eq(a.max_threads_per_block, 128);
  ck_assert_int_eq(a.ptx_version, 90);
  ck_assert_int_eq(a.target_sm, 75);
  ck_assert_int_gt(a.num_regs, 0);
  ck_assert_int_eq(ptxsim_kernel_get_attrs(d, "nope", &a), PTXSIM_E_NOTFOUND);

  /* Launch limits come from the properties. */
  uint32_t n = 0;
  const void *args[] = {&p, &n};
  ck_assert_int_eq(ptxsim_launch(d, "incr", (ptxsim_dim3){1, 1, 1}, (ptxsim_dim3){64, 1, 1},
                                 pr.shared_per_block_optin - 256 + 1, args, 2),
                   PTXSIM_E_LAUNCH);
  ck_assert_int_eq(ptxsim_launch(d, "incr", (ptxsim_dim3){1, 1, 1}, (ptxsim_dim3){64, 1, 1},
                                 pr.shared_per_block_optin - 256, args, 2),
                   PTXSIM_OK);
  ck_assert_int_eq(ptxsim_launch(d, "incr", (ptxsim_dim3){1, (unsigned)pr.max_grid_dim[1] + 1, 1},
                                 (ptxsim_dim3){64, 1, 1}, 0, args, 2),
                   PTXSIM_E_LAUNCH);
  ptxsim_device_destroy(d);
  ptxsim_module_free(m);
}
END_TEST

/* The profiles' values are public specifications (src/device_profiles.def);
 * the timing ones follow from configs/gtx480.config by hand. */
START_TEST(device_profiles_and_timing_mode)
{
  ptxsim_module *m;
  ptxsim_device *d = incr_device(&m);
  ptxsim_device_props pr;
  ck_assert_int_eq(ptxsim_device_get_props(d, &pr), PTXSIM_OK);
  ck_assert_str_eq(pr.profile, PTXSIM_DEFAULT_PROFILE);
  ck_assert_str_eq(pr.profile, "sm_90");
  ck_assert_str_eq(pr.name, "NVIDIA H200");
  ck_assert_int_eq(pr.sm_count, 132);
  ck_assert_uint_eq(pr.shared_per_block_optin, 232448);

  /* Every listed profile can be chosen and reports its own name. */
  ck_assert_uint_ge(ptxsim_device_profile_count(), 4);
  for (size_t i = 0; i < ptxsim_device_profile_count(); i++) {
    const char *desc = NULL;
    const char *name = ptxsim_device_profile_name(i, &desc);
    ck_assert_ptr_nonnull(name);
    ck_assert_ptr_nonnull(desc);
    ck_assert_int_eq(ptxsim_device_set_profile(d, name), PTXSIM_OK);
    ck_assert_int_eq(ptxsim_device_get_props(d, &pr), PTXSIM_OK);
    ck_assert_str_eq(pr.profile, name);
    ck_assert_int_eq(pr.cc_major * 10 + pr.cc_minor, atoi(name + 3));
  }
  ck_assert_ptr_null(ptxsim_device_profile_name(ptxsim_device_profile_count(), NULL));

  ck_assert_int_eq(ptxsim_device_set_profile(d, "sm_75"), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_set_profile(d, "sm_99"), PTXSIM_E_NOTFOUND);
  ck_assert_int_eq(ptxsim_device_set_profile(d, NULL), PTXSIM_E_INVALID);
  ck_assert_int_eq(ptxsim_device_get_props(d, &pr), PTXSIM_OK);
  ck_assert_str_eq(pr.name, "Tesla T4"); /* unchanged by the refusals */
  ck_assert_int_eq(pr.sm_count, 40);
  ck_assert_uint_eq(pr.shared_per_block_optin, 65536);
  ck_assert_uint_eq(pr.reserved_shared_per_block, 0);

  /* Launches must fit the profile: 100000 bytes of shared memory do not
   * on a T4 (64 KiB), do on an A100 (163 KiB). */
  ptxsim_devptr p;
  ck_assert_int_eq(ptxsim_malloc(d, 256, &p), PTXSIM_OK);
  uint32_t n = 0;
  const void *args[] = {&p, &n};
  ck_assert_int_eq(ptxsim_launch(d, "incr", (ptxsim_dim3){1, 1, 1}, (ptxsim_dim3){64, 1, 1},
                                 100000, args, 2),
                   PTXSIM_E_LAUNCH);
  ck_assert_int_eq(ptxsim_device_set_profile(d, "sm_80"), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_launch(d, "incr", (ptxsim_dim3){1, 1, 1}, (ptxsim_dim3){64, 1, 1},
                                 100000, args, 2),
                   PTXSIM_OK);

  /* Timing mode: the GTX480's 15 SMs at 700 MHz, 6 channels x 2 L2 slices
   * of 64 x 128 B x 8 ways, 924 MHz GDDR5 (1848 MHz as CUDA reports it) on
   * 6 x 2 chips x 32 bits, 48 KiB shared memory, 32768 registers, 1536
   * threads and 8 CTAs per SM; the rest stays the A100's. */
  ck_assert_int_eq(ptxsim_device_set_mode(d, PTXSIM_MODE_TIMING), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_get_props(d, &pr), PTXSIM_OK);
  ck_assert_int_eq(pr.sm_count, 15);
  ck_assert_int_eq(pr.clock_khz, 700000);
  ck_assert_int_eq(pr.l2_bytes, 786432);
  ck_assert_int_eq(pr.mem_clock_khz, 1848000);
  ck_assert_int_eq(pr.mem_bus_width_bits, 384);
  ck_assert_uint_eq(pr.shared_per_sm, 49152);
  ck_assert_uint_eq(pr.shared_per_block, 49152);
  ck_assert_uint_eq(pr.shared_per_block_optin, 49152);
  ck_assert_uint_eq(pr.reserved_shared_per_block, 0);
  ck_assert_int_eq(pr.persisting_l2_max_bytes, 786432 / 4 * 3); /* Ampere: 3/4 of the L2 */
  ck_assert_int_eq(pr.access_policy_max_window_bytes, 134213632);
  ck_assert_int_eq(pr.regs_per_sm, 32768);
  ck_assert_int_eq(pr.regs_per_block, 32768);
  ck_assert_int_eq(pr.max_threads_per_sm, 1536);
  ck_assert_int_eq(pr.max_blocks_per_sm, 8);
  ck_assert_int_eq(pr.max_threads_per_block, 1024);
  ck_assert_int_eq(pr.cc_major * 10 + pr.cc_minor, 80);
  ck_assert_str_eq(pr.profile, "sm_80");
  ck_assert_str_eq(pr.name, "ptxsim timing GPU (gtx480)");
  /* ... and follows the configuration's changes. */
  ck_assert_int_eq(ptxsim_device_set_config_option(d, "-gpgpu_n_clusters", "4", NULL), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_set_config_option(d, "-gpgpu_compute_capability_major", "8",
                                                   NULL),
                   PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_set_config_option(d, "-gpgpu_compute_capability_minor", "6",
                                                   NULL),
                   PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_get_props(d, &pr), PTXSIM_OK);
  ck_assert_int_eq(pr.sm_count, 4);
  ck_assert_int_eq(pr.cc_major * 10 + pr.cc_minor, 86);
  ck_assert_int_eq(ptxsim_device_set_config(d, "sm75", NULL), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_get_props(d, &pr), PTXSIM_OK);
  ck_assert_int_eq(pr.sm_count, 30);
  ck_assert_int_eq(pr.cc_major * 10 + pr.cc_minor, 80); /* sm75 gives none */
  /* Back in functional mode the profile is whole again. */
  ck_assert_int_eq(ptxsim_device_set_mode(d, PTXSIM_MODE_FUNCTIONAL), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_device_get_props(d, &pr), PTXSIM_OK);
  ck_assert_int_eq(pr.sm_count, 108);
  ck_assert_int_eq(pr.l2_bytes, 41943040);
  ck_assert_str_eq(pr.name, "NVIDIA A100-SXM4-40GB");
  ptxsim_device_destroy(d);
  ptxsim_module_free(m);
}
END_TEST

START_TEST(status_strings_and_version)
{
  ck_assert_str_eq(ptxsim_status_string(PTXSIM_OK), "success");
  ck_assert_str_eq(ptxsim_status_string(PTXSIM_E_PARSE), "the PTX has errors");
  ck_assert_str_eq(ptxsim_status_string(12345), "unknown status");
  ck_assert_str_eq(ptxsim_version(), PACKAGE_VERSION);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("api");
  TCase *tc = tcase_create("modules");
  tcase_add_test(tc, load_string_and_list_kernels);
  tcase_add_test(tc, errors_come_back_as_messages);
  tcase_add_test(tc, files_and_bad_arguments);
  tcase_add_test(tc, status_strings_and_version);
  tcase_add_test(tc, unified_memory_is_shared_with_the_host);
  tcase_add_test(tc, managed_variables_are_unified);
  tcase_add_test(tc, shared_memory_is_charged_per_kernel);
  tcase_add_test(tc, modules_keep_their_own_names);
  tcase_add_test(tc, properties_attributes_and_memory_info);
  tcase_add_test(tc, device_profiles_and_timing_mode);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
