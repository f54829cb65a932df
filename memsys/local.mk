## memsys/local.mk -- the timing model's memory hierarchy: coalescing,
## L1/shared/constant caches, interconnect, L2 slices and DRAM.

libptxsim_core_la_SOURCES += memsys/mem_params.h memsys/mem_timing.h memsys/mem_parse.c

MEMSYS_TEST_LDADD = libptxsim_testutil.la libptxsim_core.la $(CHECK_LIBS) $(GMP_LIBS) \
	$(ZSTD_LIBS) $(LZ4_LIBS) -lm

check_PROGRAMS += tests/memsys/check_mem_parse
tests_memsys_check_mem_parse_CFLAGS = $(TEST_CFLAGS)
tests_memsys_check_mem_parse_LDADD = $(MEMSYS_TEST_LDADD)
