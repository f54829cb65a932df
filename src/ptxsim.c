/* ptxsim.c -- the ptxsim command: dispatches to subcommands.
 *
 * The command is a thin layer over the library: each subcommand parses
 * its arguments, calls into the layers and prints.  Only this file calls
 * exit(), through main's return.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ptxsim.h"
#include "frontend/ptx_diag.h"
#include "src/cli.h"

static const cli_command commands[] = {
  {"check", "parse and validate PTX files; summarise each kernel",
   "usage: ptxsim check FILE.ptx...\n"
   "  Parses and validates each file and prints, for every kernel, its parameters,\n"
   "  register declarations and shared, local and constant memory.\n",
   cmd_check},
  {"dump", "print a PTX file in canonical form",
   "usage: ptxsim dump [-o OUT] FILE.ptx\n"
   "  Prints the module as canonical PTX (one statement per line, exact\n"
   "  hexadecimal literals) that parses back to the same program.\n",
   cmd_dump},
  {"cfg", "control-flow graph: blocks, dominators, loops, divergent branches",
   "usage: ptxsim cfg FILE.ptx [-k KERNEL] [--all] [--format text|dot|json]\n"
   "\n"
   "  Prints the control-flow graph of every kernel of FILE.ptx (-k: of one kernel\n"
   "  or .func with a body; --all: of the .func functions too): basic blocks with\n"
   "  their instructions and PTX lines, edges, immediate dominators and immediate\n"
   "  post-dominators (the reconvergence points), natural loops and their nesting\n"
   "  depth, barriers, and each conditional branch: whether it can diverge (its\n"
   "  predicate is not uniform across a warp) and where it reconverges.\n"
   "\n"
   "  --format text      readable lines (the default)\n"
   "  --format dot       one Graphviz digraph per function (divergent branch edges\n"
   "                     red and bold, loops as dashed clusters)\n"
   "  --format json      {\"kernels\": [{\"name\", \"blocks\", \"edges\", \"loops\",\n"
   "                     \"barriers\", \"branches\"}]} (README.md describes it)\n"
   "\n"
   "  Exit status: 0 success; 1 bad PTX, an unreadable file or an unknown\n"
   "  kernel; 2 usage error.\n",
   cmd_cfg},
  {"liveness", "register liveness, MaxLive, preemption points, register estimate",
   "usage: ptxsim liveness FILE.ptx [-k KERNEL] [--all] [--format text|json|csv]\n"
   "                       [--pp-interval K]\n"
   "\n"
   "  Prints, for every kernel of FILE.ptx (-k: one kernel or .func with a body;\n"
   "  --all: the .func functions too), each instruction's defs, uses, live-in and\n"
   "  live-out registers and live-in size in 32-bit slots (64-bit registers count\n"
   "  2, vectors one per element; predicates apart; a guarded write does not kill\n"
   "  its register), the union set inside divergent regions, and per kernel\n"
   "  MaxLive and where, the average, a linear-scan register estimate (with the\n"
   "  ptxas -v count when a PTXAS-REGS.txt beside FILE.ptx records it) and the\n"
   "  preemption points with their plain and union live sets.\n"
   "\n"
   "  --format text      one line per instruction and a summary (the default)\n"
   "  --format json      {\"kernels\": [{\"name\", \"max_live\", \"max_live_line\",\n"
   "                     \"pred_max_live\", \"preemption_points\", \"instructions\"}]}\n"
   "  --format csv       one line per kernel: kernel,instrs,maxlive,avglive,\n"
   "                     est_regs,n_pp,min_pp_live,max_pp_live\n"
   "  --pp-interval K    outside loops, one preemption point per K instructions\n"
   "                     (default 1000); each innermost loop gets one\n"
   "\n"
   "  Exit status: 0 success; 1 bad PTX, an unreadable file or an unknown\n"
   "  kernel; 2 usage error.\n",
   cmd_liveness},
  {"run", "run one kernel on the emulated GPU",
   "usage: ptxsim run FILE.ptx [-k KERNEL] -g X[,Y[,Z]] -b X[,Y[,Z]] [--shared BYTES]\n"
   "                  [--stats text|json|none] [--max-instructions N] [--threads N]\n"
   "                  [--arg SPEC]...\n"
   "                  [--report LIST [--report-format text|json] [--report-file FILE]]\n"
   "                  [--trace masks[=FILE] [--trace-cta N] [--trace-warp N]]\n"
   "                  [--mode functional|timing [--config NAME|FILE] [--option -NAME=VALUE]...]\n"
   "                  [--device sm_75|sm_80|sm_86|sm_90]\n"
   "                  [--progress auto|always|never]\n"
   "                  [--preempt-by KERNEL2 --preempt-grid G --preempt-block B\n"
   "                   [--preempt-arg SPEC]... [--preempt-shared BYTES]\n"
   "                   [--preempt-at CYCLE] [--preempt-sms N]]\n"
   "\n"
   "  Loads FILE.ptx and runs KERNEL (-k may be omitted when the module has only\n"
   "  one) to completion on a grid of -g blocks of -b threads each, with BYTES of\n"
   "  dynamic shared memory.  Device printf goes to stdout.\n"
   "\n"
   "  One --arg per kernel parameter, in parameter order:\n"
   "    TYPE:VALUE        a scalar; TYPE is a PTX scalar type without the dot\n"
   "                      (u8..u64, s8..s64, b8..b64, f16, bf16, f32, f64) and its\n"
   "                      size must be the parameter's.  Integers are decimal or 0x\n"
   "                      hex, range-checked (bN also takes -2^(N-1)..-1); floats use\n"
   "                      C syntax (1.5, -2e-3, 0x1.8p1, inf, nan), rounded to\n"
   "                      nearest even\n"
   "    buf:in=PATH       a device buffer holding PATH's bytes (exactly its size)\n"
   "    buf:BYTES         a zero-filled device buffer of BYTES bytes (4096, 0x1000,\n"
   "                      4K, 1M); buf:BYTES,in=PATH pads PATH with zeros\n"
   "    buf:...,out=PATH  any buffer, written to PATH after a successful launch\n"
   "                      (e.g. buf:4096,out=c.bin or buf:in=x.bin,out=x2.bin)\n"
   "  A buffer argument passes the buffer's device address to a 64-bit parameter.\n"
   "\n"
   "  --stats text       statistics on stderr (the default); json: a JSON object\n"
   "                     on stdout (kernel, grid, block, ctas, warps, threads,\n"
   "                     thread_instructions, warp_instructions, simd_efficiency,\n"
   "                     wall_seconds); none: no statistics\n"
   "  --max-instructions N  stop the launch after N warp instructions (0: no\n"
   "                     limit; the default is 2^40)\n"
   "  --threads N        host threads that run the blocks of a functional-mode\n"
   "                     launch, or the SMs of a timing-mode launch, side by\n"
   "                     side (default 0: one per core); output and statistics\n"
   "                     are the same for every N (kernels whose blocks could\n"
   "                     see their order -- global atomics, volatile or relaxed\n"
   "                     global accesses, GPU-scope fences, device malloc,\n"
   "                     device launches, %clock in functional mode, printf in\n"
   "                     timing mode -- run in order on one thread)\n"
   "  --report LIST      run-time reports, comma-separated: divergence (per\n"
   "                     branch, lanes, stack depth, warp skew and RTRU per CTA),\n"
   "                     liveness (live registers at preemption points),\n"
   "                     preemption (timing mode with -ptxsim_preempt_inject:\n"
   "                     one line per preemption event -- SM, cycle, CTAs\n"
   "                     evicted and kept, drain, spill per component, bytes,\n"
   "                     segments, restore, latency -- and averages), all\n"
   "  --report-format F  text (default) or json; --report-file FILE writes them\n"
   "                     there (default: text on stderr, JSON on stdout)\n"
   "  --trace masks[=FILE]  one line per warp instruction (CTA, warp, pc, line,\n"
   "                     opcode, active and exec masks, stack depth) on stderr or\n"
   "                     in FILE (-: stdout); --trace-cta N (linear id) and\n"
   "                     --trace-warp N keep one CTA or warp\n"
   "  --mode timing      run the cycle-level timing model (functional: the\n"
   "                     default); the statistics add cycles, IPC, cache, DRAM and\n"
   "                     stall counters with GPGPU-Sim's names (JSON: \"timing\")\n"
   "  --config NAME|FILE the GPU: gtx480 (the default), gtx280, gtx280_ilp, sm75,\n"
   "                     gtx285_scalar, or a gpgpusim.config-style file (see\n"
   "                     `ptxsim config --list`)\n"
   "  --option -NAME=VALUE  set one configuration option (after --config);\n"
   "                     --config or --option without --mode means timing mode\n"
   "  --progress WHEN    a progress line on stderr while the launch runs (CTAs\n"
   "                     done, instructions/s; cycle and IPC in timing mode):\n"
   "                     auto (the default) on a terminal, from half a second\n"
   "                     on; always from the start; never\n"
   "  --device NAME      the GPU whose limits launches must fit (shared memory,\n"
   "                     threads): sm_90 (H200, the default), sm_86, sm_80, sm_75;\n"
   "                     see ptxsim exec --help\n"
   "  --preempt-by KERNEL2  timing mode: KERNEL2 of FILE.ptx (its grid, block,\n"
   "                     arguments and shared memory from the --preempt-* options,\n"
   "                     as -g, -b, --arg, --shared) preempts KERNEL at its cycle\n"
   "                     CYCLE (0) on SMs 0..N-1 (0: all): the controller saves\n"
   "                     KERNEL's CTAs there (-ptxsim_preempt_mode; with\n"
   "                     -ptxsim_preempt_inplace 1 only the fewest needed to fit\n"
   "                     KERNEL2), KERNEL2 runs to completion on those SMs, then\n"
   "                     KERNEL resumes; a line on stderr says when and how long\n"
   "                     KERNEL2 ran; --report preemption logs the events\n"
   "\n"
   "  Exit status: 0 success; 1 bad PTX, arguments that do not fit the kernel,\n"
   "  unreadable or unwritable files, or a failed launch (memory fault, trap,\n"
   "  barrier deadlock, instruction limit), with the message; 2 usage error.\n",
   cmd_run},
  {"exec", "run a CUDA program (built with nvcc -cudart shared) on the emulated GPU",
   "usage: ptxsim exec [--stats FILE] [--quiet] [--max-instructions N] [--threads N]\n"
   "                   [--mode functional|timing] [--config NAME|FILE] [--device NAME]\n"
   "                   [--devices N]\n"
   "                   [--option -NAME=VALUE]... [--progress auto|always|never]\n"
   "                   [--report LIST] [--report-format text|json] [--report-file FILE]\n"
   "                   [--trace masks[=FILE]] [--trace-cta N] [--trace-warp N]\n"
   "                   [--] PROGRAM [ARGS]...\n"
   "\n"
   "  Runs PROGRAM with ptxsim's CUDA runtime (libcudart.so.13) in place of\n"
   "  NVIDIA's: its kernels execute on the emulator, everything else as usual.\n"
   "  PROGRAM must link the CUDA runtime dynamically: build it with\n"
   "    nvcc -cudart shared -arch=sm_90 prog.cu -o prog\n"
   "  (any -arch up to the simulated GPU's works as long as the executable\n"
   "  carries PTX; nvcc's default static runtime cannot be replaced and is\n"
   "  reported).\n"
   "\n"
   "  --stats FILE        simulation statistics as JSON in FILE (default: a\n"
   "                      summary on stderr at exit; never on stdout)\n"
   "  --quiet, -q         no statistics\n"
   "  --max-instructions N  stop a launch after N warp instructions (reported as\n"
   "                      a launch timeout)\n"
   "  --threads N         host threads for each launch, as for ptxsim run\n"
   "                      (default 0: one per core; the environment variable\n"
   "                      PTXSIM_THREADS sets it too)\n"
   "  --mode timing       run the kernels on the cycle-level timing model; the\n"
   "                      statistics add cycles and IPC, and CUDA events record\n"
   "                      simulated time (cycles at the core clock)\n"
   "  --config NAME|FILE  the GPU of timing mode: gtx480 (default), gtx280, gtx280_ilp, sm75,\n"
   "                      gtx285_scalar or a gpgpusim.config-style file\n"
   "  --device NAME       the GPU the program sees (cudaGetDeviceProperties,\n"
   "                      cudaDeviceGetAttribute): sm_90 (H200, the default),\n"
   "                      sm_86 (RTX 3090), sm_80 (A100), sm_75 (Tesla T4).\n"
   "                      Kernels built for a newer GPU fail to load\n"
   "                      (cudaErrorNoKernelImageForDevice).  In timing mode the\n"
   "                      configuration's GPU replaces SMs, clocks, L2, shared\n"
   "                      memory, registers and threads and CTAs per SM\n"
   "  --option -NAME=VALUE  set one configuration option (after --config);\n"
   "                      --config or --option without --mode means timing mode\n"
   "  --devices N         N simulated GPUs of that kind (default 1, at most 16):\n"
   "                      cudaSetDevice, peer access and peer copies between them\n"
   "  --progress WHEN     a progress line on stderr while kernels run (launches,\n"
   "                      kernel, CTAs done, instructions/s): auto (the default)\n"
   "                      on a terminal, from half a second on; always; never\n"
   "  --report, --report-format, --report-file, --trace, --trace-cta,\n"
   "  --trace-warp       as for ptxsim run, per kernel over its launches,\n"
   "                      written at exit (reports default to stderr)\n"
   "\n"
   "  Kernel faults are reported on stderr (what, where: PTX file:line, kernel,\n"
   "  block, thread) and reach the program as CUDA errors.\n"
   "  Environment: PTXSIM_RUNTIME_DIR overrides where the runtime is found.\n"
   "  Exit status: the program's; 1 if it cannot be run; 2 usage error.\n",
   cmd_exec},
  {"config", "print the timing model's GPU configuration; list the named ones",
   "usage: ptxsim config [--config NAME|FILE] [--dump | --list | --options]\n"
   "       ptxsim config [--config NAME|FILE] --occupancy THREADS,REGS[,SMEM]\n"
   "\n"
   "  Loads a GPU configuration for the timing model and prints it.\n"
   "\n"
   "  --config NAME|FILE  gtx480 (the default), gtx280, gtx280_ilp, sm75, gtx285_scalar,\n"
   "                      or a GPGPU-Sim gpgpusim.config file, applied over the GTX480\n"
   "                      values; options GPGPU-Sim has but ptxsim does not model are\n"
   "                      listed once on stderr, unknown ones are errors\n"
   "  --dump              every modelled option in the config format (the\n"
   "                      default); the dump loads back to the same configuration\n"
   "  --list              the named configurations\n"
   "  --options           every option: modelled, other spellings, ignored\n"
   "  --occupancy T,R[,S] CTAs per SM for CTAs of T threads, R registers per\n"
   "                      thread and S bytes of shared memory, the limiting\n"
   "                      resources and what the resident CTAs use\n"
   "\n"
   "  Exit status: 0 success; 1 an unknown name, an unreadable file or errors in\n"
   "  it (FILE:LINE: error: ...); 2 usage error.\n",
   cmd_config},
  {"sweep", "write the jobs of a configuration sweep (GNU parallel, Slurm)",
   "usage: ptxsim sweep FILE -o DIR [--emit list|parallel|slurm] [--jobs N]\n"
   "                    [--time T] [--mem M] [--partition P]\n"
   "\n"
   "  Reads the sweep file FILE -- what to run and the grid of configurations and\n"
   "  options to run it under -- and writes the jobs; it runs none of them.\n"
   "  FILE is plain text, one statement a line ('#' comments, '...' and \"...\"\n"
   "  quote, a backslash before the line break continues a line):\n"
   "    run NAME ARGS...           a kernel: ARGS are ptxsim run's (FILE.ptx first)\n"
   "    exec NAME PROGRAM ARGS...  a CUDA program for ptxsim exec\n"
   "    config NAME|FILE...        the --config values to sweep\n"
   "    option -NAME VALUE...      the values of one --option to sweep (several\n"
   "                               option lines make a grid)\n"
   "    mode functional|timing     every job's mode (default timing)\n"
   "    set -NAME=VALUE            an --option every job gets\n"
   "    variant NAME [-NAME=VALUE...]  a named set of --options; the variant\n"
   "                               lines are the values of the parameter variant\n"
   "                               (ablations: baseline, +A, +B, +A+B)\n"
   "  or one JSON object with the same keys: {\"run\": {\"NAME\": [ARGS...]},\n"
   "  \"exec\": {\"NAME\": [PROGRAM, ARGS...]}, \"config\": [...], \"option\":\n"
   "  {\"-NAME\": [VALUES...]}, \"mode\": \"timing\", \"set\": {\"-NAME\": VALUE},\n"
   "  \"variant\": {\"NAME\": [\"-NAME=VALUE\", ...]}}.\n"
   "  Relative paths (run's FILE.ptx and buf:in=PATH, exec's PROGRAM, a config\n"
   "  FILE) are taken from FILE's folder.\n"
   "\n"
   "  DIR/jobs.txt        one shell command a line: each program under each\n"
   "                      config, variant and combination of option values\n"
   "  DIR/manifest.tsv    run_id, program, config, variant, the option names (no\n"
   "                      dash), command: one row per job\n"
   "  DIR/runs/RUN_ID/    where job RUN_ID (r0001, r0002, ...) runs and writes\n"
   "                      stats.json, log (its messages) and, last, status (its\n"
   "                      exit code)\n"
   "  --emit list         only those (the default)\n"
   "  --emit parallel     also DIR/run-parallel.sh: runs jobs.txt with GNU parallel\n"
   "                      (--joblog DIR/joblog; its arguments go to parallel)\n"
   "  --emit slurm        also DIR/sweep.sbatch: a Slurm job array, one task a\n"
   "                      line, output in DIR/slurm-%A_%a.out (sbatch it)\n"
   "  --jobs N, -j N      at most N jobs at once (parallel --jobs; the array's %N)\n"
   "  --time T, --mem M, --partition P\n"
   "                      #SBATCH --time, --mem, --partition of the batch script\n"
   "\n"
   "  Then `ptxsim collect DIR` gathers the results into one CSV.\n"
   "  Exit status: 0 success; 1 errors in FILE (FILE:LINE: error: ...), a\n"
   "  config or option value the timing model refuses, DIR already holding a\n"
   "  sweep, or unwritable files; 2 usage error.\n",
   cmd_sweep},
  {"collect", "gather a sweep's results into one CSV; speedups, geometric means",
   "usage: ptxsim collect DIR [-o FILE.csv] [--speedup-over PARAM=VALUE]\n"
   "\n"
   "  Reads the runs of the sweep in DIR (ptxsim sweep) and writes one CSV row per\n"
   "  run and kernel launch (to FILE.csv, default standard output): run_id,\n"
   "  program, kernel, launch, the swept parameters (config and the option names\n"
   "  without the dash), then every statistic of the run's statistics JSON in a\n"
   "  fixed order (members of nested objects under their own name, arrays as\n"
   "  NAME_0, NAME_1, ...; empty where a run has no such statistic).  Runs that\n"
   "  are missing (no status yet) or failed (non-zero status, no statistics) are\n"
   "  reported on standard error with their command.\n"
   "\n"
   "  --speedup-over PARAM=VALUE\n"
   "                      add a column speedup: the cycles of the run with\n"
   "                      PARAM=VALUE and the same program, kernel, launch and\n"
   "                      other parameters, divided by this row's cycles; and print\n"
   "                      on standard output (standard error when the CSV goes\n"
   "                      there) the geometric mean of the speedups of each value\n"
   "                      of PARAM, per combination of the other parameters and\n"
   "                      over all of them\n"
   "\n"
   "  Exit status: 0 success; 1 a missing or failed run (the CSV is still\n"
   "  written), an unreadable sweep or an unwritable FILE.csv; 2 usage error.\n",
   cmd_collect},
  {"plot", "draw a bar chart or a scatter plot of a sweep's CSV with gnuplot",
   "usage: ptxsim plot FILE.csv -o OUT.png|OUT.svg --bar COLUMN [--group PARAM]\n"
   "       ptxsim plot FILE.csv -o OUT.png|OUT.svg --scatter XCOL YCOL [--group PARAM]\n"
   "                   [--where COLUMN=VALUE]... [--title TEXT] [--script FILE]\n"
   "\n"
   "  Draws a chart of FILE.csv (ptxsim collect's CSV, or any CSV whose first\n"
   "  line names the columns) with gnuplot, as PNG or SVG after OUT's extension.\n"
   "\n"
   "  --bar COLUMN       a grouped bar chart of COLUMN (e.g. speedup): one cluster\n"
   "                     per program (program:kernel where a program has several\n"
   "                     kernels), in it one bar per value of PARAM\n"
   "  --scatter XCOL YCOL  one point per row at (XCOL, YCOL), labelled with its\n"
   "                     program; one colour per value of PARAM\n"
   "  --group PARAM      the column whose values make the bars of a cluster or\n"
   "                     the series of points (e.g. config); without it, one bar\n"
   "                     per program\n"
   "  --where COLUMN=VALUE  only the rows whose COLUMN is VALUE (repeatable)\n"
   "  --title TEXT       the chart's title (default: COLUMN by PARAM)\n"
   "  --output, -o OUT   the chart: OUT.png or OUT.svg\n"
   "  --script FILE      also write the gnuplot script, data included, to FILE\n"
   "\n"
   "  Rows that fall on one bar (several launches of a kernel, or a swept\n"
   "  parameter that is neither PARAM nor fixed by --where) are combined by their\n"
   "  geometric mean (arithmetic where a value is not positive), with a note on\n"
   "  stderr.  Empty cells, '-', nan and inf are missing values.\n"
   "  Environment: PTXSIM_GNUPLOT names the gnuplot program (default: gnuplot,\n"
   "  found in PATH; Debian package gnuplot-nox).\n"
   "\n"
   "  Exit status: 0 success; 1 an unreadable or empty CSV, an unknown column, a\n"
   "  cell that is not a number, gnuplot missing or failing; 2 usage error.\n",
   cmd_plot},
};

/* argv[0] of main, for cli_self_path. */
static const char *program_name;

