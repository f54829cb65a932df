/* ptxsim.h -- public C interface of libptxsim.
 *
 * ptxsim reads and executes PTX, the virtual ISA that NVIDIA's nvcc emits.
 * This header is the only one installed.  Every function that can fail
 * returns a ptxsim_status (0 on success, a negative code otherwise) and can
 * hand back a message; the library has no global state, so independent
 * modules can be used from several threads.
 */
#ifndef PTXSIM_H
#define PTXSIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes. */
typedef enum ptxsim_status {
  PTXSIM_OK = 0,
  PTXSIM_E_INVALID = -1,   /* a bad argument */
  PTXSIM_E_PARSE = -2,     /* the PTX has errors; see the messages */
  PTXSIM_E_NOMEM = -3,     /* out of memory */
  PTXSIM_E_IO = -4,        /* a file could not be read */
  PTXSIM_E_NOTFOUND = -5,  /* no such kernel, function or symbol */
  PTXSIM_E_UNSUPPORTED = -6, /* the module uses an instruction ptxsim cannot
                                execute yet (named in the message) */
  PTXSIM_E_LAUNCH = -7,    /* bad launch: configuration or arguments */
  PTXSIM_E_FAULT = -8,     /* the kernel made a bad memory access */
  PTXSIM_E_TRAP = -9,      /* the kernel executed trap or brkpt */
  PTXSIM_E_DEADLOCK = -10, /* threads wait at a barrier that cannot complete */
  PTXSIM_E_TIMEOUT = -11   /* the kernel ran past the instruction limit */
} ptxsim_status;

/* A short English description of a status code. */
const char *ptxsim_status_string(int status);
/* The library's version, "MAJOR.MINOR.PATCH". */
const char *ptxsim_version(void);

/* A parsed and validated PTX module. */
typedef struct ptxsim_module ptxsim_module;

/* Loads PTX from a file or from memory (len bytes; name is used in
 * messages).  On success *out receives the module.  messages, when not
 * NULL, receives the errors and warnings as text in the GNU
 * "FILE:LINE:COL: error: ..." format (or NULL when there are none); free it
 * with ptxsim_free().  Warnings do not make loading fail. */
int ptxsim_module_load_file(const char *path, ptxsim_module **out, char **messages);
int ptxsim_module_load_string(const char *ptx, size_t len, const char *name, ptxsim_module **out,
                              char **messages);
void ptxsim_module_free(ptxsim_module *m);

/* Kernels (.entry functions with a body) of a module, in source order. */
size_t ptxsim_module_kernel_count(const ptxsim_module *m);
/* The name of kernel i (NULL when i is out of range). */
const char *ptxsim_module_kernel_name(const ptxsim_module *m, size_t i);
/* The number of parameters of a kernel, or PTXSIM_E_NOTFOUND. */
int ptxsim_module_kernel_param_count(const ptxsim_module *m, const char *kernel);

/* Frees memory the library handed out (messages). */
void ptxsim_free(void *p);

/* ------------------------------------------------------------------ */
/* Simulated devices.                                                  */

/* A simulated GPU: device memory, loaded modules, statistics.  Devices
 * are independent values; two can live in one process (each used by one
 * thread at a time). */
typedef struct ptxsim_device ptxsim_device;

/* A device address. */
typedef uint64_t ptxsim_devptr;

typedef struct ptxsim_dim3 {
  unsigned x, y, z;
} ptxsim_dim3;

int ptxsim_device_create(ptxsim_device **out);
void ptxsim_device_destroy(ptxsim_device *d);

/* The full message of the last call on d that failed (what, where: PTX
 * file:line, kernel, block, thread), or "" when the last call succeeded.
 * Valid until the next call on d. */
const char *ptxsim_device_error(const ptxsim_device *d);

/* Where device-side printf writes (default stdout). */
void ptxsim_device_set_output(ptxsim_device *d, FILE *out);

/* Limits.  PTXSIM_LIMIT_INSTRUCTIONS: warp instructions one launch may
 * execute before it is stopped as runaway (0: no limit; default 2^40).
 * PTXSIM_LIMIT_STACK_SIZE: local memory per thread in bytes (default 64
 * KiB).  PTXSIM_LIMIT_MALLOC_HEAP_SIZE: device malloc heap (default 8 MiB,
 * as CUDA). */
