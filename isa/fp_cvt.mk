## isa/fp_cvt.mk -- sources and Check tests of isa/fp_cvt.h (the soft-float
## core in isa/fp_pack.c, the cvt semantics in isa/fp_cvt.c); included from
## Makefile.am.  The test checks both against a GMP reference.

ISA_FP_CVT_SOURCES = isa/fp_cvt.h isa/fp_pack.c isa/fp_cvt.c

check_PROGRAMS += tests/isa/check_fp_cvt
tests_isa_check_fp_cvt_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_fp_cvt_LDADD = $(TEST_LDADD)
