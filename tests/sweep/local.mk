## tests/sweep/local.mk -- `ptxsim sweep` and `ptxsim collect` (issue 20),
## included from src/local.mk.
##
## run-sweep-tests.sh: sweep files (text and JSON), the job list, the
## manifest, --emit parallel|slurm and every sweep-file error with its
## FILE:LINE.  run-collect-tests.sh: the CSV, speedups and geometric means
## against hand-derived values, a failed run in the middle, errors.
## run-sweep-parallel.sh: 3 corpus kernels x 2 configurations x 2 option
## values run with GNU parallel and collected (skipped without parallel).
TESTS += tests/sweep/run-sweep-tests.sh tests/sweep/run-collect-tests.sh \
	tests/sweep/run-sweep-parallel.sh
EXTRA_DIST += tests/sweep/run-sweep-tests.sh tests/sweep/run-collect-tests.sh \
	tests/sweep/run-sweep-parallel.sh