typedef enum ptxsim_limit {
  PTXSIM_LIMIT_INSTRUCTIONS,
  PTXSIM_LIMIT_STACK_SIZE,
  PTXSIM_LIMIT_MALLOC_HEAP_SIZE
} ptxsim_limit;
int ptxsim_device_set_limit(ptxsim_device *d, ptxsim_limit which, uint64_t value);

/* Host threads that run a functional-mode launch's blocks, or a
 * timing-mode launch's SMs, side by side (0: one per online host core, the
 * default; 1: the calling thread only).  Results, statistics and printf
 * output are the same for every n: blocks of a kernel that could observe
 * their order (global atomics, volatile or relaxed global accesses and
 * GPU-scope fences, device malloc, device-side launches, %clock in
 * functional mode, printf in timing mode) run in order on one thread; see
 * doc/architecture.md, "Parallel functional simulation" and "Parallel
 * timing mode". */
int ptxsim_device_set_threads(ptxsim_device *d, unsigned n);

/* Loads a module onto the device: decodes every function, refuses an
 * instruction that cannot execute (PTXSIM_E_UNSUPPORTED, naming it and its
 * location), allocates and initialises the module's .global and .const
 * variables.  The module must outlive the device.  Kernels are then found
 * by name among every module loaded. */
int ptxsim_device_load(ptxsim_device *d, const ptxsim_module *m);

/* Device memory.  ptxsim_malloc returns 256-byte aligned addresses; a
 * freed range is never handed out again, so late accesses are reported
 * as use after free. */
int ptxsim_malloc(ptxsim_device *d, size_t bytes, ptxsim_devptr *out);
int ptxsim_mem_free(ptxsim_device *d, ptxsim_devptr p);
int ptxsim_memcpy_htod(ptxsim_device *d, ptxsim_devptr dst, const void *src, size_t n);
int ptxsim_memcpy_dtoh(ptxsim_device *d, void *dst, ptxsim_devptr src, size_t n);
int ptxsim_memcpy_dtod(ptxsim_device *d, ptxsim_devptr dst, ptxsim_devptr src, size_t n);
int ptxsim_memset(ptxsim_device *d, ptxsim_devptr dst, int byte, size_t n);

/* Device memory that the host process can use at the same address:
 * the backing store is mapped into the process at the device address, so
 * the returned pointer is both (CUDA's unified addressing, as
 * cudaMallocManaged and cudaMallocHost memory behave).  Freed with
 * ptxsim_mem_free; the host mapping goes with it. */
int ptxsim_malloc_unified(ptxsim_device *d, size_t bytes, void **out);

/* Whether p lies in a live allocation of d (device, unified or module
 * variable memory); if so, its allocation's base and size. */
int ptxsim_pointer_info(ptxsim_device *d, ptxsim_devptr p, ptxsim_devptr *base, size_t *size);

/* Several simulated GPUs in one process (ptxsim exec --devices N): device
 * index of count takes its own slice of the global address range, so that
 * a pointer names one device (unified addressing); call it before the
 * device allocates anything (PTXSIM_E_INVALID after).  ptxsim_device_set_peer
 * links peer's memory to d's kernels: mode 0 unlinks it, 1 lets them reach
 * peer's unified (host-mapped) allocations, 2 all of peer's memory (peer
 * access on).  peer must stay alive while linked. */
int ptxsim_device_set_address_slice(ptxsim_device *d, unsigned index, unsigned count);
int ptxsim_device_set_peer(ptxsim_device *d, ptxsim_device *peer, int mode);

/* Device memory in use and what is left (free + used == total). */
int ptxsim_mem_get_info(ptxsim_device *d, size_t *free_bytes, size_t *total_bytes);

/* The simulated GPU's properties (what cudaGetDeviceProperties reports):
 * those of the device's profile (ptxsim_device_set_profile), and in timing
 * mode what the timing configuration says of the GPU in their place (SM
 * count, clocks, L2, shared memory, registers, threads and CTAs per SM,
 * memory bus; the compute capability when the configuration gives one). */
