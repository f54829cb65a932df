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

/* Device memory in use and what is left (free + used == total). */
int ptxsim_mem_get_info(ptxsim_device *d, size_t *free_bytes, size_t *total_bytes);

/* The simulated GPU's properties (what cudaGetDeviceProperties reports). */
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
} ptxsim_device_props;

int ptxsim_device_get_props(const ptxsim_device *d, ptxsim_device_props *out);

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

/* Statistics of the last launch (also kept when it failed). */
typedef struct ptxsim_stats {
  const char *kernel;            /* name; valid until the next launch */
  uint64_t thread_instructions;  /* instructions executed by threads */
  uint64_t warp_instructions;    /* instructions issued by warps */
  uint64_t ctas, warps, threads;
  double simd_efficiency;        /* thread_instructions / (32 * warp_instructions) */
  double wall_seconds;
} ptxsim_stats;

int ptxsim_last_stats(const ptxsim_device *d, ptxsim_stats *out);

#ifdef __cplusplus
}
#endif

#endif /* PTXSIM_H */
