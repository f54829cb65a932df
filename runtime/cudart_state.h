/* cudart_state.h -- the one process-wide state of ptxsim's CUDA runtime.
 *
 * The CUDA runtime API has no context argument: cudaMalloc(&p, n) must
 * find the device, and __cudaRegisterFunction must find the module of the
 * fatbinary registered just before.  So unlike the rest of ptxsim (which
 * passes contexts explicitly, STYLE.md §5), the runtime keeps one rt_state
 * behind one accessor, rt_lock(), which also serialises the API: every
 * entry point runs under one recursive mutex (recursive so that host
 * callbacks run by cudaLaunchHostFunc may call the API), so the single
 * ptxsim_device is used by one thread at a time.  Every operation runs to
 * completion where it is issued, which is a legal serial order of any
 * stream program.
 *
 * The simulated GPU is created lazily, when the first fatbinary's
 * registration ends or at the first call that needs it, and every
 * registered module is loaded onto it then.  cudaDeviceReset destroys it;
 * registrations stay, and the next call creates a fresh device and loads
 * the modules again.
 *
 * Errors follow CUDA: each call returns its error and records it as the
 * calling thread's last error (cudaGetLastError returns and clears it).  A
 * kernel fault is sticky: from then on every call that needs the device
 * returns it, and cudaGetLastError does not clear it; only cudaDeviceReset
 * does.
 */
#ifndef PTXSIM_RUNTIME_CUDART_STATE_H
#define PTXSIM_RUNTIME_CUDART_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ptxsim.h"
#include "runtime/cudart_map.h"
#include "runtime/cudart_types.h"

/* The entry points are exported through runtime/cudart.map, which hides
 * everything else in the library.  RT_ALIAS makes alias another name of
 * target: the per-thread default stream variants (_ptds, _ptsz) are the
 * plain functions, since with every operation completing at once the
 * per-thread and legacy default streams behave the same. */