typedef struct ptxsim_device_props {
  char name[64];
  int cc_major, cc_minor;            /* compute capability */
  size_t global_mem_bytes;
  size_t const_mem_bytes;
  size_t shared_per_block;           /* default limit per CTA */
  size_t shared_per_block_optin;     /* with cudaFuncSetAttribute */
  size_t shared_per_sm;
  int regs_per_block, regs_per_sm;
  int warp_size;
  int max_threads_per_block;
  int max_block_dim[3];
  int max_grid_dim[3];
  int sm_count;
  int max_threads_per_sm, max_blocks_per_sm;
  int clock_khz, mem_clock_khz, mem_bus_width_bits;
  int l2_bytes;
  int persisting_l2_max_bytes;       /* 0: no persisting L2 accesses */
  int access_policy_max_window_bytes;
  size_t reserved_shared_per_block;  /* shared memory the system takes per CTA */
  int ecc_enabled;
  int single_to_double_perf_ratio;   /* FP32 to FP64 throughput */
  char profile[16];                  /* the profile's name: "sm_90" */
} ptxsim_device_props;

int ptxsim_device_get_props(const ptxsim_device *d, ptxsim_device_props *out);

/* Device profiles: the GPUs a device can present itself as
 * (src/device_profiles.def).  A new device is PTXSIM_DEFAULT_PROFILE, an
 * H200.  Profiles are named by their compute capability: "sm_75" (Tesla
 * T4), "sm_80" (A100), "sm_86" (RTX 3090), "sm_90" (H200). */
#define PTXSIM_DEFAULT_PROFILE "sm_90"
size_t ptxsim_device_profile_count(void);
/* The i-th profile's name and one-line description (NULL past the end). */
const char *ptxsim_device_profile_name(size_t i, const char **description);
/* Makes d present itself as the profile called name: PTXSIM_E_NOTFOUND
 * (d unchanged) when there is none. */
int ptxsim_device_set_profile(ptxsim_device *d, const char *name);

/* A kernel's static resources (cudaFuncGetAttributes). */
typedef struct ptxsim_kernel_attrs {
  size_t static_shared_bytes;  /* .shared variables it and its callees use */
  size_t local_bytes;          /* .local variables per thread */
  size_t param_bytes;
  int max_threads_per_block;   /* .maxntid product, else the device limit */
  int num_regs;                /* registers per thread, an estimate */
  int ptx_version;             /* 10 * major + minor of the module's .version */
  int target_sm;               /* 10 * major + minor of .target sm_XY */
} ptxsim_kernel_attrs;

int ptxsim_kernel_get_attrs(ptxsim_device *d, const char *kernel, ptxsim_kernel_attrs *out);

/* Module variables (.global or .const) by name: their address and size,
 * and copies in and out at a byte offset. */
int ptxsim_symbol_address(ptxsim_device *d, const char *name, ptxsim_devptr *addr,
                          size_t *size);
int ptxsim_symbol_write(ptxsim_device *d, const char *name, size_t offset, const void *src,
                        size_t n);
int ptxsim_symbol_read(ptxsim_device *d, const char *name, size_t offset, void *dst, size_t n);

/* The parameters of a kernel on the device, in order: their size in bytes
 * and PTX type name ("u32", "b64", "f32"; "b8" for .align'd byte arrays). */
int ptxsim_kernel_param_info(ptxsim_device *d, const char *kernel, size_t i, size_t *size,
                             const char **type_name);

/* Launches a kernel and runs it to completion.  args[i] points at the
 * value of parameter i (as cudaLaunchKernel takes them); n_args must equal
 * the kernel's parameter count.  A fault, trap, deadlock or runaway stops
 * the launch; the return code says which and ptxsim_device_error() says
 * what and where. */
int ptxsim_launch(ptxsim_device *d, const char *kernel, ptxsim_dim3 grid, ptxsim_dim3 block,
                  size_t dynamic_shared_bytes, const void *const *args, size_t n_args);

/* Names on a device with several modules loaded.  Modules are separate
 * programs, as CUDA's are without -rdc: each has its own kernels and
 * variables, and two may use the same name (a template kernel, or a static
 * variable, in two translation units).  The functions above take the
 * kernel from the first loaded module that has it and the variable from
 * the last; the _in variants below look in module m only (m must be
 * loaded on d; NULL means what the plain function does). */
