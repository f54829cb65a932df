## tests/reports/local.mk -- tests of the run-time divergence and liveness
## reports and the mask trace (src/report_*.c), included from src/local.mk.
##
## check_reports: hand-built kernels (known.ptx) whose report numbers are
## derived by hand in the test; check_report_observe: the same kernels
## with many CTAs in flight.  run-report-tests.sh: the command-line
## options of ptxsim run and exec, the trace of trace.ptx against
## trace.expected, results with and without reports.  The corpus drivers
## again (tests/reports/corpus_*): each tests/drivers/check_X.c compiled a
## second time with its launches sent through drv_report.c, which checks
## the properties every report must have (drv_report.h).

noinst_LTLIBRARIES += libreport_json.la
libreport_json_la_SOURCES = tests/reports/json_mini.c tests/reports/json_mini.h

check_PROGRAMS += tests/src/check_reports
tests_src_check_reports_CFLAGS = $(TEST_CFLAGS)
tests_src_check_reports_LDADD = libreport_json.la libptxsim.la $(CHECK_LIBS) -lm

## The observer itself (its sources compiled in, as libptxsim exports only
## ptxsim_*), driven with many CTAs in flight the way the timing model does.
check_PROGRAMS += tests/src/check_report_observe
tests_src_check_report_observe_SOURCES = tests/src/check_report_observe.c \
	src/report_observe.c src/report_write.c src/report_preempt.c
tests_src_check_report_observe_CFLAGS = $(TEST_CFLAGS)
tests_src_check_report_observe_LDADD = libreport_json.la libptxsim_core.la $(CHECK_LIBS) \
	$(GMP_LIBS) $(ZSTD_LIBS) $(LZ4_LIBS) -lm

TESTS += tests/reports/run-report-tests.sh
EXTRA_DIST += tests/reports/run-report-tests.sh tests/reports/known.ptx \
	tests/reports/trace.ptx tests/reports/trace.expected

noinst_LTLIBRARIES += libdrv_report.la
libdrv_report_la_SOURCES = tests/reports/drv_report.c tests/reports/drv_report.h
libdrv_report_la_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)

REPORT_CORPUS_CFLAGS = $(TEST_CFLAGS) -Dptxsim_launch=rep_ptxsim_launch \
	-Ddrv_launch=rep_drv_launch
REPORT_CORPUS_LDADD = libdrv_report.la libreport_json.la libdrv_util.la libptxsim.la \
	$(CHECK_LIBS) $(GMP_LIBS) -lm

REPORT_CORPUS_TESTS = \
	tests/reports/corpus_atomics_scoped \
	tests/reports/corpus_bfs_csr \
	tests/reports/corpus_bitonic_sort \
	tests/reports/corpus_calls_recursion \
	tests/reports/corpus_compare_select \
	tests/reports/corpus_const_mem \
	tests/reports/corpus_coop_groups \
	tests/reports/corpus_cp_async \
	tests/reports/corpus_cub_primitives \
	tests/reports/corpus_divergence \
	tests/reports/corpus_dp_math \
	tests/reports/corpus_dyn_shared \
	tests/reports/corpus_fastmath \
	tests/reports/corpus_half_bf16 \
	tests/reports/corpus_histogram \
	tests/reports/corpus_int64_math \
	tests/reports/corpus_intrinsics \
	tests/reports/corpus_local_array \
	tests/reports/corpus_matmul_tiled \
	tests/reports/corpus_memory_spaces \
	tests/reports/corpus_narrow_int \
	tests/reports/corpus_nbody \
	tests/reports/corpus_reduce_shared \
	tests/reports/corpus_reduce_shfl \
	tests/reports/corpus_saxpy \
	tests/reports/corpus_scan \
	tests/reports/corpus_stencil2d \
	tests/reports/corpus_sync_misc \
	tests/reports/corpus_texture_surface \
	tests/reports/corpus_transpose \
	tests/reports/corpus_unoptimized \
	tests/reports/corpus_vecadd \
	tests/reports/corpus_warp_vote \
	tests/reports/corpus_wmma_f16 \
	tests/reports/corpus_wmma_int8 \
	tests/reports/corpus_wmma_tf32_bf16_f64
check_PROGRAMS += $(REPORT_CORPUS_TESTS)

