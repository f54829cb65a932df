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
	tests/frontend/check_forms tests/frontend/check_fatbin tests/frontend/check_json \
	tests/frontend/check_link tests/frontend/check_compiler
check_PROGRAMS += $(FRONTEND_TESTS)
tests_frontend_check_roundtrip_CFLAGS = $(TEST_CFLAGS)
tests_frontend_check_roundtrip_LDADD = $(TEST_LDADD)
tests_frontend_check_tables_CFLAGS = $(TEST_CFLAGS)
tests_frontend_check_tables_LDADD = $(TEST_LDADD)
## ptx_compiler.h's helpers (population counts of the portable build).
tests_frontend_check_compiler_CFLAGS = $(TEST_CFLAGS)
tests_frontend_check_compiler_LDADD = $(TEST_LDADD)

TESTS += $(check_PROGRAMS)
TESTS += tests/run-error-tests.sh tests/run-cli-tests.sh tests/layering.sh tests/headers.sh \
	tests/layering-selftest.sh
## `ptxsim cfg` and `ptxsim liveness`: hand-derived goldens, the corpus, ptxas -v counts.
TESTS += tests/run-analysis-tests.sh
EXTRA_DIST += tests/run-analysis-tests.sh tests/analysis benchmarks/liveness-table.sh \
	benchmarks/ptxas-regs.sh doc/liveness.md doc/architecture.md doc/experiments.md
## expect-lib.sh: the checks the test scripts share (failed, expect_status, ...).
EXTRA_DIST += tests/expect-lib.sh
## threads-lib.sh: one host thread against several, for the two threads scripts.
EXTRA_DIST += tests/threads-lib.sh
EXTRA_DIST += tests/run-error-tests.sh tests/run-cli-tests.sh tests/layering.sh tests/headers.sh \
	tests/layering-selftest.sh \
	tests/errors tests/ptx tests/data
AM_TESTS_ENVIRONMENT = srcdir='$(srcdir)'; export srcdir; CK_FORK=yes; export CK_FORK; \
	PTXSIM='$(abs_top_builddir)/ptxsim'; export PTXSIM; CC='$(CC)'; export CC; \
	top_builddir='$(top_builddir)'; export top_builddir;

## libFuzzer targets (need clang): the parser and validator, the
## fatbinary reader (with the ELF inspector of `ptxsim exec`) and the timing
## configuration parser.  `make fuzz` builds them; `make fuzz-run` runs each
## for FUZZ_RUNS executions (and at most FUZZ_TIME seconds, 0: no limit),
## seeded with tests/fuzz/corpus/<target> (and, for the parser, the PTX of
## the test suite); `make fuzz-run-<target>` runs one.  tests/fuzz/README
## tells more.  Not part of `make check`, which only replays the corpora
## through the same entry points (tests/fuzz/replay_*).
FUZZ_RUNS = 1000000
FUZZ_TIME = 0
FUZZ_FLAGS =
FUZZ_TARGETS = tests/fuzz/fuzz_parse tests/fuzz/fuzz_fatbin tests/fuzz/fuzz_config
FUZZ_CFLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	$(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS)
FUZZ_CONFIG_C_FILES = frontend/ptx_diag.c pipeline/tm_config.c pipeline/tm_config_named.c \
	pipeline/tm_config_check.c \
	memsys/mem_parse.c policies/pol_sched.c policies/pol_sched_lrr.c \
	policies/pol_sched_gto.c policies/pol_sched_two_level.c \
	pipeline/sm_registry.c pipeline/sm_dep.c pipeline/dep_per_warp.c pipeline/dep_shared.c pipeline/sm_branch.c \
	pipeline/bpred_btfn.c pipeline/bpred_gshare.c pipeline/bpred_perfect.c pipeline/sm_operand.c \
	policies/pol_registry.c policies/pol_dispatch.c policies/pol_dispatch_tb.c policies/pol_cta.c
FUZZ_RUN = -runs=$(FUZZ_RUNS) -max_total_time=$(FUZZ_TIME) -timeout=10 -print_final_stats=1 \
	$(FUZZ_FLAGS)
EXTRA_DIST += tests/fuzz/ptx.dict tests/fuzz/README tests/fuzz/corpus tests/fuzz/config.ignorelist
CLEANFILES += $(FUZZ_TARGETS)
.PHONY: fuzz fuzz-run fuzz-run-parse fuzz-run-fatbin fuzz-run-config
if HAVE_CLANG
fuzz: $(FUZZ_TARGETS)
tests/fuzz/fuzz_parse: $(FRONTEND_C_SOURCES) frontend/ptx_parser.c frontend/ptx_lexer.c \
		tests/fuzz/fuzz_parse.c
	@$(MKDIR_P) tests/fuzz
	$(AM_V_CCLD)$(CLANG) $(FUZZ_CFLAGS) $^ $(GMP_LIBS) -lm -o $@