int ptxsim_kernel_get_attrs_in(ptxsim_device *d, const ptxsim_module *m, const char *kernel,
                               ptxsim_kernel_attrs *out);
int ptxsim_symbol_address_in(ptxsim_device *d, const ptxsim_module *m, const char *name,
                             ptxsim_devptr *addr, size_t *size);
int ptxsim_symbol_write_in(ptxsim_device *d, const ptxsim_module *m, const char *name,
                           size_t offset, const void *src, size_t n);
int ptxsim_symbol_read_in(ptxsim_device *d, const ptxsim_module *m, const char *name,
                          size_t offset, void *dst, size_t n);
int ptxsim_kernel_param_info_in(ptxsim_device *d, const ptxsim_module *m, const char *kernel,
                                size_t i, size_t *size, const char **type_name);
int ptxsim_launch_in(ptxsim_device *d, const ptxsim_module *m, const char *kernel,
                     ptxsim_dim3 grid, ptxsim_dim3 block, size_t dynamic_shared_bytes,
                     const void *const *args, size_t n_args);

/* Launch flags (ptxsim_launch_ex_in). */
enum {
  /* A cooperative launch (cudaLaunchCooperativeKernel): every CTA is
   * resident at once and the kernel gets a grid workspace (%envreg1,
   * %envreg2), so that grid-wide barriers (cooperative_groups'
   * this_grid().sync()) work; without it nvcc's code for them traps.  In
   * timing mode a grid larger than the GPU holds at once (see
   * ptxsim_timing_occupancy_in) fails with PTXSIM_E_LAUNCH; a grid-wide
   * barrier that can never complete (some CTA finished without arriving)
   * stops the launch with PTXSIM_E_DEADLOCK. */
  PTXSIM_LAUNCH_COOPERATIVE = 1 << 0
};

/* ptxsim_launch_in with flags, PTXSIM_LAUNCH_* or'ed together. */
int ptxsim_launch_ex_in(ptxsim_device *d, const ptxsim_module *m, const char *kernel,
                        ptxsim_dim3 grid, ptxsim_dim3 block, size_t dynamic_shared_bytes,
                        const void *const *args, size_t n_args, unsigned flags);

/* ------------------------------------------------------------------ */
/* Texture and surface objects.                                        */

/* A texture object is a resource (texels in device memory: their format,
 * geometry and layout) plus sampling state; a surface object is a
 * resource alone.  Kernels name them by 64-bit handles passed as kernel
 * arguments (CUDA's cudaTextureObject_t / cudaSurfaceObject_t, PTX's
 * unified texture mode) and read them with tex, tld4 and txq, or read and
 * write them with suld, sust and suq.  Handles are per device, nonzero and
 * never reused; an instruction given an unknown or destroyed handle (or a
 * texture handle where a surface is expected, or a geometry that does not
 * fit, such as tex.2d on a 3-D texture) stops the launch with
 * PTXSIM_E_FAULT and a message naming the handle.
 *
 * The texels stay in device memory that the caller allocated
 * (ptxsim_malloc) and owns: the object records their addresses, so
 * copies into that memory are seen by later fetches, and freeing it makes
 * later fetches fault.  The caller decides the layout (ptxsim_tex_level). */

/* Resource kinds, with the instruction geometry that reads each. */
typedef enum ptxsim_tex_kind {
  PTXSIM_TEX_LINEAR = 0,       /* 1-D buffer in linear memory, tex.1d with integer
                                  coordinates (tex1Dfetch); textures only */
  PTXSIM_TEX_1D = 1,           /* .1d */
  PTXSIM_TEX_2D = 2,           /* .2d (CUDA arrays and pitched linear memory) */
  PTXSIM_TEX_3D = 3,           /* .3d */
  PTXSIM_TEX_1D_LAYERED = 4,   /* .a1d */
  PTXSIM_TEX_2D_LAYERED = 5,   /* .a2d */
  PTXSIM_TEX_CUBEMAP = 6,      /* .cube (surfaces: .a2d with the face as layer) */
  PTXSIM_TEX_CUBEMAP_LAYERED = 7 /* .acube (surfaces: .a2d, layer 6 * cube + face) */
} ptxsim_tex_kind;

