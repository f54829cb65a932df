/* cudart_device.c -- the one simulated GPU as the CUDA runtime presents
 * it: device selection, properties, attributes, flags, limits, versions,
 * synchronisation and reset.
 *
 * Properties come from the device's ptxsim_device_props: its profile
 * (src/device_profiles.def, chosen with ptxsim exec --device), or in timing
 * mode the timing configuration's GPU.  What the profiles share is filled
 * with the values every GPU from Turing to Hopper reports (texture and
 * surface limits) or with what the emulator does (unified addressing and
 * managed memory and cooperative launches yes; peer access, NUMA and
 * clusters no).
 * cudaDeviceGetAttribute reads the same struct through the table made
 * from cudart_attrs.def, so the two never disagree.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "runtime/cudart_api.h"
#include "runtime/cudart_devices.h"
#include "runtime/cudart_graph.h"
#include "runtime/cudart_state.h"

/* CUDA 13.0, as cudaRuntimeGetVersion and cudaDriverGetVersion say it. */
#define RT_CUDA_VERSION 13000

/* Default limits (the CUDA runtime's), reported until a program sets one. */
static const size_t rt_default_limits[7] = {
  [cudaLimitStackSize] = 1024,
  [cudaLimitPrintfFifoSize] = 1 << 20,
  [cudaLimitMallocHeapSize] = 8 << 20,
  [cudaLimitDevRuntimeSyncDepth] = 2,
  [cudaLimitDevRuntimePendingLaunchCount] = 2048,
  [cudaLimitMaxL2FetchGranularity] = 64,
  [cudaLimitPersistingL2CacheSize] = 0,
};

static int clamp_int(size_t v)
{
  return v > INT_MAX ? INT_MAX : (int)v;
}

void rt_fill_device_prop(const rt_state *st, struct cudaDeviceProp *p)
{
  const ptxsim_device_props *s = &st->props;
  memset(p, 0, sizeof *p);
  snprintf(p->name, sizeof p->name, "%s", s->name);
  memcpy(p->uuid, "ptxsim-device-00", 16);
  p->uuid[15] = (unsigned char)('0' + st->active_device % 10); /* one per device */
  p->uuid[14] = (unsigned char)('0' + st->active_device / 10);
  p->pciBusID = (int)st->active_device;
  p->totalGlobalMem = s->global_mem_bytes;
  p->sharedMemPerBlock = s->shared_per_block;
  p->regsPerBlock = s->regs_per_block;
  p->warpSize = s->warp_size;
  p->memPitch = INT_MAX;
  p->maxThreadsPerBlock = s->max_threads_per_block;
  for (int i = 0; i < 3; i++) {
    p->maxThreadsDim[i] = s->max_block_dim[i];
    p->maxGridSize[i] = s->max_grid_dim[i];
  }
  p->totalConstMem = s->const_mem_bytes;
  p->major = s->cc_major;
  p->minor = s->cc_minor;
  p->textureAlignment = 512;
  p->texturePitchAlignment = 32;
  p->multiProcessorCount = s->sm_count;
  p->canMapHostMemory = 1;
  /* Texture and surface limits (the same from Turing to Hopper). */
  p->maxTexture1D = 131072;
  p->maxTexture1DMipmap = 32768;
  p->maxTexture2D[0] = 131072, p->maxTexture2D[1] = 65536;
  p->maxTexture2DMipmap[0] = p->maxTexture2DMipmap[1] = 32768;
  p->maxTexture2DLinear[0] = 131072, p->maxTexture2DLinear[1] = 65000;
  p->maxTexture2DLinear[2] = 2097120;
  p->maxTexture2DGather[0] = p->maxTexture2DGather[1] = 32768;
  p->maxTexture3D[0] = p->maxTexture3D[1] = p->maxTexture3D[2] = 16384;
  p->maxTexture3DAlt[0] = p->maxTexture3DAlt[1] = 8192, p->maxTexture3DAlt[2] = 32768;
  p->maxTextureCubemap = 32768;
  p->maxTexture1DLayered[0] = 32768, p->maxTexture1DLayered[1] = 2048;
  p->maxTexture2DLayered[0] = p->maxTexture2DLayered[1] = 32768;
  p->maxTexture2DLayered[2] = 2048;
  p->maxTextureCubemapLayered[0] = 32768, p->maxTextureCubemapLayered[1] = 2046;
  p->maxSurface1D = 32768;
  p->maxSurface2D[0] = 131072, p->maxSurface2D[1] = 65536;
  p->maxSurface3D[0] = p->maxSurface3D[1] = p->maxSurface3D[2] = 16384;
  p->maxSurface1DLayered[0] = 32768, p->maxSurface1DLayered[1] = 2048;
  p->maxSurface2DLayered[0] = p->maxSurface2DLayered[1] = 32768;
  p->maxSurface2DLayered[2] = 2048;
  p->maxSurfaceCubemap = 32768;
  p->maxSurfaceCubemapLayered[0] = 32768, p->maxSurfaceCubemapLayered[1] = 2046;
  p->surfaceAlignment = 512;
  p->concurrentKernels = 1;
  p->asyncEngineCount = 1;
  p->unifiedAddressing = 1;
  p->memoryBusWidth = s->mem_bus_width_bits;
  p->l2CacheSize = s->l2_bytes;
  p->persistingL2CacheMaxSize = s->persisting_l2_max_bytes;
  p->accessPolicyMaxWindowSize = s->access_policy_max_window_bytes;
  p->reservedSharedMemPerBlock = s->reserved_shared_per_block;
  p->ECCEnabled = s->ecc_enabled;
  p->maxThreadsPerMultiProcessor = s->max_threads_per_sm;
  p->streamPrioritiesSupported = 1;
  p->globalL1CacheSupported = 1;
  p->localL1CacheSupported = 1;
  p->sharedMemPerMultiprocessor = s->shared_per_sm;
  p->regsPerMultiprocessor = s->regs_per_sm;
  p->managedMemory = 1;
  p->concurrentManagedAccess = 1; /* kernels finish before the host goes on */
  p->computePreemptionSupported = 1;
  p->cooperativeLaunch = 1; /* grid-wide barriers: isa/simt_grid.c */
  p->sharedMemPerBlockOptin = s->shared_per_block_optin;
  p->maxBlocksPerMultiProcessor = s->max_blocks_per_sm;
  p->hostRegisterSupported = 1;
  p->memoryPoolsSupported = 1; /* cudart_mempool.c */
  p->memoryPoolSupportedHandleTypes = 0; /* no IPC: one process, one device */
  p->deviceNumaId = -1;
  p->hostNumaId = -1;
}

