## tests/ref/local.mk -- the CPU references the corpus tests share.
##
## Each corpus program is tested by a Check driver through the library API
## (tests/drivers/check_NAME.c) and by a CUDA program under `ptxsim exec`
## (tests/exec/NAME.cu, built by nvcc into tests/exec/bin).  Both take their
## inputs, expected values and checks from tests/ref/NAME_ref.h, and those
## take the PRNG, float helpers and array comparisons from ref_util.h:
## static inline C that also compiles as C++.  headers.sh compiles each one
## alone as C11 and as C++17; check_ref_util tests ref_util.h.

SHARED_REF_FILES = tests/ref/ref_util.h \
	tests/ref/atomics_scoped_ref.h tests/ref/bfs_csr_ref.h tests/ref/bitonic_sort_ref.h \
	tests/ref/calls_recursion_ref.h tests/ref/compare_select_ref.h tests/ref/const_mem_ref.h \
	tests/ref/coop_groups_ref.h tests/ref/cp_async_ref.h tests/ref/cub_primitives_ref.h \
	tests/ref/divergence_ref.h tests/ref/dp_math_ref.h tests/ref/dyn_shared_ref.h \
	tests/ref/fastmath_ref.h tests/ref/half_bf16_ref.h tests/ref/histogram_ref.h \
	tests/ref/int64_math_ref.h tests/ref/intrinsics_ref.h tests/ref/local_array_ref.h \
	tests/ref/matmul_tiled_ref.h tests/ref/memory_spaces_ref.h tests/ref/narrow_int_ref.h \
	tests/ref/nbody_ref.h tests/ref/reduce_shared_ref.h tests/ref/reduce_shfl_ref.h \
	tests/ref/saxpy_ref.h tests/ref/scan_ref.h tests/ref/stencil2d_ref.h \
	tests/ref/sync_misc_ref.h tests/ref/texture_surface_ref.h tests/ref/transpose_ref.h \
	tests/ref/unoptimized_ref.h tests/ref/vecadd_ref.h tests/ref/warp_vote_ref.h \
	tests/ref/wmma_f16_ref.h tests/ref/wmma_int8_ref.h tests/ref/wmma_tf32_bf16_f64_ref.h
EXTRA_DIST += $(SHARED_REF_FILES) tests/ref/headers.sh

check_PROGRAMS += tests/ref/check_ref_util
tests_ref_check_ref_util_SOURCES = tests/ref/check_ref_util.c
tests_ref_check_ref_util_CFLAGS = $(TEST_CFLAGS)
tests_ref_check_ref_util_LDADD = $(CHECK_LIBS) -lm

TESTS += tests/ref/headers.sh