/* Channel kinds: 16-bit FLOAT channels are IEEE half precision. */
typedef enum ptxsim_channel_kind {
  PTXSIM_CHANNEL_UNSIGNED = 0,
  PTXSIM_CHANNEL_SIGNED = 1,
  PTXSIM_CHANNEL_FLOAT = 2
} ptxsim_channel_kind;

/* Addressing modes (the numbers of cudaTextureAddressMode).  Wrap and
 * mirror need normalised coordinates: with unnormalised ones they act as
 * clamp, as on CUDA GPUs. */
typedef enum ptxsim_address_mode {
  PTXSIM_ADDRESS_WRAP = 0,    /* coordinate modulo the size */
  PTXSIM_ADDRESS_CLAMP = 1,   /* clamp to the edge texels */
  PTXSIM_ADDRESS_MIRROR = 2,  /* mirrored every other repetition */
  PTXSIM_ADDRESS_BORDER = 3   /* texels outside read as border_color */
} ptxsim_address_mode;

typedef enum ptxsim_filter_mode {
  PTXSIM_FILTER_POINT = 0,    /* the nearest texel */
  PTXSIM_FILTER_LINEAR = 1    /* (bi/tri)linear, weights in 1/256 steps */
} ptxsim_filter_mode;

typedef enum ptxsim_read_mode {
  PTXSIM_READ_ELEMENT_TYPE = 0,     /* texels as stored (integers stay integers) */
  PTXSIM_READ_NORMALIZED_FLOAT = 1  /* 8- and 16-bit integers as floats in
                                       [0, 1] (unsigned) or [-1, 1] (signed) */
} ptxsim_read_mode;

#define PTXSIM_TEX_MAX_LEVELS 16

/* One mipmap level (levels[0] for resources without mipmaps).  Texel
 * (x, y) of slice s lies at
 *     data + s * slice_pitch + y * row_pitch + x * texel_bytes,
 * texel_bytes = channels * channel_bits / 8, channels interleaved in the
 * order x (r), y (g), z (b), w (a).  The slice s is z for 3-D resources,
 * the layer of layered ones, the face of a cube map (0..5: +x, -x, +y,
 * -y, +z, -z) and 6 * layer + face of a layered cube map; every slice of a
 * level lies after the same data address.  Sizes are in texels: width
 * always; height for 2-D, 3-D, 2-D layered and cube kinds (cube faces are
 * square: height == width); depth for 3-D only; unused sizes are 0 or 1.
 * A row_pitch of 0 means packed rows (width * texel_bytes) and a
 * slice_pitch of 0 packed slices (row_pitch * height).  Each level of a
 * mipmap has its own data address and sizes; CUDA's rule (level k is
 * max(1, size >> k) in each dimension) is the caller's to follow.  The
 * whole level must lie in one live device allocation. */
typedef struct ptxsim_tex_level {
  ptxsim_devptr data;
  size_t width, height, depth;
  size_t row_pitch, slice_pitch;
} ptxsim_tex_level;

/* A texture (or, ignoring the sampling fields, a surface).  Zero the
 * struct, then fill it: zeros are valid defaults for every sampling field
 * (wrap addressing, point filtering, element-type reads, unnormalised
 * coordinates, level 0). */
