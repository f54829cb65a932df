## tests/isa/exec.mk -- instruction-execution tests: every instruction form
## of the corpus census run end to end through the public API and checked
## against references written in the tests (C and GMP).  One Check program
## per family so that they run in parallel; tests/isa/exec_harness.[ch] is
## the shared runner and reference arithmetic.

EXEC_TESTS = tests/isa/check_exec_int tests/isa/check_exec_fp \
	tests/isa/check_exec_cvt tests/isa/check_exec_mem \
	tests/isa/check_exec_warp tests/isa/check_exec_tex
check_PROGRAMS += $(EXEC_TESTS)

EXEC_HARNESS = tests/isa/exec_harness.c tests/isa/exec_harness.h
EXEC_LDADD = libptxsim.la $(CHECK_LIBS) $(GMP_LIBS) -lm

tests_isa_check_exec_int_SOURCES = tests/isa/check_exec_int.c $(EXEC_HARNESS)
tests_isa_check_exec_int_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_exec_int_LDADD = $(EXEC_LDADD)

tests_isa_check_exec_fp_SOURCES = tests/isa/check_exec_fp.c $(EXEC_HARNESS)
tests_isa_check_exec_fp_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_exec_fp_LDADD = $(EXEC_LDADD)

tests_isa_check_exec_cvt_SOURCES = tests/isa/check_exec_cvt.c $(EXEC_HARNESS)
tests_isa_check_exec_cvt_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_exec_cvt_LDADD = $(EXEC_LDADD)

tests_isa_check_exec_mem_SOURCES = tests/isa/check_exec_mem.c $(EXEC_HARNESS)
tests_isa_check_exec_mem_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_exec_mem_LDADD = $(EXEC_LDADD)

tests_isa_check_exec_warp_SOURCES = tests/isa/check_exec_warp.c $(EXEC_HARNESS)
tests_isa_check_exec_warp_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_exec_warp_LDADD = $(EXEC_LDADD)

tests_isa_check_exec_tex_SOURCES = tests/isa/check_exec_tex.c $(EXEC_HARNESS)
tests_isa_check_exec_tex_CFLAGS = $(TEST_CFLAGS)
tests_isa_check_exec_tex_LDADD = $(EXEC_LDADD)