/* ---- cudaDeviceGetAttribute's table ------------------------------------ */

typedef enum rt_attr_source { RT_SRC_NONE, RT_SRC_PROP, RT_SRC_SIM, RT_SRC_CONST } rt_attr_source;

typedef struct rt_attr_row {
  unsigned char source;  /* rt_attr_source */
  unsigned char size;    /* of the field: 4 or 8 */
  unsigned short offset; /* into cudaDeviceProp or ptxsim_device_props */
  int value;             /* RT_SRC_CONST */
} rt_attr_row;

#define RT_FIELD_SIZE(type, f) sizeof(((type *)0)->f)
#define P(f) {RT_SRC_PROP, RT_FIELD_SIZE(struct cudaDeviceProp, f), \
              offsetof(struct cudaDeviceProp, f), 0}
#define E(f, i) {RT_SRC_PROP, sizeof(int), \
                 offsetof(struct cudaDeviceProp, f) + (i) * sizeof(int), 0}
#define S(f) {RT_SRC_SIM, sizeof(int), offsetof(ptxsim_device_props, f), 0}
#define K(v) {RT_SRC_CONST, 0, 0, (v)}
static const rt_attr_row rt_attrs[] = {
#define RT_ATTR(name, value, source) [value] = source,
#include "runtime/cudart_attrs.def"
#undef RT_ATTR
};
#undef P
#undef E
#undef S
#undef K

static int read_field(const void *base, const rt_attr_row *r)
{
  const char *at = (const char *)base + r->offset;
  if (r->size == sizeof(size_t)) {
    size_t v;
    memcpy(&v, at, sizeof v);
    return clamp_int(v);
  }
  int v;
  memcpy(&v, at, sizeof v);
  return v;
}

cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr, int device)
{
  rt_state *st = rt_lock();
  if (!value || (unsigned)attr >= sizeof rt_attrs / sizeof rt_attrs[0] ||
      rt_attrs[attr].source == RT_SRC_NONE)
    return rt_unlock(st, cudaErrorInvalidValue);
  /* The device asked about becomes the active one for this call. */
  cudaError_t e = rt_device_select(st, device);
  if (e == cudaSuccess)
    e = rt_ensure_device(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  const rt_attr_row *r = &rt_attrs[attr];
  struct cudaDeviceProp p;
  switch ((rt_attr_source)r->source) {
  case RT_SRC_PROP:
    rt_fill_device_prop(st, &p);
    *value = read_field(&p, r);
    break;
  case RT_SRC_SIM: *value = read_field(&st->props, r); break;
  case RT_SRC_CONST: *value = r->value; break;
  case RT_SRC_NONE: break;
  }
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)
{
  rt_state *st = rt_lock();
  if (!prop)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_device_select(st, device);
  if (e == cudaSuccess)
    e = rt_ensure_device(st);
  if (e == cudaSuccess)
    rt_fill_device_prop(st, prop);
  return rt_unlock(st, e);
}

/* ---- selection ----------------------------------------------------------- */

cudaError_t cudaInitDevice(int device, unsigned device_flags, unsigned flags)
{
  rt_state *sel = rt_lock();
  if (!rt_device_is_valid(sel, device))
    return rt_unlock(sel, cudaErrorInvalidDevice);
  rt_unlock(sel, cudaSuccess);
  if (flags != 0)
    return rt_unlock(rt_lock(), cudaErrorInvalidValue);
  cudaError_t e = cudaSetDeviceFlags(device_flags);
  if (e != cudaSuccess)
    return e;
  rt_state *st = rt_lock();
  return rt_unlock(st, rt_ensure_device(st));
}

cudaError_t cudaSetValidDevices(int *devices, int len)
{
  rt_state *st = rt_lock();
  if (len < 0 || (len > 0 && !devices))
    return rt_unlock(st, cudaErrorInvalidValue);
  for (int i = 0; i < len; i++)
    if (!rt_device_is_valid(st, devices[i]))
      return rt_unlock(st, cudaErrorInvalidDevice);
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop)
{
  rt_state *st = rt_lock();
  if (!device || !prop)
    return rt_unlock(st, cudaErrorInvalidValue);
  *device = 0; /* the only one, whatever was asked for */
  return rt_unlock(st, cudaSuccess);
}

/* Device i sits on PCI bus i ("0000:00:00.0" for the first). */
cudaError_t cudaDeviceGetPCIBusId(char *bus_id, int len, int device)
{
  rt_state *st = rt_lock();
  if (!bus_id || len <= 0)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_device_is_valid(st, device))
    return rt_unlock(st, cudaErrorInvalidDevice);
  snprintf(bus_id, (size_t)len, "0000:%02x:00.0", (unsigned)device);
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *bus_id)
{
  rt_state *st = rt_lock();
  if (!device || !bus_id)
    return rt_unlock(st, cudaErrorInvalidValue);
  unsigned bus;
  char end;
  if ((sscanf(bus_id, "0000:%x:00.0%c", &bus, &end) != 1 &&
       sscanf(bus_id, "%x:00.0%c", &bus, &end) != 1) ||
      !rt_device_is_valid(st, (int)bus))
    return rt_unlock(st, cudaErrorInvalidDevice);
  *device = (int)bus;
  return rt_unlock(st, cudaSuccess);
}

/* ---- the context ---------------------------------------------------------- */

cudaError_t cudaDeviceSynchronize(void)
{
  /* Everything already completed; what remains to report is a fault.
   * The memory pools give back what they hold above their thresholds. */
  rt_state *st = rt_lock();
  cudaError_t e = rt_context(st);
  if (e == cudaSuccess)
    e = rt_capture_check_unsafe(st); /* not while capturing (cudart_capture.c) */
  if (e == cudaSuccess)
    rt_mempool_sync(st);
  return rt_unlock(st, e);
}

