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
	$(MAKE) $(AM_MAKEFLAGS) bench-ilp
	$(MAKE) $(AM_MAKEFLAGS) bench-scalar
	$(MAKE) $(AM_MAKEFLAGS) bench-preempt
	$(MAKE) $(AM_MAKEFLAGS) bench-programs

## `make bench-ilp`: seed 002's ILP table (002b A.9) on corpus kernels:
## bypass, scoreboard, both and each branch predictor on gtx280_ilp, at
## low and full occupancy, as text, CSV and (where gnuplot is installed)
## a PNG and SVG chart in benchmarks/out/ilp (see the script's header).
EXTRA_DIST += benchmarks/bench-ilp.sh benchmarks/bench-lib.sh
.PHONY: bench-ilp
bench-ilp: ptxsim$(EXEEXT)
	PTXSIM=./ptxsim$(EXEEXT) $(SHELL) $(srcdir)/benchmarks/bench-ilp.sh \
	  --ptx-dir $(srcdir)/benchmarks/ptx --out benchmarks/out/ilp

## `make bench-scalar`: seed 002's redundancy table (002a 1.10) on the
## same kernels: redundancy %, speedup and total energy of token bits, the
## scalar register file, the instruction reuse buffer and both over the
## vector register file, on gtx285_scalar and gtx480, as text, CSV and
## (where gnuplot is installed) a PNG and SVG chart in
## benchmarks/out/scalar (see the script's header).
EXTRA_DIST += benchmarks/bench-scalar.sh
.PHONY: bench-scalar
bench-scalar: ptxsim$(EXEEXT)
	PTXSIM=./ptxsim$(EXEEXT) $(SHELL) $(srcdir)/benchmarks/bench-scalar.sh \
	  --ptx-dir $(srcdir)/benchmarks/ptx --out benchmarks/out/scalar

## `make bench-preempt`: seed 004's preemption study (004 §1.12-1.13, §7)
## on the same kernels: an interrupt every 10000 cycles in each mode
## (occupancy, drain, live, live_cp, live_cp in place) on gtx480; context
## bytes over occupied, preemption and spill latency over occupancy,
## worst/average, geometric means and the seed's numbers, as text, CSV
## (runs and the per-event log of --report preemption) and (where gnuplot
## is installed) a PNG and SVG chart in benchmarks/out/preempt.
EXTRA_DIST += benchmarks/bench-preempt.sh
.PHONY: bench-preempt
bench-preempt: ptxsim$(EXEEXT)
	PTXSIM=./ptxsim$(EXEEXT) $(SHELL) $(srcdir)/benchmarks/bench-preempt.sh \
	  --ptx-dir $(srcdir)/benchmarks/ptx --out benchmarks/out/preempt

## `make bench-programs`: whole CUDA programs (the prebuilt tests/exec
## programs) under `ptxsim exec`: functional on one thread and on every
## core, timing on gtx480; wall time, simulated instructions per second,
## cycles per second and peak memory (with GNU time), in
## benchmarks/out/programs (see the script's header).
EXTRA_DIST += benchmarks/bench-programs.sh
.PHONY: bench-programs
bench-programs: ptxsim$(EXEEXT)
	PTXSIM=./ptxsim$(EXEEXT) $(SHELL) $(srcdir)/benchmarks/bench-programs.sh \
	  --bin $(srcdir)/tests/exec/bin --out benchmarks/out/programs
