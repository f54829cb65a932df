## src/local.mk -- the ptxsim command.

bin_PROGRAMS += ptxsim
ptxsim_SOURCES = \
	src/ptxsim.c src/cli.h \
	src/cmd_check.c src/cmd_dump.c src/cmd_ops.c
ptxsim_LDADD = libptxsim_core.la $(GMP_LIBS)