cudaError_t cudaDeviceReset(void)
{
  rt_state *st = rt_lock();
  rt_reset_device(st);
  rt_last_error_set(cudaSuccess);
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaSetDeviceFlags(unsigned flags)
{
  rt_state *st = rt_lock();
  unsigned schedule = flags & RT_DEVICE_SCHEDULE_MASK;
  if ((flags & ~RT_DEVICE_FLAGS_MASK) || (schedule & (schedule - 1)))
    return rt_unlock(st, cudaErrorInvalidValue);
  st->device_flags = flags;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGetDeviceFlags(unsigned *flags)
{
  rt_state *st = rt_lock();
  if (!flags)
    return rt_unlock(st, cudaErrorInvalidValue);
  /* Mapped pinned memory is always available with unified addressing. */
  *flags = st->device_flags | RT_DEVICE_MAP_HOST;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaRuntimeGetVersion(int *version)
{
  rt_state *st = rt_lock();
  if (!version)
    return rt_unlock(st, cudaErrorInvalidValue);
  *version = RT_CUDA_VERSION;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaDriverGetVersion(int *version)
{
  rt_state *st = rt_lock();
  if (!version)
    return rt_unlock(st, cudaErrorInvalidValue);
  *version = RT_CUDA_VERSION;
  return rt_unlock(st, cudaSuccess);
}

/* Cache and bank preferences are hints with no effect on the emulator. */
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache config)
{
  rt_state *st = rt_lock();
  if ((unsigned)config > cudaFuncCachePreferEqual)
    return rt_unlock(st, cudaErrorInvalidValue);
  st->cache_config = config;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *config)
{
  rt_state *st = rt_lock();
  if (!config)
    return rt_unlock(st, cudaErrorInvalidValue);
  *config = (enum cudaFuncCache)st->cache_config;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config)
{
  rt_state *st = rt_lock();
  if ((unsigned)config > cudaSharedMemBankSizeEightByte)
    return rt_unlock(st, cudaErrorInvalidValue);
  st->shared_mem_config = config;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *config)
{
  rt_state *st = rt_lock();
  if (!config)
    return rt_unlock(st, cudaErrorInvalidValue);
  *config = (enum cudaSharedMemConfig)st->shared_mem_config;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
  rt_state *st = rt_lock();
  if ((unsigned)limit > cudaLimitPersistingL2CacheSize)
    return rt_unlock(st, cudaErrorUnsupportedLimit);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  /* The set-aside is a hint with no effect on the emulator; a device
   * without persisting L2 accesses refuses one, and a larger one than the
   * maximum is clamped to it (cuCtxSetLimit lets the driver clamp). */
  if (limit == cudaLimitPersistingL2CacheSize && value != 0) {
    size_t max = (size_t)st->props.persisting_l2_max_bytes;
    if (max == 0)
      return rt_unlock(st, cudaErrorInvalidValue);
    if (value > max)
      value = max;
  }
  st->limits[limit] = value;
  st->is_limit_set[limit] = true;
  /* The stack limit is ptxsim's local memory per thread.  GPUs grow the
   * stack a kernel needs regardless of the limit, so it only ever raises
   * ptxsim's default. */
  if (limit == cudaLimitStackSize && value > (64u << 10))
    (void)ptxsim_device_set_limit(st->dev, PTXSIM_LIMIT_STACK_SIZE, value);
  if (limit == cudaLimitMallocHeapSize)
    (void)ptxsim_device_set_limit(st->dev, PTXSIM_LIMIT_MALLOC_HEAP_SIZE, value);
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit)
{
  rt_state *st = rt_lock();
  if (!value)
    return rt_unlock(st, cudaErrorInvalidValue);
  if ((unsigned)limit > cudaLimitPersistingL2CacheSize)
    return rt_unlock(st, cudaErrorUnsupportedLimit);
  *value = st->is_limit_set[limit] ? st->limits[limit] : rt_default_limits[limit];
  return rt_unlock(st, cudaSuccess);
}

/* Persisting L2 lines are a hint the emulator accepts (the set-aside
 * limit, access-policy windows) without modelling them, in either mode:
 * there is never a persisting line to reset. */
cudaError_t cudaCtxResetPersistingL2Cache(void)
{
  rt_state *st = rt_lock();
  return rt_unlock(st, rt_context(st));
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest)
{
  rt_state *st = rt_lock();
  /* Priorities are accepted and have no effect: work runs in issue order. */
  if (least)
    *least = 0;
  if (greatest)
    *greatest = -5;
  return rt_unlock(st, cudaSuccess);
}

/* No profiler collects anything; starting and stopping one succeeds. */
cudaError_t cudaProfilerStart(void)
{
  return rt_unlock(rt_lock(), cudaSuccess);
}

cudaError_t cudaProfilerStop(void)
{
  return rt_unlock(rt_lock(), cudaSuccess);
}
