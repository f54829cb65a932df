## tests/local.mk -- unit tests (Check) and command-line tests.
## Each tests/frontend/check_X.c covers frontend/ptx_X*.c.

noinst_LTLIBRARIES += libptxsim_testutil.la
libptxsim_testutil_la_SOURCES = tests/test_util.c tests/test_util.h
libptxsim_testutil_la_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)

TEST_LDADD = libptxsim_testutil.la libptxsim_core.la $(CHECK_LIBS) $(GMP_LIBS) \
	$(ZSTD_LIBS) $(LZ4_LIBS)
TEST_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)

FRONTEND_TESTS = tests/frontend/check_roundtrip tests/frontend/check_tables \
	tests/frontend/check_literals tests/frontend/check_expr tests/frontend/check_parser \
	tests/frontend/check_forms tests/frontend/check_fatbin
check_PROGRAMS += $(FRONTEND_TESTS)
tests_frontend_check_roundtrip_CFLAGS = $(TEST_CFLAGS)
tests_frontend_check_roundtrip_LDADD = $(TEST_LDADD)
tests_frontend_check_tables_CFLAGS = $(TEST_CFLAGS)
tests_frontend_check_tables_LDADD = $(TEST_LDADD)

TESTS += $(check_PROGRAMS)
TESTS += tests/run-error-tests.sh tests/run-cli-tests.sh tests/layering.sh tests/headers.sh
## `ptxsim cfg` and `ptxsim liveness`: hand-derived goldens, the corpus, ptxas -v counts.
TESTS += tests/run-analysis-tests.sh
EXTRA_DIST += tests/run-analysis-tests.sh tests/analysis benchmarks/liveness-table.sh \
	benchmarks/ptxas-regs.sh doc/liveness.md
EXTRA_DIST += tests/run-error-tests.sh tests/run-cli-tests.sh tests/layering.sh tests/headers.sh \
	tests/errors tests/ptx tests/data
AM_TESTS_ENVIRONMENT = srcdir='$(srcdir)'; export srcdir; CK_FORK=yes; export CK_FORK; \
	PTXSIM='$(abs_top_builddir)/ptxsim'; export PTXSIM; CC='$(CC)'; export CC; \
	top_builddir='$(top_builddir)'; export top_builddir;

## libFuzzer target for the parser and validator (needs clang).
## `make fuzz` builds it; `make fuzz-run` runs FUZZ_RUNS executions seeded
## with the corpus.  Not part of `make check`.
FUZZ_RUNS = 1000000
EXTRA_DIST += tests/fuzz/fuzz_parse.c tests/fuzz/ptx.dict tests/fuzz/README
CLEANFILES += tests/fuzz/fuzz_parse
.PHONY: fuzz fuzz-run
if HAVE_CLANG
fuzz: tests/fuzz/fuzz_parse
tests/fuzz/fuzz_parse: $(FRONTEND_C_SOURCES) frontend/ptx_parser.c frontend/ptx_lexer.c \
		tests/fuzz/fuzz_parse.c
	@$(MKDIR_P) tests/fuzz
	$(AM_V_CCLD)$(CLANG) -g -O1 -fsanitize=fuzzer,address,undefined \
	  -fno-sanitize-recover=undefined $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) \
	  $^ $(GMP_LIBS) -lm -o $@
fuzz-run: tests/fuzz/fuzz_parse
	@rm -rf tests/fuzz/work && $(MKDIR_P) tests/fuzz/work
	for f in $(srcdir)/benchmarks/ptx/*.ptx $(srcdir)/benchmarks/ptx/*/*.ptx \
	  $(srcdir)/tests/ptx/*.ptx $(srcdir)/tests/errors/*.ptx; do \
	  if test -f "$$f"; then cp "$$f" tests/fuzz/work/; fi; done
	tests/fuzz/fuzz_parse -runs=$(FUZZ_RUNS) -max_len=8192 -timeout=10 \
	  -dict=$(srcdir)/tests/fuzz/ptx.dict -print_final_stats=1 tests/fuzz/work
else
fuzz fuzz-run:
	@echo "the fuzzer needs clang (libFuzzer); install clang and re-run configure" >&2; exit 1
endif
tests_frontend_check_literals_CFLAGS = $(TEST_CFLAGS)
tests_frontend_check_literals_LDADD = $(TEST_LDADD)
tests_frontend_check_expr_CFLAGS = $(TEST_CFLAGS)
tests_frontend_check_expr_LDADD = $(TEST_LDADD)
tests_frontend_check_parser_CFLAGS = $(TEST_CFLAGS) -pthread
tests_frontend_check_parser_LDADD = $(TEST_LDADD) -lpthread
tests_frontend_check_forms_CFLAGS = $(TEST_CFLAGS)
tests_frontend_check_forms_LDADD = $(TEST_LDADD)
tests_frontend_check_fatbin_CFLAGS = $(TEST_CFLAGS)
tests_frontend_check_fatbin_LDADD = $(TEST_LDADD)

## The public interface, linked against the installed library's objects.
check_PROGRAMS += tests/src/check_api
tests_src_check_api_CFLAGS = $(TEST_CFLAGS)
tests_src_check_api_LDADD = libptxsim.la $(CHECK_LIBS)
