## isa/int_ops.mk -- integer, bit-manipulation and video semantics
## (isa/int_ops.[ch], isa/video_ops.[ch]) and their Check tests.
## Included from the top Makefile.am (non-recursive, subdir-objects); the
## sources go into the core library through ISA_INT_OPS_SOURCES, and the
## tests reach them through TEST_LDADD.  The tests use GMP as reference.

ISA_INT_OPS_SOURCES = isa/int_ops.c isa/int_ops.h isa/video_ops.c isa/video_ops.h

check_PROGRAMS += tests/isa/check_int_ops tests/isa/check_video_ops
tests_isa_check_int_ops_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_int_ops_LDADD = $(TEST_LDADD)
tests_isa_check_video_ops_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_video_ops_LDADD = $(TEST_LDADD)
