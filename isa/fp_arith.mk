## isa/fp_arith.mk -- sources and Check tests of isa/fp_arith.h: rounded
## f32/f64 arithmetic (isa/fp_arith.c), its exact integer core for directed
## rounding (isa/fp_soft.c, private header isa/fp_arith_int.h) and the
## .approx family (isa/fp_approx.c); included from Makefile.am.  The test
## checks them against a GMP reference.

ISA_FP_ARITH_SOURCES = isa/fp_arith.h isa/fp_arith_int.h isa/fp_arith.c isa/fp_soft.c \
	isa/fp_approx.c

check_PROGRAMS += tests/isa/check_fp_arith
tests_isa_check_fp_arith_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_fp_arith_LDADD = $(TEST_LDADD) -lm
