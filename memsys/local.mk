## memsys/local.mk -- the timing model's memory hierarchy: coalescing,
## L1/shared/constant caches, interconnect, L2 slices and DRAM.

libptxsim_core_la_SOURCES += memsys/mem_params.h memsys/mem_timing.h memsys/mem_int.h \
	memsys/mem_parse.c memsys/mem_cache.c memsys/mem_coalesce.c memsys/mem_sm.c \
	memsys/mem_icnt.c memsys/mem_l2.c memsys/mem_dram.c memsys/mem_sys.c

MEMSYS_TEST_LDADD = libptxsim_testutil.la libptxsim_core.la $(CHECK_LIBS) $(GMP_LIBS) \
	$(ZSTD_LIBS) $(LZ4_LIBS) -lm

check_PROGRAMS += tests/memsys/check_mem_parse
tests_memsys_check_mem_parse_CFLAGS = $(TEST_CFLAGS)
tests_memsys_check_mem_parse_LDADD = $(MEMSYS_TEST_LDADD)

check_PROGRAMS += tests/memsys/check_mem_latency
tests_memsys_check_mem_latency_CFLAGS = $(TEST_CFLAGS)
tests_memsys_check_mem_latency_LDADD = $(MEMSYS_TEST_LDADD)
EXTRA_DIST += tests/memsys/mem_test.h

check_PROGRAMS += tests/memsys/check_mem_dram
tests_memsys_check_mem_dram_CFLAGS = $(TEST_CFLAGS)
tests_memsys_check_mem_dram_LDADD = $(MEMSYS_TEST_LDADD)
