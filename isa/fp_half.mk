## isa/fp_half.mk -- sources and Check tests of isa/fp_half.[ch]; included from Makefile.am.

ISA_FP_HALF_SOURCES = isa/fp_half.h
