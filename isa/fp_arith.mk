## isa/fp_arith.mk -- sources and Check tests of isa/fp_arith.[ch]; included from Makefile.am.

ISA_FP_ARITH_SOURCES = isa/fp_arith.h