typedef struct ptxsim_texture_desc {
  /* The resource. */
  ptxsim_tex_kind kind;
  unsigned channels;               /* 1, 2 or 4 */
  unsigned channel_bits;           /* 8, 16 or 32 (FLOAT: 16 or 32) */
  ptxsim_channel_kind channel_kind;
  unsigned layers;                 /* layered: the number of layers (>= 1); cube
                                      map: 6 (or 0); layered cube map: 6 * cubes;
                                      otherwise 0 or 1 */
  unsigned n_levels;               /* mipmap levels, 1..PTXSIM_TEX_MAX_LEVELS (0
                                      means 1); surfaces take one */
  ptxsim_tex_level levels[PTXSIM_TEX_MAX_LEVELS];
  /* Sampling (textures only). */
  ptxsim_address_mode address_mode[3]; /* per coordinate x, y, z; cube maps
                                          always clamp within a face */
  ptxsim_filter_mode filter_mode;  /* LINEAR needs float texels or normalised
                                      reads */
  ptxsim_filter_mode mip_filter_mode; /* between two levels (float reads) */
  ptxsim_read_mode read_mode;      /* NORMALIZED_FLOAT needs 8- or 16-bit
                                      integer channels (ignored for floats) */
  int normalized_coords;           /* coordinates in [0, 1) instead of [0, size);
                                      cube maps take direction vectors */
  float border_color[4];           /* BORDER addressing: the value read, or the
                                      bits of these floats for integer reads */
  float min_lod, max_lod;          /* the level of detail is clamped to these
                                      (mipmaps; min_lod <= max_lod) */
  float lod_bias;                  /* added to every level of detail */
} ptxsim_texture_desc;

/* Creates a texture object; *handle receives its handle.  The descriptor
 * is validated (PTXSIM_E_INVALID with a message saying which field is
 * wrong) and copied.  Linear resources ignore filtering and addressing: an
 * index outside [0, width) reads zeros. */
int ptxsim_texture_create(ptxsim_device *d, const ptxsim_texture_desc *desc, uint64_t *handle);
/* Destroys a texture object (PTXSIM_E_INVALID if handle is not a live
 * texture object of d).  Its handle is never handed out again. */
int ptxsim_texture_destroy(ptxsim_device *d, uint64_t handle);

/* Creates a surface object over a resource: desc's sampling fields are
 * ignored; kind is not PTXSIM_TEX_LINEAR and n_levels is 1.  suld/sust
 * take a byte x-coordinate; their .trap form faults outside the surface,
 * .clamp moves to the nearest texel, .zero reads zeros and drops writes. */
int ptxsim_surface_create(ptxsim_device *d, const ptxsim_texture_desc *desc, uint64_t *handle);
int ptxsim_surface_destroy(ptxsim_device *d, uint64_t handle);

/* Statistics of the last launch (also kept when it failed). */
typedef struct ptxsim_stats {
  const char *kernel;            /* name; valid until the next launch */
  uint64_t thread_instructions;  /* instructions executed by threads */
  uint64_t warp_instructions;    /* instructions issued by warps */
  uint64_t ctas, warps, threads;
  double simd_efficiency;        /* thread_instructions / (32 * warp_instructions) */
  double wall_seconds;
  uint64_t cycles;               /* timing mode: core cycles (gpu_sim_cycle); 0 in
                                    functional mode */
  double ipc;                    /* timing mode: thread instructions per cycle */
} ptxsim_stats;

int ptxsim_last_stats(const ptxsim_device *d, ptxsim_stats *out);

/* ------------------------------------------------------------------ */
/* Run-time reports and traces.                                        */

/* Reports a device collects while kernels run, summed per kernel over its
 * launches until ptxsim_report_reset (README, "Divergence and liveness
 * reports", says what each number means):
 * - DIVERGENCE: per conditional branch (guarded bra, brx.idx) its PTX and
 *   CUDA source line, reconvergence point, warp executions, divergent ones,
 *   taken and not-taken threads, average active lanes, deepest stack;
 *   SIMD efficiency, the active-lane and stack-depth histograms, and
 *   warp-level divergence per CTA (warp finish times, skew, RTRU);
 * - LIVENESS: how often warps reach the preemption points of the static
 *   liveness analysis and how many registers are live there, against the
 *   registers allocated;
 * - PREEMPTION: the timing model's preemption events (-ptxsim_preempt_inject;
 *   004 §6 report D), one record per event -- SM, cycle, CTAs evicted and
 *   kept, drain, spill cycles and bytes per component, 128-byte segments,
 *   restore, latency -- and per-kernel averages, worst/average and the
 *   context normalised to occupancy.  It needs no observer: launches run
 *   as fast as without reports.
 * With reports or a trace on, the warps of a CTA take turns one
 * instruction at a time (results are the same; launches are slower). */
