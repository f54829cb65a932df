## isa/fp_cvt.mk -- sources and Check tests of isa/fp_cvt.[ch]; included from Makefile.am.

ISA_FP_CVT_SOURCES = isa/fp_cvt.h
