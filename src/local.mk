## src/local.mk -- the ptxsim command.

bin_PROGRAMS += ptxsim
ptxsim_SOURCES = \
	src/ptxsim.c src/cli.h \
	src/cmd_check.c src/cmd_dump.c src/cmd_ops.c \
	src/cmd_run.c src/run_args.c src/run_args.h
ptxsim_LDADD = libptxsim.la libptxsim_core.la $(GMP_LIBS)

## `ptxsim run`: launches, arguments, output files, statistics and errors.
TESTS += tests/run-run-tests.sh
EXTRA_DIST += tests/run-run-tests.sh tests/run