tests/fuzz/fuzz_fatbin: frontend/ptx_fatbin.c src/exec_elf.c tests/fuzz/fuzz_fatbin.c
	@$(MKDIR_P) tests/fuzz
	$(AM_V_CCLD)$(CLANG) $(FUZZ_CFLAGS) $(ZSTD_CFLAGS) $(LZ4_CFLAGS) $^ $(ZSTD_LIBS) \
	  $(LZ4_LIBS) -o $@
tests/fuzz/fuzz_config: $(FUZZ_CONFIG_C_FILES) pipeline/tm_config_default.c \
		tests/fuzz/fuzz_config.c
	@$(MKDIR_P) tests/fuzz
	$(AM_V_CCLD)$(CLANG) $(FUZZ_CFLAGS) \
	  -fsanitize-coverage-ignorelist=$(srcdir)/tests/fuzz/config.ignorelist $^ -lm -o $@
fuzz-run: fuzz-run-parse fuzz-run-fatbin fuzz-run-config
fuzz-run-parse: tests/fuzz/fuzz_parse
	@rm -rf tests/fuzz/work/parse && $(MKDIR_P) tests/fuzz/work/parse
	for f in $(srcdir)/benchmarks/ptx/*.ptx $(srcdir)/benchmarks/ptx/*/*.ptx \
	  $(srcdir)/tests/ptx/*.ptx $(srcdir)/tests/errors/*.ptx; do \
	  if test -f "$$f"; then cp "$$f" tests/fuzz/work/parse/; fi; done
	tests/fuzz/fuzz_parse $(FUZZ_RUN) -max_len=8192 -dict=$(srcdir)/tests/fuzz/ptx.dict \
	  tests/fuzz/work/parse $(srcdir)/tests/fuzz/corpus/parse
fuzz-run-fatbin: tests/fuzz/fuzz_fatbin
	@rm -rf tests/fuzz/work/fatbin && $(MKDIR_P) tests/fuzz/work/fatbin
	tests/fuzz/fuzz_fatbin $(FUZZ_RUN) -max_len=8192 tests/fuzz/work/fatbin \
	  $(srcdir)/tests/fuzz/corpus/fatbin
fuzz-run-config: tests/fuzz/fuzz_config
	@rm -rf tests/fuzz/work/config && $(MKDIR_P) tests/fuzz/work/config
	tests/fuzz/fuzz_config $(FUZZ_RUN) -max_len=2048 tests/fuzz/work/config \
	  $(srcdir)/tests/fuzz/corpus/config
else
fuzz fuzz-run fuzz-run-parse fuzz-run-fatbin fuzz-run-config:
	@echo "the fuzzers need clang (libFuzzer); install clang and re-run configure" >&2; exit 1
endif
clean-local: clean-fuzz-work
.PHONY: clean-fuzz-work
clean-fuzz-work:
	rm -rf tests/fuzz/work

## The fuzz targets' entry points, compiled normally, replay their seed
## corpora (and any file or directory given on the command line).
check_PROGRAMS += tests/fuzz/replay_parse tests/fuzz/replay_fatbin tests/fuzz/replay_config
FUZZ_REPLAY_LDADD = libptxsim_core.la $(GMP_LIBS) $(ZSTD_LIBS) $(LZ4_LIBS) -lm
tests_fuzz_replay_parse_SOURCES = tests/fuzz/fuzz_parse.c tests/fuzz/fuzz_replay.c
tests_fuzz_replay_parse_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_CORPUS='"parse"'
tests_fuzz_replay_parse_LDADD = $(FUZZ_REPLAY_LDADD)
tests_fuzz_replay_fatbin_SOURCES = tests/fuzz/fuzz_fatbin.c tests/fuzz/fuzz_replay.c \
	src/exec_elf.c src/exec_elf.h
tests_fuzz_replay_fatbin_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_CORPUS='"fatbin"'
tests_fuzz_replay_fatbin_LDADD = $(FUZZ_REPLAY_LDADD)
tests_fuzz_replay_config_SOURCES = tests/fuzz/fuzz_config.c tests/fuzz/fuzz_replay.c
tests_fuzz_replay_config_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_CORPUS='"config"'
tests_fuzz_replay_config_LDADD = $(FUZZ_REPLAY_LDADD)

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
tests_frontend_check_json_CFLAGS = $(TEST_CFLAGS)
tests_frontend_check_json_LDADD = $(TEST_LDADD)
tests_frontend_check_link_CFLAGS = $(TEST_CFLAGS)
tests_frontend_check_link_LDADD = $(TEST_LDADD)

## The public interface, linked against the installed library's objects.
check_PROGRAMS += tests/src/check_api
tests_src_check_api_CFLAGS = $(TEST_CFLAGS)
tests_src_check_api_LDADD = libptxsim.la $(CHECK_LIBS)