typedef enum ptxsim_report_kind {
  PTXSIM_REPORT_DIVERGENCE = 1 << 0,
  PTXSIM_REPORT_LIVENESS = 1 << 1,
  PTXSIM_REPORT_PREEMPTION = 1 << 2
} ptxsim_report_kind;

/* Parses a comma-separated list of report names ("divergence",
 * "liveness", "preemption", "all") into PTXSIM_REPORT_* flags; PTXSIM_E_INVALID for an
 * empty or unknown name. */
int ptxsim_report_parse(const char *names, unsigned *flags);
/* The valid names, for messages: "divergence, liveness, preemption, all". */
const char *ptxsim_report_names(void);

/* Selects the reports collected from now on (0: none). */
int ptxsim_device_set_reports(ptxsim_device *d, unsigned flags);
/* Writes the selected reports of every kernel launched since reports were
 * turned on (or since the last reset) to out, as text or, when json is
 * nonzero, as one JSON document {"reports": [...]}; PTXSIM_E_IO when out
 * cannot be written. */
int ptxsim_report_write(ptxsim_device *d, FILE *out, int json);
/* Forgets what the reports collected. */
void ptxsim_report_reset(ptxsim_device *d);

/* Writes one line per executed warp instruction to out (NULL: off):
 *   t=TIME cta=(X,Y,Z) warp=W pc=PC line=L OPCODE active=HEX8 exec=HEX8 depth=D
 * after a "# kernel NAME grid (..) block (..)" line per launch; only CTA
 * cta (its linear id, x + y*nx + z*nx*ny) and warp warp of each CTA when
 * they are not -1.  TIME is the launch's clock: the warp instructions the
 * CTA issued before this one (the cycle in the timing model); active is the
 * warp's mask before the guard, exec the lanes
 * that executed (the guard held), depth the reconvergence-stack entries
 * when it issued.  An instruction of a called function adds "in NAME"
 * after the opcode.  The caller owns out. */
int ptxsim_device_set_trace(ptxsim_device *d, FILE *out, long cta, long warp);

/* ------------------------------------------------------------------ */
/* Timing mode.                                                        */

/* How launches run.  Functional mode (the default) executes CTAs one after
 * another with no notion of time.  Timing mode runs the cycle-level model
 * of the device's GPU configuration (SMs, warp schedulers, scoreboard,
 * execution units, caches, interconnect, DRAM), executing each warp
 * instruction when its pipeline issues it: results are the same as in
 * functional mode, and the statistics add cycles. */
typedef enum ptxsim_mode {
  PTXSIM_MODE_FUNCTIONAL = 0,
  PTXSIM_MODE_TIMING = 1
} ptxsim_mode;

int ptxsim_device_set_mode(ptxsim_device *d, ptxsim_mode mode);
ptxsim_mode ptxsim_device_get_mode(const ptxsim_device *d);

/* Loads the GPU configuration timing mode uses: a named one ("gtx480", the
 * default; "gtx280"; "sm75") or a file in GPGPU-Sim's gpgpusim.config
 * format (one "-option value" per line).  messages, when not NULL,
 * receives the errors and the warning that lists ignored options (free
 * with ptxsim_free).  On failure the previous configuration stays. */
int ptxsim_device_set_config(ptxsim_device *d, const char *name_or_path, char **messages);
/* Sets one option of the configuration ("-gpgpu_n_clusters", "4"). */
int ptxsim_device_set_config_option(ptxsim_device *d, const char *option, const char *value,
                                    char **messages);
/* Prints the effective configuration in the config file format. */
int ptxsim_device_dump_config(const ptxsim_device *d, FILE *out);

/* Prints the statistics of the device's last timing-mode launch with
 * GPGPU-Sim's names (gpu_sim_cycle, gpu_sim_insn, gpu_ipc, gpu_tot_*,
 * cache and DRAM counters, the stall breakdown, ...): text lines
 * "name = value", or one JSON object when json is nonzero.
 * PTXSIM_E_INVALID when no timing launch has run. */
int ptxsim_timing_stats_write(const ptxsim_device *d, FILE *out, int json);

