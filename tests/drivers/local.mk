## tests/drivers/local.mk -- corpus host drivers: one Check program per
## benchmarks/ptx/<name>.ptx, run through the public C API (libptxsim.la)
## against the CPU reference of tests/ref/<name>_ref.h, which the CUDA
## program tests/exec/<name>.cu shares (tests/ref/local.mk).  They find the PTX
## through $srcdir (tests/drivers/drv_util.c, drv_ptx_path).
##
## The list is explicit (no wildcards): a new corpus file gets its driver
## added here.
##
## tests/local.mk does `TESTS += $(check_PROGRAMS)` before this file is
## included; automake expands TESTS only when make reads it, so drivers
## added to check_PROGRAMS here are counted there, once, and must not be
## added to TESTS again.

noinst_LTLIBRARIES += libdrv_util.la
libdrv_util_la_SOURCES = tests/drivers/drv_util.c tests/drivers/drv_util.h
libdrv_util_la_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)

DRIVER_LDADD = libdrv_util.la libptxsim.la $(CHECK_LIBS) $(GMP_LIBS) -lm

DRIVER_TESTS = \
	tests/drivers/check_atomics_scoped \
	tests/drivers/check_bfs_csr \
	tests/drivers/check_bitonic_sort \
	tests/drivers/check_calls_recursion \
	tests/drivers/check_compare_select \
	tests/drivers/check_const_mem \
	tests/drivers/check_coop_groups \
	tests/drivers/check_cp_async \
	tests/drivers/check_cub_primitives \
	tests/drivers/check_divergence \
	tests/drivers/check_dp_math \
	tests/drivers/check_dyn_shared \
	tests/drivers/check_fastmath \
	tests/drivers/check_half_bf16 \
	tests/drivers/check_histogram \
	tests/drivers/check_int64_math \
	tests/drivers/check_intrinsics \
	tests/drivers/check_local_array \
	tests/drivers/check_matmul_tiled \
	tests/drivers/check_memory_spaces \
	tests/drivers/check_narrow_int \
	tests/drivers/check_nbody \
	tests/drivers/check_reduce_shared \
	tests/drivers/check_reduce_shfl \
	tests/drivers/check_saxpy \
	tests/drivers/check_scan \
	tests/drivers/check_stencil2d \
	tests/drivers/check_sync_misc \
	tests/drivers/check_texture_surface \
	tests/drivers/check_transpose \
	tests/drivers/check_unoptimized \
	tests/drivers/check_vecadd \
	tests/drivers/check_warp_vote \
	tests/drivers/check_wmma_f16 \
	tests/drivers/check_wmma_int8 \
	tests/drivers/check_wmma_tf32_bf16_f64
check_PROGRAMS += $(DRIVER_TESTS)

tests_drivers_check_atomics_scoped_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_atomics_scoped_LDADD = $(DRIVER_LDADD)
tests_drivers_check_bfs_csr_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_bfs_csr_LDADD = $(DRIVER_LDADD)
tests_drivers_check_bitonic_sort_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_bitonic_sort_LDADD = $(DRIVER_LDADD)
tests_drivers_check_calls_recursion_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_calls_recursion_LDADD = $(DRIVER_LDADD)
tests_drivers_check_compare_select_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_compare_select_LDADD = $(DRIVER_LDADD)
tests_drivers_check_const_mem_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_const_mem_LDADD = $(DRIVER_LDADD)
tests_drivers_check_coop_groups_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_coop_groups_LDADD = $(DRIVER_LDADD)
tests_drivers_check_cp_async_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_cp_async_LDADD = $(DRIVER_LDADD)
tests_drivers_check_cub_primitives_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_cub_primitives_LDADD = $(DRIVER_LDADD)
tests_drivers_check_divergence_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_divergence_LDADD = $(DRIVER_LDADD)
tests_drivers_check_dp_math_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_dp_math_LDADD = $(DRIVER_LDADD)
tests_drivers_check_dyn_shared_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_dyn_shared_LDADD = $(DRIVER_LDADD)
tests_drivers_check_fastmath_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_fastmath_LDADD = $(DRIVER_LDADD)
tests_drivers_check_half_bf16_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_half_bf16_LDADD = $(DRIVER_LDADD)
tests_drivers_check_histogram_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_histogram_LDADD = $(DRIVER_LDADD)
tests_drivers_check_int64_math_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_int64_math_LDADD = $(DRIVER_LDADD)
tests_drivers_check_intrinsics_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_intrinsics_LDADD = $(DRIVER_LDADD)
tests_drivers_check_local_array_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_local_array_LDADD = $(DRIVER_LDADD)
tests_drivers_check_matmul_tiled_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_matmul_tiled_LDADD = $(DRIVER_LDADD)
tests_drivers_check_memory_spaces_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_memory_spaces_LDADD = $(DRIVER_LDADD)
tests_drivers_check_narrow_int_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_narrow_int_LDADD = $(DRIVER_LDADD)
tests_drivers_check_nbody_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_nbody_LDADD = $(DRIVER_LDADD)
tests_drivers_check_reduce_shared_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_reduce_shared_LDADD = $(DRIVER_LDADD)
tests_drivers_check_reduce_shfl_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_reduce_shfl_LDADD = $(DRIVER_LDADD)
tests_drivers_check_saxpy_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_saxpy_LDADD = $(DRIVER_LDADD)
tests_drivers_check_scan_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_scan_LDADD = $(DRIVER_LDADD)
tests_drivers_check_stencil2d_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_stencil2d_LDADD = $(DRIVER_LDADD)
tests_drivers_check_sync_misc_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_sync_misc_LDADD = $(DRIVER_LDADD)
tests_drivers_check_texture_surface_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_texture_surface_LDADD = $(DRIVER_LDADD)
tests_drivers_check_transpose_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_transpose_LDADD = $(DRIVER_LDADD)
tests_drivers_check_unoptimized_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_unoptimized_LDADD = $(DRIVER_LDADD)
tests_drivers_check_vecadd_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_vecadd_LDADD = $(DRIVER_LDADD)
tests_drivers_check_warp_vote_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_warp_vote_LDADD = $(DRIVER_LDADD)
tests_drivers_check_wmma_f16_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_wmma_f16_LDADD = $(DRIVER_LDADD)
tests_drivers_check_wmma_int8_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_wmma_int8_LDADD = $(DRIVER_LDADD)
tests_drivers_check_wmma_tf32_bf16_f64_CFLAGS = $(TEST_CFLAGS)
tests_drivers_check_wmma_tf32_bf16_f64_LDADD = $(DRIVER_LDADD)
