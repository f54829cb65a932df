## src/local.mk -- the ptxsim command.

## Texture and surface objects of the public interface (libptxsim_la is
## set up in frontend/local.mk).
libptxsim_la_SOURCES += src/ptxsim_tex.c src/ptxsim_timing.c src/ptxsim_progress.c \
	src/ptxsim_api_int.h src/ptxsim_device_profile.c src/device_profiles.def

## Run-time divergence and liveness reports and the mask trace (the
## observer a launch drives, their output, their public functions).
libptxsim_la_SOURCES += src/report.h src/report_int.h src/report_observe.c \
	src/report_write.c src/report_api.c src/report_preempt.c

bin_PROGRAMS += ptxsim
ptxsim_SOURCES = \
	src/ptxsim.c src/cli.h \
	src/cmd_check.c src/cmd_dump.c src/cmd_ops.c \
	src/cmd_run.c src/run_args.c src/run_args.h \
	src/cmd_exec.c src/exec_elf.c src/exec_elf.h src/report_cli.c src/report_cli.h \
	src/cmd_cfg.c src/cmd_liveness.c src/an_cli.c src/an_cli.h \
	src/cmd_config.c \
	src/cmd_sweep.c src/sweep_file.c src/sweep_file.h src/sweep_jobs.c src/sweep_jobs.h \
	src/cmd_collect.c src/collect_table.c src/collect_table.h src/collect_manifest.c \
	src/collect_speedup.c src/json_read.c src/json_read.h \
	src/cmd_plot.c src/csv_table.c src/csv_table.h
ptxsim_CPPFLAGS = $(AM_CPPFLAGS) -DPTXSIM_PKGLIBDIR='"$(pkglibdir)"'
ptxsim_LDADD = libptxsim.la libptxsim_core.la $(GMP_LIBS)

## `ptxsim config`: named configurations, dumps that load back, GPGPU-Sim's
## GTX480 file, errors.
TESTS += tests/run-config-tests.sh
EXTRA_DIST += tests/run-config-tests.sh

## `ptxsim plot`: bar charts and scatter plots of a hand-written sweep
## CSV (gnuplot), errors.
TESTS += tests/run-plot-tests.sh
EXTRA_DIST += tests/run-plot-tests.sh

## `ptxsim run`: launches, arguments, output files, statistics and errors.
TESTS += tests/run-run-tests.sh
EXTRA_DIST += tests/run-run-tests.sh tests/run
## Parallel functional simulation: 1 and N host threads agree (isa/simt_par.c).
TESTS += tests/run-threads-tests.sh
EXTRA_DIST += tests/run-threads-tests.sh

## `ptxsim exec`: CUDA programs on ptxsim's libcudart (runtime/).
## fake_static stands in for a program linked with the static runtime.
noinst_PROGRAMS += tests/fake/fake_static
tests_fake_fake_static_SOURCES = tests/fake/fake_static.c
TESTS += tests/run-exec-tests.sh
EXTRA_DIST += tests/run-exec-tests.sh tests/exec

## Tests of the run-time reports and the trace (check_reports, the CLI
## options, the corpus drivers with reports on).
include tests/reports/local.mk

## `ptxsim sweep` and `ptxsim collect`: sweep files, jobs, GNU parallel,
## the CSV and its speedups.
include tests/sweep/local.mk
