## doc/man.mk -- the manual page ptxsim(1).
##
## doc/mkman.sh writes it from `ptxsim --help` and each command's --help,
## so that a command added to the table in src/ptxsim.c is documented
## with no edit.  The page is distributed (a tarball installs it without
## running anything) and depends on the command's sources, not on its
## binary: the binary of a fresh build is always newer, and `make
## distcheck` must not rewrite its read-only source tree.  The binary is
## an order-only prerequisite (GNU make): built first, not compared.

dist_man_MANS = doc/ptxsim.1
EXTRA_DIST += doc/mkman.sh
MAINTAINERCLEANFILES = $(srcdir)/doc/ptxsim.1

all-local: $(srcdir)/doc/ptxsim.1
$(srcdir)/doc/ptxsim.1: $(ptxsim_SOURCES) $(top_srcdir)/configure.ac \
		$(top_srcdir)/doc/mkman.sh | ptxsim$(EXEEXT)
	$(AM_V_GEN)$(SHELL) $(top_srcdir)/doc/mkman.sh ./ptxsim$(EXEEXT) \
	  "$$(sed -n '1s/ .*//p' $(top_srcdir)/ChangeLog)" >$@.tmp && mv -f $@.tmp $@

## Every command of `ptxsim --help` and every option in each command's
## --help appear in the page, which groff renders without a warning.
TESTS += tests/run-man-tests.sh
EXTRA_DIST += tests/run-man-tests.sh
