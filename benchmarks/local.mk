## benchmarks/local.mk -- the kernel corpus and `make bench`.
## Measurements, not tests: `make bench` prints figures; `make check` does
## not run them.

noinst_PROGRAMS += benchmarks/bench_parse
benchmarks_bench_parse_SOURCES = benchmarks/bench_parse.c
benchmarks_bench_parse_LDADD = libptxsim_core.la $(GMP_LIBS)

EXTRA_DIST += benchmarks/cuda benchmarks/ptx benchmarks/regen-ptx.sh benchmarks/forms-coverage.sh

bench: benchmarks/bench_parse
	benchmarks/bench_parse --dir $(srcdir)/benchmarks/ptx --min-mb 10 --repeat 5