/* The device's simulated time in timing mode: the core cycles of every
 * timing launch so far (gpu_tot_sim_cycle; launches run one after another,
 * and nothing else takes simulated time) and the core clock of its
 * configuration in MHz (-gpgpu_clock_domains), so that cycles / core_mhz
 * is microseconds.  Either pointer may be NULL.  PTXSIM_E_INVALID in
 * functional mode, which has no notion of time. */
int ptxsim_timing_clock(const ptxsim_device *d, uint64_t *cycles, double *core_mhz);

/* The preempt-by-second-kernel mode (issue 17; seed 004 §1.3, in-place
 * switching): the device's next timing-mode launch is interrupted at its
 * core cycle at_cycle by a launch of kernel (m, grid, block, shared
 * memory and arguments as for ptxsim_launch_in, checked now, the
 * arguments copied).  The preemption controller stops SMs 0..n_sms-1 (0:
 * every SM), saves the running kernel's CTAs there as
 * -ptxsim_preempt_mode says (with -ptxsim_preempt_inplace 1 only the
 * fewest needed to fit the second kernel's CTAs: pipeline/preempt_alloc.h),
 * runs the second kernel to completion on those SMs (its own timing
 * launch: its own memory system, its results real), then restores the
 * saved CTAs and the first kernel goes on.  One preemption event per SM
 * (--report preemption, ptxsim_preempt_* statistics).  If the first
 * kernel ends before at_cycle, the second runs after it.  Only the next
 * launch: later ones run alone.  PTXSIM_E_INVALID in functional mode. */
int ptxsim_timing_preempt_by(ptxsim_device *d, const ptxsim_module *m, const char *kernel,
                             ptxsim_dim3 grid, ptxsim_dim3 block, size_t dynamic_shared_bytes,
                             const void *const *args, size_t n_args, uint64_t at_cycle,
                             unsigned n_sms);
/* What the second kernel of the last launch did. */
typedef struct ptxsim_preempt_by_result {
  int ran;                      /* it ran (0: none was set) */
  int status;                   /* its launch's status (PTXSIM_OK, ...) */
  uint64_t start_cycle;         /* the first kernel's cycle when it started */
  uint64_t cycles;              /* its own length in core cycles */
  unsigned sms, ctas_per_sm;    /* where it ran */
  uint64_t thread_instructions;
} ptxsim_preempt_by_result;
/* PTXSIM_E_INVALID when no launch had a second kernel; its error
 * message, if it failed, is the device's (ptxsim_device_error). */
int ptxsim_timing_preempt_by_result(const ptxsim_device *d, ptxsim_preempt_by_result *out);

/* The CTAs of a kernel, of threads threads and dynamic_shared_bytes of
 * dynamic shared memory each, that one SM of the timing configuration
 * holds at once, as the timing model's CTA accounting counts them
 * (threads, CTA slots, registers, shared memory): *ctas_per_sm, 0 when
 * one does not fit.  m as for ptxsim_launch_in.  PTXSIM_E_INVALID in
 * functional mode, PTXSIM_E_NOTFOUND without such a kernel. */
int ptxsim_timing_occupancy_in(ptxsim_device *d, const ptxsim_module *m, const char *kernel,
                               unsigned threads, size_t dynamic_shared_bytes, int *ctas_per_sm);

/* Whether launches show a progress line on stderr while they run: the
 * launches so far, the kernel, CTAs finished of all, simulated thread
 * instructions per second and, in timing mode, the cycle and IPC.  The
 * line is rewritten in place at most four times a second and erased when
 * the launch ends; it changes nothing the launch computes or counts.
 * PTXSIM_PROGRESS_DELAYED (for a terminal) shows the first line half a
 * second into the device's first launch, so that short runs show none;
 * PTXSIM_PROGRESS_AT_ONCE (for logs and tests) as each launch starts,
 * interval allowing.  Off by default. */
typedef enum ptxsim_progress {
  PTXSIM_PROGRESS_OFF = 0,
  PTXSIM_PROGRESS_DELAYED = 1,
  PTXSIM_PROGRESS_AT_ONCE = 2
} ptxsim_progress;

int ptxsim_device_set_progress(ptxsim_device *d, ptxsim_progress when);

#ifdef __cplusplus
}
#endif

#endif /* PTXSIM_H */