/* In a build tree libtool's wrapper script ./ptxsim runs .libs/ptxsim (or
 * .libs/lt-ptxsim) with the library path set, and argv[0] names that
 * file, which does not run by itself: name the wrapper instead. */
static char *libtool_wrapper(char *path)
{
  char *slash = path ? strrchr(path, '/') : NULL;
  if (!slash || slash - path < 6 || strncmp(slash - 6, "/.libs", 6) != 0)
    return path;
  const char *base = slash + 1;
  if (strncmp(base, "lt-", 3) == 0)
    base += 3;
  char wrapper[PATH_MAX];
  if (snprintf(wrapper, sizeof wrapper, "%.*s/%s", (int)(slash - 6 - path), path, base) >=
          (int)sizeof wrapper ||
      access(wrapper, X_OK) != 0)
    return path;
  char *w = strdup(wrapper);
  if (!w)
    return path;
  free(path);
  return w;
}

char *cli_self_path(void)
{
  if (!program_name)
    return NULL;
  if (strchr(program_name, '/'))
    return libtool_wrapper(realpath(program_name, NULL));
  const char *path = getenv("PATH");
  for (const char *p = path ? path : ""; *p;) {
    const char *colon = strchr(p, ':');
    size_t n = colon ? (size_t)(colon - p) : strlen(p);
    char cand[PATH_MAX];
    if (n && snprintf(cand, sizeof cand, "%.*s/%s", (int)n, p, program_name) < (int)sizeof cand &&
        access(cand, X_OK) == 0)
      return libtool_wrapper(realpath(cand, NULL));
    p += n + (colon != NULL);
  }
  return NULL;
}

