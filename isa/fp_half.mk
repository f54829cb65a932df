## isa/fp_half.mk -- sources and Check tests of isa/fp_half.[ch]; included from Makefile.am.
## The test uses GMP as its exact reference.

ISA_FP_HALF_SOURCES = isa/fp_half.h isa/fp_half.c

check_PROGRAMS += tests/isa/check_fp_half
tests_isa_check_fp_half_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_fp_half_LDADD = $(TEST_LDADD)