tests_reports_corpus_atomics_scoped_SOURCES = tests/drivers/check_atomics_scoped.c
tests_reports_corpus_atomics_scoped_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_atomics_scoped_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_bfs_csr_SOURCES = tests/drivers/check_bfs_csr.c
tests_reports_corpus_bfs_csr_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_bfs_csr_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_bitonic_sort_SOURCES = tests/drivers/check_bitonic_sort.c
tests_reports_corpus_bitonic_sort_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_bitonic_sort_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_calls_recursion_SOURCES = tests/drivers/check_calls_recursion.c
tests_reports_corpus_calls_recursion_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_calls_recursion_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_compare_select_SOURCES = tests/drivers/check_compare_select.c
tests_reports_corpus_compare_select_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_compare_select_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_const_mem_SOURCES = tests/drivers/check_const_mem.c
tests_reports_corpus_const_mem_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_const_mem_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_coop_groups_SOURCES = tests/drivers/check_coop_groups.c
tests_reports_corpus_coop_groups_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_coop_groups_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_cp_async_SOURCES = tests/drivers/check_cp_async.c
tests_reports_corpus_cp_async_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_cp_async_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_cub_primitives_SOURCES = tests/drivers/check_cub_primitives.c
tests_reports_corpus_cub_primitives_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_cub_primitives_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_divergence_SOURCES = tests/drivers/check_divergence.c
tests_reports_corpus_divergence_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_divergence_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_dp_math_SOURCES = tests/drivers/check_dp_math.c
tests_reports_corpus_dp_math_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_dp_math_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_dyn_shared_SOURCES = tests/drivers/check_dyn_shared.c
tests_reports_corpus_dyn_shared_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_dyn_shared_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_fastmath_SOURCES = tests/drivers/check_fastmath.c
tests_reports_corpus_fastmath_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_fastmath_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_half_bf16_SOURCES = tests/drivers/check_half_bf16.c
tests_reports_corpus_half_bf16_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_half_bf16_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_histogram_SOURCES = tests/drivers/check_histogram.c
tests_reports_corpus_histogram_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_histogram_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_int64_math_SOURCES = tests/drivers/check_int64_math.c
tests_reports_corpus_int64_math_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_int64_math_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_intrinsics_SOURCES = tests/drivers/check_intrinsics.c
tests_reports_corpus_intrinsics_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_intrinsics_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_local_array_SOURCES = tests/drivers/check_local_array.c
tests_reports_corpus_local_array_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_local_array_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_matmul_tiled_SOURCES = tests/drivers/check_matmul_tiled.c
tests_reports_corpus_matmul_tiled_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_matmul_tiled_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_memory_spaces_SOURCES = tests/drivers/check_memory_spaces.c
tests_reports_corpus_memory_spaces_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_memory_spaces_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_narrow_int_SOURCES = tests/drivers/check_narrow_int.c
tests_reports_corpus_narrow_int_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_narrow_int_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_nbody_SOURCES = tests/drivers/check_nbody.c
tests_reports_corpus_nbody_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_nbody_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_reduce_shared_SOURCES = tests/drivers/check_reduce_shared.c
tests_reports_corpus_reduce_shared_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_reduce_shared_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_reduce_shfl_SOURCES = tests/drivers/check_reduce_shfl.c
tests_reports_corpus_reduce_shfl_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_reduce_shfl_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_saxpy_SOURCES = tests/drivers/check_saxpy.c
tests_reports_corpus_saxpy_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_saxpy_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_scan_SOURCES = tests/drivers/check_scan.c
tests_reports_corpus_scan_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_scan_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_stencil2d_SOURCES = tests/drivers/check_stencil2d.c
tests_reports_corpus_stencil2d_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_stencil2d_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_sync_misc_SOURCES = tests/drivers/check_sync_misc.c
tests_reports_corpus_sync_misc_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_sync_misc_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_texture_surface_SOURCES = tests/drivers/check_texture_surface.c
tests_reports_corpus_texture_surface_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_texture_surface_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_transpose_SOURCES = tests/drivers/check_transpose.c
tests_reports_corpus_transpose_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_transpose_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_unoptimized_SOURCES = tests/drivers/check_unoptimized.c
tests_reports_corpus_unoptimized_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_unoptimized_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_vecadd_SOURCES = tests/drivers/check_vecadd.c
tests_reports_corpus_vecadd_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_vecadd_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_warp_vote_SOURCES = tests/drivers/check_warp_vote.c
tests_reports_corpus_warp_vote_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_warp_vote_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_wmma_f16_SOURCES = tests/drivers/check_wmma_f16.c
tests_reports_corpus_wmma_f16_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_wmma_f16_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_wmma_int8_SOURCES = tests/drivers/check_wmma_int8.c
tests_reports_corpus_wmma_int8_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_wmma_int8_LDADD = $(REPORT_CORPUS_LDADD)
tests_reports_corpus_wmma_tf32_bf16_f64_SOURCES = tests/drivers/check_wmma_tf32_bf16_f64.c
tests_reports_corpus_wmma_tf32_bf16_f64_CFLAGS = $(REPORT_CORPUS_CFLAGS)
tests_reports_corpus_wmma_tf32_bf16_f64_LDADD = $(REPORT_CORPUS_LDADD)
