## benchmarks/local.mk -- the kernel corpus and `make bench`.
## Measurements, not tests: `make bench` prints figures; `make check` does
## not run them.

noinst_PROGRAMS += benchmarks/bench_parse
benchmarks_bench_parse_SOURCES = benchmarks/bench_parse.c
benchmarks_bench_parse_LDADD = libptxsim_core.la $(GMP_LIBS)

EXTRA_DIST += benchmarks/cuda benchmarks/ptx benchmarks/regen-ptx.sh benchmarks/forms-coverage.sh

noinst_PROGRAMS += benchmarks/bench_run
benchmarks_bench_run_SOURCES = benchmarks/bench_run.c
benchmarks_bench_run_LDADD = libptxsim.la

bench: benchmarks/bench_parse benchmarks/bench_run
	benchmarks/bench_parse --dir $(srcdir)/benchmarks/ptx --min-mb 10 --repeat 5
	benchmarks/bench_run --dir $(srcdir)/benchmarks/ptx --min-seconds 2
	benchmarks/bench_run --dir $(srcdir)/benchmarks/ptx --min-seconds 2 --mode timing --config gtx480