#define RT_ALIAS(other, target) \
  extern __typeof__(target) other __attribute__((alias(#target), visibility("default")))

typedef struct rt_module rt_module;

/* A kernel registered by __cudaRegisterFunction; its address is the
 * cudaKernel_t / cudaFunction_t handle the runtime hands out. */
typedef struct rt_kernel {
  const void *host_fun;  /* the host stub nvcc generated */
  char *name;            /* the .entry name (mangled) */
  rt_module *mod;
  size_t n_params;       /* once its module is loaded */
  bool is_found;         /* its module holds the .entry */
  int max_dyn_shared;    /* cudaFuncAttributeMaxDynamicSharedMemorySize, -1: default */
  int carveout;          /* cudaFuncAttributePreferredSharedMemoryCarveout */
  int cache_config;      /* enum cudaFuncCache */
} rt_kernel;

/* A variable registered by __cudaRegisterVar or __cudaRegisterManagedVar. */
typedef struct rt_var {
  const void *host_var;  /* the host shadow programs pass as 'symbol' */
  char *name;            /* the PTX name */
  rt_module *mod;
  size_t size;
  bool is_constant;
  void **managed_ptr;    /* managed: the host pointer to point at the variable */
} rt_var;

/* One registered fatbinary: its PTX, parsed once, and how loading went. */
struct rt_module {
  const void *wrapper;         /* what __cudaRegisterFatBinary got */
  unsigned index;              /* registration order, from 0 */
  char name[96];               /* for messages: "PROGRAM.ptx", "PROGRAM.2.ptx" */
  char *ptx;                   /* the PTX text (kept for PTXSIM_DUMP_PTX) */
  ptxsim_module *module;       /* parsed, or NULL */
  cudaError_t load_error;      /* why its kernels cannot run, or cudaSuccess */
  bool is_parsed;              /* parsing was tried (module or load_error set) */
  bool is_loaded;              /* loaded onto the current device */
  bool is_unregistered;
};

/* Memory the host can use at its device address: cudaMallocManaged,
 * cudaMallocHost, cudaHostAlloc. */
typedef enum rt_unified_kind { RT_UNIFIED_MANAGED, RT_UNIFIED_HOST } rt_unified_kind;
typedef struct rt_unified {
  uintptr_t base;
  size_t size;
  rt_unified_kind kind;
  unsigned flags;
} rt_unified;

/* Host memory registered with cudaHostRegister (bookkeeping only). */
typedef struct rt_registered {
  uintptr_t base;
  size_t size;
  unsigned flags;
} rt_registered;

/* A stream's attributes (cudaStreamSetAttribute, cudart_stream.c): hints
 * the emulator stores and reports back without acting on them. */
typedef struct rt_stream_attrs {
  struct cudaAccessPolicyWindow window; /* cudaStreamAttributeAccessPolicyWindow */
  int sync_policy;                      /* enum cudaSynchronizationPolicy */
  unsigned char domain_default, domain_remote; /* cudaStreamAttributeMemSyncDomainMap */
  int domain;                           /* cudaStreamAttributeMemSyncDomain */
} rt_stream_attrs;

typedef struct rt_mempools rt_mempools; /* cudart_mempool.c */
typedef struct rt_device_slot rt_device_slot; /* cudart_devices.c */

/* One launch, for the statistics (cudart_stats.c). */
typedef struct rt_launch_record {
  const char *kernel;  /* the rt_kernel's name (registrations outlive the stats) */
  dim3 grid, block;
  size_t shared_bytes;  /* dynamic */
  uint64_t ctas, warps, threads;
  uint64_t thread_insns, warp_insns;
  double simd_efficiency, wall_seconds;
  uint64_t cycles;              /* timing mode; 0 in functional mode */
  cudaError_t result;
} rt_launch_record;

typedef struct rt_stats {
  rt_launch_record *launches;
  size_t n_launches, cap_launches;
  uint64_t n_omitted;          /* launches past the record cap */
  uint64_t total_launches, total_thread_insns, total_warp_insns;
  uint64_t total_cycles;       /* timing mode */
  double total_wall_seconds;
} rt_stats;

typedef struct rt_state {
  ptxsim_device *dev;          /* NULL until needed, and after cudaDeviceReset */
  ptxsim_device_props props;   /* of the simulated GPU (valid once dev was created) */
  bool has_props;
  cudaError_t sticky;          /* a kernel fault, or cudaSuccess */

  rt_module **mods;
  size_t n_mods, cap_mods;
  rt_kernel **kernels;
  size_t n_kernels, cap_kernels;
  rt_var **vars;
  size_t n_vars, cap_vars;
  rt_map kernel_by_host;       /* host stub -> rt_kernel */
  rt_map kernel_by_handle;     /* rt_kernel address -> itself (handle checks) */
  rt_map var_by_host;          /* host shadow -> rt_var */

  rt_map unified;              /* base -> rt_unified */
  rt_map registered;           /* base -> rt_registered */
  rt_map streams;              /* handle -> stream record (cudart_stream.c) */
  rt_map events;               /* handle -> event record */
  uint64_t next_stream_id;
  rt_stream_attrs builtin_stream_attrs; /* of the default streams (0, legacy, per-thread) */
  rt_mempools *mempools;       /* the memory pools; NULL until one is used */

  unsigned device_flags;       /* cudaSetDeviceFlags */
  int cache_config;            /* cudaDeviceSetCacheConfig */
  int shared_mem_config;       /* cudaDeviceSetSharedMemConfig */
  size_t limits[7];            /* enum cudaLimit -> value, as last set */
  bool is_limit_set[7];

  /* Several simulated GPUs (cudart_devices.c): the fields above that
   * belong to a device are the active one's; the others' are parked. */
  unsigned n_devices;          /* PTXSIM_DEVICES, 1 by default */
  unsigned active_device;
  rt_device_slot *slots;       /* n_devices of them; NULL with one */

  rt_stats stats;
  FILE *report_trace;          /* PTXSIM_TRACE's stream (cudart_report.c), NULL: none */
  bool has_written_report;     /* a report went to PTXSIM_REPORT_FILE already */
} rt_state;

/* Locks the runtime and returns its state (creating the bookkeeping, not
 * the device, on first use).  Every entry point starts with it. */
rt_state *rt_lock(void);
/* rt_lock ahead of every other thread that is not inside a call already:
 * for the exit path (__cudaUnregisterFatBinary), which must not wait
 * behind threads that keep calling. */
rt_state *rt_lock_first(void);
/* The runtime was torn down (the library's destructor ran): calls fail
 * with cudaErrorCudartUnloading. */
bool rt_is_unloaded(void);
/* Records e as the calling thread's last error when it is not
 * cudaSuccess, unlocks, and returns e. */
cudaError_t rt_unlock(rt_state *st, cudaError_t e);

/* What a call that needs the device must do first: returns the sticky
 * error if there is one, else makes sure the device exists with every
 * registered module loaded (cudaErrorMemoryAllocation if the device cannot
 * be created). */
cudaError_t rt_context(rt_state *st);
/* Creates the device if needed, ignoring any sticky error. */
cudaError_t rt_ensure_device(rt_state *st);
/* Destroys the device and everything that lived on it (cudaDeviceReset). */
void rt_reset_device(rt_state *st);

/* Makes e the sticky error (the first one stays). */
void rt_set_sticky(rt_state *st, cudaError_t e);

/* The calling thread's last error (cudart_state.c keeps it per thread). */
cudaError_t rt_last_error_get(void);
void rt_last_error_set(cudaError_t e);

/* Prints "ptxsim: " and the formatted message on stderr, after flushing
 * stdout so that the program's output and ours keep their order. */
void rt_message(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Like rt_message, but only the first time a given key is seen: for the
 * one warning per unsupported entry point. */
void rt_message_once(const char *key, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Finishes one of ptxsim's output files (statistics, reports, trace):
 * flushes and closes it (stderr and stdout stay open).  A write error,
 * now or earlier (ferror; earlier_errno: the errno of an earlier failure
 * the caller saw, or 0), is reported with the file's name and the
 * reason, and makes the process exit with status 1 once the runtime is
 * torn down (output is never lost silently).  Returns false on error. */
bool rt_close_output(FILE *f, const char *path, const char *what, int earlier_errno);

/* The program's name (for module names in messages). */
const char *rt_program_name(void);

/* Registration tables and module loading (cudart_module.c). */
rt_module *rt_module_add(rt_state *st, const void *wrapper);
rt_module *rt_module_of_handle(rt_state *st, void **handle);
/* Parses the module's PTX if that was not tried yet and loads it onto the
 * device; a failure is reported once on stderr and kept in load_error,
 * which this returns. */
cudaError_t rt_module_load(rt_state *st, rt_module *m);
/* Loads every registered module (after the device was created). */
void rt_modules_load_all(rt_state *st);
rt_kernel *rt_kernel_add(rt_state *st, rt_module *m, const void *host_fun, const char *name);
rt_var *rt_var_add(rt_state *st, rt_module *m, const void *host_var, const char *name,
                   size_t size, bool is_constant, void **managed_ptr);
/* The kernel of a host stub or of a cudaKernel_t handle, or NULL. */
rt_kernel *rt_kernel_find(rt_state *st, const void *func);
/* The variable of a host shadow, or NULL. */
rt_var *rt_var_find(rt_state *st, const void *symbol);
/* Frees the registration tables and modules (at exit). */
void rt_modules_free(rt_state *st);

/* Launches a kernel (cudart_launch.c): checks, runs, records statistics,
 * reports faults.  args points at the kernel's arguments. */
cudaError_t rt_launch(rt_state *st, rt_kernel *k, dim3 grid, dim3 block, size_t shmem,
                      cudaStream_t stream, void **args);
/* rt_launch with ptxsim's launch flags (PTXSIM_LAUNCH_COOPERATIVE). */
cudaError_t rt_launch_flags(rt_state *st, rt_kernel *k, dim3 grid, dim3 block, size_t shmem,
                            cudaStream_t stream, void **args, unsigned flags);
/* The cudaError_t of a failed ptxsim call that is not a launch. */
cudaError_t rt_error_of_status(int status);

/* Streams (cudart_stream.c): whether s names a live stream (0 and the
 * built-in handles included). */
bool rt_stream_is_valid(rt_state *st, cudaStream_t s);
/* Destroys every stream and event (cudaDeviceReset, exit). */
void rt_streams_free(rt_state *st);

/* Memory (cudart_memory.c): frees the unified and registered tables'
 * records (the memory itself goes with the device). */
void rt_memory_forget(rt_state *st);

/* Memory pools (cudart_mempool.c).  Whether p is a live allocation from a
 * pool; rt_mempool_free returns it to its pool in stream order
 * (cudaErrorInvalidValue when it is none); rt_mempool_sync is what a
 * synchronisation does to the pools (each gives back what it holds above
 * its release threshold); rt_mempool_forget frees their records (their
 * memory goes with the device). */
bool rt_mempool_owns(rt_state *st, const void *p);
cudaError_t rt_mempool_free(rt_state *st, void *p, cudaStream_t stream);
void rt_mempool_sync(rt_state *st);
void rt_mempool_forget(rt_state *st);

/* Statistics (cudart_stats.c). */
void rt_stats_add(rt_state *st, const char *kernel, dim3 grid, dim3 block, size_t shared_bytes,
                  const ptxsim_stats *s, cudaError_t result);
/* Prints or writes the statistics as PTXSIM_STATS and PTXSIM_STATS_FILE
 * say (at exit). */
void rt_stats_report(rt_state *st);
void rt_stats_free(rt_stats *s);

/* Run-time reports and the mask trace (cudart_report.c): turns them on
 * for a new device as PTXSIM_REPORT* and PTXSIM_TRACE* say; writes the
 * device's reports before it is destroyed (reset, exit); closes the trace
 * at exit. */
void rt_report_setup(rt_state *st);
void rt_report_flush(rt_state *st);
void rt_report_close(rt_state *st);

/* Device properties (cudart_device.c). */
void rt_fill_device_prop(const rt_state *st, struct cudaDeviceProp *p);

#endif /* PTXSIM_RUNTIME_CUDART_STATE_H */
