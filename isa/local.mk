## isa/local.mk -- the functional core: decode, CFG, SIMT execution,
## device memory and instruction semantics.

ISA_SOURCES = \
	isa/isa_prog.h isa/isa_bind.h isa/isa_bind.c isa/isa_decode.c \
	isa/cfg.h isa/cfg.c isa/cfg_ir.c \
	isa/analysis.h isa/analysis.c isa/defuse.c isa/loops.c isa/uniformity.c \
	isa/liveness.c isa/preempt_points.c isa/reg_estimate.c isa/ctx_compress.h isa/ctx_compress.c \
	isa/ctx_live.h isa/ctx_live.c \
	isa/simt.h isa/simt_run.c isa/simt_launch.c isa/simt_record.c isa/simt_context.c \
	isa/simt_grid.c isa/simt_mem.h isa/simt_mem.c isa/simt_dyn.c isa/simt_dyn.h \
	isa/simt_par.c isa/host_pool.h isa/host_pool.c isa/cta_order.h isa/cta_order.c \
	isa/reg_init.c isa/atom_order.c \
	isa/fp_common.h isa/ops_basic.h \
	isa/ops_mem.c isa/ops_atom.c isa/ops_ctrl.c isa/ops_sync.c isa/ops_warp.c isa/synccheck.c \
	isa/ops_mov.c isa/ops_int.c isa/ops_cmp.c isa/ops_fp.h isa/ops_fp.c isa/ops_fp_half.c isa/ops_cvt.c isa/ops_bits.c isa/ops_video.c isa/ops_async.c isa/ops_mbar.c \
	isa/tex_sample.h isa/tex_sample.c isa/ops_tex.c isa/shared_layout.h isa/shared_layout.c

libptxsim_core_la_SOURCES += $(ISA_SOURCES) $(ISA_INT_OPS_SOURCES) \
	$(ISA_FP_ARITH_SOURCES) $(ISA_FP_CVT_SOURCES) $(ISA_FP_HALF_SOURCES) $(ISA_WMMA_SOURCES)
libptxsim_core_la_LIBADD += -lm

check_PROGRAMS += tests/isa/check_simt
tests_isa_check_simt_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_simt_LDADD = libptxsim_testutil.la libptxsim.la libptxsim_core.la $(CHECK_LIBS) $(GMP_LIBS)

## Host threads kept between functional launches (isa/host_pool.c).
check_PROGRAMS += tests/isa/check_host_pool
tests_isa_check_host_pool_CFLAGS = $(TEST_CFLAGS) -pthread
tests_isa_check_host_pool_LDADD = libptxsim_testutil.la libptxsim_core.la $(CHECK_LIBS) $(GMP_LIBS)

## What lets a kernel's CTAs see their order (isa/cta_order.c).
check_PROGRAMS += tests/isa/check_cta_order
tests_isa_check_cta_order_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_cta_order_LDADD = libptxsim_testutil.la libptxsim_core.la $(CHECK_LIBS) $(GMP_LIBS)

## Cooperative launches and grid-wide barriers (isa/simt_grid.c).
check_PROGRAMS += tests/isa/check_grid_sync
tests_isa_check_grid_sync_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_grid_sync_LDADD = libptxsim_testutil.la libptxsim.la libptxsim_core.la $(CHECK_LIBS) $(GMP_LIBS)

## One warp instruction at a time: the dynamic instruction record
## (isa/simt_record.c) and a warp's saved context (isa/simt_context.c).
check_PROGRAMS += tests/isa/check_simt_record tests/isa/check_simt_context
tests_isa_check_simt_record_SOURCES = tests/isa/check_simt_record.c tests/isa/simt_harness.h
tests_isa_check_simt_record_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_simt_record_LDADD = libptxsim_testutil.la libptxsim_core.la $(CHECK_LIBS) \
	$(GMP_LIBS) -lm
tests_isa_check_simt_context_SOURCES = tests/isa/check_simt_context.c tests/isa/simt_harness.h
tests_isa_check_simt_context_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_simt_context_LDADD = libptxsim_testutil.la libptxsim_core.la $(CHECK_LIBS) \
	$(GMP_LIBS) -lm

## The preemption context compression unit (isa/ctx_compress.c) on
## hand-derived patterns: 004 §1.5's BP example, PAG 8/16/32, TB classes.
check_PROGRAMS += tests/isa/check_ctx_compress
tests_isa_check_ctx_compress_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_ctx_compress_LDADD = libptxsim_core.la $(CHECK_LIBS) $(GMP_LIBS) -lm

## The texture arithmetic without a device (isa/tex_sample.c).
check_PROGRAMS += tests/isa/check_tex_sample
tests_isa_check_tex_sample_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_tex_sample_LDADD = libptxsim_core.la $(CHECK_LIBS) $(GMP_LIBS) -lm

## The static analyses (isa/analysis.h) on hand-derived examples and on
## every function of the PTX corpus.
check_PROGRAMS += tests/isa/check_analysis
tests_isa_check_analysis_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_analysis_LDADD = libptxsim_testutil.la libptxsim_core.la $(CHECK_LIBS) $(GMP_LIBS) \
	$(ZSTD_LIBS) $(LZ4_LIBS)

## The opcode table (frontend/ptx_ops.def): every row well formed and
## executed rows bound to semantic bodies; broken rows rejected.
check_PROGRAMS += tests/isa/check_op_table
tests_isa_check_op_table_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_op_table_LDADD = libptxsim_testutil.la libptxsim_core.la $(CHECK_LIBS) \
	$(GMP_LIBS) $(ZSTD_LIBS) $(LZ4_LIBS)

## Synccheck (isa/synccheck.c): kernels that break a synchronisation rule
## fault with it; kernels that keep the rules the ways programs do run.
TESTS += tests/run-synccheck-tests.sh
EXTRA_DIST += tests/run-synccheck-tests.sh tests/synccheck