static const cli_command *find_command(const char *name)
{
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp(commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

static void print_help(FILE *out)
{
  fprintf(out,
          "ptxsim %s -- a functional and cycle-level emulator for NVIDIA PTX\n"
          "\n"
          "usage: ptxsim COMMAND [ARGS]\n"
          "       ptxsim COMMAND --help\n"
          "\n"
          "commands:\n",
          PACKAGE_VERSION);
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf(out,
          "\n"
          "options:\n"
          "  --help       this text\n"
          "  --version    the version\n"
          "  --list-ops   every PTX opcode ptxsim knows: operands, the binder that\n"
          "               executes it (none: not executed), timing unit and class\n"
          "\n"
          "Exit status: 0 success, 1 invalid input, 2 usage error.\n"
          "Report bugs to <%s>.\n",
          PACKAGE_BUGREPORT);
}

int cli_option_value(int argc, char **argv, int *i, const char *short_name,
                     const char *long_name, const char **val)
{
  const char *a = argv[*i];
  size_t ll = strlen(long_name);
  if (short_name && strncmp(a, short_name, 2) == 0) {
    if (a[2]) {
      *val = a + 2;
      return 1;
    }
  } else if (strncmp(a, long_name, ll) == 0 && (a[ll] == 0 || a[ll] == '=')) {
    if (a[ll] == '=') {
      *val = a + ll + 1;
      return 1;
    }
  } else {
    return 0;
  }
  if (*i + 1 >= argc)
    return -1;
  *val = argv[++*i];
  return 1;
}

int cli_device_profile(const char *command, const char *name)
{
  char list[256] = "";
  size_t used = 0;
  for (size_t i = 0; i < ptxsim_device_profile_count(); i++) {
    const char *id = ptxsim_device_profile_name(i, NULL);
    if (strcmp(id, name) == 0)
      return CLI_OK;
    int w = snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", id);
    if (w > 0 && (size_t)w < sizeof list - used)
      used += (size_t)w;
  }
  return cli_usage_error(command, "unknown device '%s' (--device takes %s)", name, list);
}

static const char *const progress_names[] = {"auto", "always", "never"};

int cli_parse_progress(const char *s, cli_progress *out)
{
  for (size_t i = 0; i < sizeof progress_names / sizeof progress_names[0]; i++)
    if (strcmp(s, progress_names[i]) == 0) {
      *out = (cli_progress)i;
      return 0;
    }
  return -1;
}

const char *cli_progress_name(cli_progress p)
{
  return progress_names[p];
}

ptxsim_progress cli_progress_when(cli_progress p, bool stderr_has_trace)
{
  if (p == CLI_PROGRESS_ALWAYS)
    return PTXSIM_PROGRESS_AT_ONCE;
  if (p == CLI_PROGRESS_AUTO && !stderr_has_trace && isatty(STDERR_FILENO))
    return PTXSIM_PROGRESS_DELAYED;
  return PTXSIM_PROGRESS_OFF;
}

int cli_usage_error(const char *command, const char *fmt, ...)
{
  va_list ap;
  fputs("ptxsim: error: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  const cli_command *c = command ? find_command(command) : NULL;
  if (c) {
    /* Long usage texts: only the synopsis, up to the first blank line. */
    const char *cut = strstr(c->usage, "\n\n");
    if (cut)
      fprintf(stderr, "%.*sTry 'ptxsim %s --help' for more.\n", (int)(cut - c->usage + 1),
              c->usage, c->name);
    else
      fputs(c->usage, stderr);
  } else
    fputs("Try 'ptxsim --help'.\n", stderr);
  return CLI_USAGE;
}

int cli_close_output(FILE *f, const char *name, const char *what, int earlier_errno)
{
  bool is_stdout = f == stdout;
  int err = ptx_stream_close(f, earlier_errno);
  if (!err)
    return CLI_OK;
  if (is_stdout)
    fprintf(stderr, "ptxsim: error: cannot write to standard output: %s\n", strerror(err));
  else
    fprintf(stderr, "%s: error: cannot write %s: %s\n", name, what, strerror(err));
  return CLI_FAIL;
}

static int run_command(int argc, char **argv)
{
  if (argc < 2)
    return cli_usage_error(NULL, "no command given");
  const char *arg = argv[1];
  if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0 || strcmp(arg, "help") == 0) {
    print_help(stdout);
    return CLI_OK;
  }
  if (strcmp(arg, "--version") == 0) {
    printf("ptxsim %s\n", PACKAGE_VERSION);
    return CLI_OK;
  }
  if (strcmp(arg, "--list-ops") == 0) {
    cmd_list_ops(stdout);
    return CLI_OK;
  }
  const cli_command *c = find_command(arg);
  if (!c)
    return cli_usage_error(NULL, "unknown command '%s'", arg);
  for (int i = 2; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0)
      break;
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(c->usage, stdout);
      return CLI_OK;
    }
  }
  return c->run(argc - 2, argv + 2);
}

int main(int argc, char **argv)
{
  program_name = argv[0];
  int rc = run_command(argc, argv);
  /* What went to stdout must have arrived (a command that failed said
   * why already). */
  if (rc == CLI_OK)
    rc = cli_close_output(stdout, NULL, NULL, 0);
  return rc;
}
