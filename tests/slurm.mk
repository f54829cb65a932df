## tests/slurm.mk -- `make check-slurm`: a sweep under a single-node Slurm
## that tests/run-slurm-tests.sh starts on localhost (root, slurm-wlm and
## munge; skipped, successfully, without them).  Not part of `make check`,
## which must not start daemons; .ci/run runs it after distcheck.

EXTRA_DIST += tests/run-slurm-tests.sh
.PHONY: check-slurm
check-slurm: all
	@rc=0; srcdir='$(srcdir)' PTXSIM='$(abs_top_builddir)/ptxsim' \
	  $(SHELL) $(srcdir)/tests/run-slurm-tests.sh || rc=$$?; \
	if test $$rc -eq 77; then echo "check-slurm: skipped"; rc=0; fi; exit $$rc
