/* cudart_devices.c -- several simulated GPUs in one process (ptxsim exec
 * --devices N, PTXSIM_DEVICES=N): device selection and the per-device
 * half of the runtime's state.
 *
 * The rest of the runtime works on one device, the fields of rt_state that
 * RT_DEVICE_FIELDS names (st->dev, its streams, events, memory pools,
 * flags, limits, sticky error) and each module's is_loaded.  Rather than
 * threading a device through every call, those fields always hold the
 * *active* device's values, and each other device's are parked in its
 * rt_device_slot.  rt_device_select swaps them: a copy of a few hundred
 * bytes, done only when a call finds another device active than the
 * calling thread's current one (CUDA keeps the current device per host
 * thread) or works on a device it names (cudaGetDeviceProperties(p, 1),
 * cudaMemcpyPeer).  With one device nothing is ever swapped.
 *
 * Each device is created lazily like the first (rt_ensure_device), gets
 * its own slice of the global address range (unified addressing: a
 * pointer names its device) and has every registered module loaded onto
 * it, as CUDA loads modules into each device's context.  Kernels of one
 * device reach another's unified (host-mapped) memory always and the rest
 * of its memory while peer access is enabled (isa/simt_mem.c's peers: the
 * slow path's fallback, never cached).
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/cudart_api.h"
#include "runtime/cudart_devices.h"

/* The fields of rt_state that belong to one device. */
#define RT_DEVICE_FIELDS(X) \
  X(dev)                    \
  X(props)                  \
  X(has_props)              \
  X(sticky)                 \
  X(streams)                \
  X(events)                 \
  X(builtin_stream_attrs)   \
  X(mempools)               \
  X(device_flags)           \
  X(cache_config)           \
  X(shared_mem_config)      \
  X(limits)                 \
  X(is_limit_set)

struct rt_device_slot {
#define RT_SLOT_FIELD(f) __typeof__(((rt_state *)0)->f) f;
  RT_DEVICE_FIELDS(RT_SLOT_FIELD)
#undef RT_SLOT_FIELD
  bool *is_loaded;      /* per registered module, while parked */
  size_t n_loaded;
  uint32_t peers_on;    /* bit j: this device's kernels may reach device j */
};

/* The calling thread's current device (cudaSetDevice). */
static _Thread_local int rt_thread_device;

void rt_devices_init(rt_state *st)
{
  st->n_devices = 1;
  const char *v = getenv("PTXSIM_DEVICES");
  if (v && *v) {
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (*end || errno || n < 1 || n > RT_MAX_DEVICES)
      rt_message("warning: ignoring PTXSIM_DEVICES='%s' (a count from 1 to %d)", v,
                 RT_MAX_DEVICES);
    else
      st->n_devices = (unsigned)n;
  }
  if (st->n_devices > 1) {
    st->slots = calloc(st->n_devices, sizeof *st->slots);
    if (!st->slots) {
      rt_message("warning: out of memory: one device instead of %u", st->n_devices);
      st->n_devices = 1;
    }
  }
}

bool rt_device_is_valid(const rt_state *st, int device)
{
  return device >= 0 && (unsigned)device < st->n_devices;
}

/* Parks the active device's fields in its slot and brings device's in. */
cudaError_t rt_device_select(rt_state *st, int device)
{
  if (!rt_device_is_valid(st, device))
    return cudaErrorInvalidDevice;
  if ((unsigned)device == st->active_device)
    return cudaSuccess;
  rt_device_slot *out = &st->slots[st->active_device], *in = &st->slots[device];
  bool *loaded = realloc(out->is_loaded, (st->n_mods ? st->n_mods : 1) * sizeof *loaded);
  if (!loaded)
    return cudaErrorMemoryAllocation;
  out->is_loaded = loaded;
  out->n_loaded = st->n_mods;
  for (size_t i = 0; i < st->n_mods; i++)
    loaded[i] = st->mods[i]->is_loaded;
#define RT_PARK(f) memcpy(&out->f, &st->f, sizeof st->f);
  RT_DEVICE_FIELDS(RT_PARK)
#undef RT_PARK
#define RT_UNPARK(f) memcpy(&st->f, &in->f, sizeof st->f);
  RT_DEVICE_FIELDS(RT_UNPARK)
#undef RT_UNPARK
  /* A device never selected before starts as a fresh rt_state would. */
  for (size_t i = 0; i < st->n_mods; i++)
    st->mods[i]->is_loaded = i < in->n_loaded && in->is_loaded[i];
  st->active_device = (unsigned)device;
  return cudaSuccess;
}

void rt_device_follow_thread(rt_state *st)
{
  (void)rt_device_select(st, rt_thread_device);
}

/* The device of slot i (the active one's lives in st). */
static ptxsim_device *device_of(rt_state *st, unsigned i)
{
  return i == st->active_device ? st->dev : st->slots[i].dev;
}

static uint32_t *peers_of(rt_state *st, unsigned i)
{
  return &st->slots[i].peers_on;
}

void rt_device_created(rt_state *st)
{
  if (st->n_devices < 2)
    return;
  unsigned me = st->active_device;
  (void)ptxsim_device_set_address_slice(st->dev, me, st->n_devices);
  for (unsigned j = 0; j < st->n_devices; j++) {
    ptxsim_device *other = device_of(st, j);
    if (j == me || !other)
      continue;
    /* Host-mapped memory of either is reachable from both. */
    (void)ptxsim_device_set_peer(st->dev, other, 1);
    (void)ptxsim_device_set_peer(other, st->dev, 1);
  }
}

void rt_device_destroying(rt_state *st)
{
  if (st->n_devices < 2 || !st->dev)
    return;
  unsigned me = st->active_device;
  for (unsigned j = 0; j < st->n_devices; j++) {
    ptxsim_device *other = device_of(st, j);
    if (j != me && other)
      (void)ptxsim_device_set_peer(other, st->dev, 0);
    *peers_of(st, j) &= ~(UINT32_C(1) << me);
  }
  *peers_of(st, me) = 0;
}

void rt_devices_finish(rt_state *st)
{
  if (st->n_devices < 2)
    return;
  unsigned keep = st->active_device;
  for (unsigned i = 0; i < st->n_devices; i++) {
    if (i == keep || !st->slots[i].dev || rt_device_select(st, (int)i) != cudaSuccess)
      continue;
    rt_streams_free(st);
    rt_mempool_forget(st);
    rt_report_flush(st);
    rt_device_destroying(st);
    ptxsim_device_destroy(st->dev);
    st->dev = NULL;
  }
  (void)rt_device_select(st, (int)keep);
  for (unsigned i = 0; i < st->n_devices; i++)
    free(st->slots[i].is_loaded);
}

ptxsim_device *rt_device_owning(rt_state *st, const void *p, ptxsim_devptr *base, size_t *size)
{
  for (unsigned j = 0; j < st->n_devices; j++) {
    ptxsim_device *d = device_of(st, j);
    if (d && ptxsim_pointer_info(d, (ptxsim_devptr)(uintptr_t)p, base, size) == PTXSIM_OK)
      return d;
  }
  return NULL;
}

void rt_device_select_owner(rt_state *st, const void *p)
{
  ptxsim_devptr base;
  size_t size;
  for (unsigned j = 0; p && st->n_devices > 1 && j < st->n_devices; j++) {
    ptxsim_device *d = device_of(st, j);
    if (d && ptxsim_pointer_info(d, (ptxsim_devptr)(uintptr_t)p, &base, &size) == PTXSIM_OK) {
      (void)rt_device_select(st, (int)j);
      return;
    }
  }
}

int rt_copy_between(ptxsim_device *dd, ptxsim_devptr dst, ptxsim_device *sd, ptxsim_devptr src,
                    size_t n)
{
  if (dd == sd)
    return ptxsim_memcpy_dtod(dd, dst, src, n);
  /* Whole ranges are checked first, so that a bad copy changes nothing. */
  ptxsim_devptr b;
  size_t size;
  if (ptxsim_pointer_info(sd, src, &b, &size) != PTXSIM_OK || n > size || src - b > size - n ||
      ptxsim_pointer_info(dd, dst, &b, &size) != PTXSIM_OK || n > size || dst - b > size - n)
    return PTXSIM_E_INVALID;
  enum { CHUNK = 1 << 20 };
  char *buf = malloc(n < CHUNK ? n : CHUNK);
  if (!buf)
    return PTXSIM_E_NOMEM;
  int rc = PTXSIM_OK;
  for (size_t off = 0; off < n && rc == PTXSIM_OK; off += CHUNK) {
    size_t k = n - off < CHUNK ? n - off : CHUNK;
    rc = ptxsim_memcpy_dtoh(sd, buf, src + off, k);
    if (rc == PTXSIM_OK)
      rc = ptxsim_memcpy_htod(dd, dst + off, buf, k);
  }
  free(buf);
  return rc;
}

/* ---- selection ----------------------------------------------------------- */

cudaError_t cudaGetDeviceCount(int *count)
{
  rt_state *st = rt_lock();
  if (!count)
    return rt_unlock(st, cudaErrorInvalidValue);
  *count = (int)st->n_devices;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaSetDevice(int device)
{
  rt_state *st = rt_lock();
  cudaError_t e = rt_device_select(st, device);
  if (e == cudaSuccess)
    rt_thread_device = device;
  return rt_unlock(st, e);
}

cudaError_t cudaGetDevice(int *device)
{
  rt_state *st = rt_lock();
  if (!device)
    return rt_unlock(st, cudaErrorInvalidValue);
  *device = rt_thread_device;
  return rt_unlock(st, cudaSuccess);
}

/* ---- peer access ----------------------------------------------------------- */

cudaError_t cudaDeviceCanAccessPeer(int *can_access, int device, int peer_device)
{
  rt_state *st = rt_lock();
  if (!can_access)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_device_is_valid(st, device) || !rt_device_is_valid(st, peer_device))
    return rt_unlock(st, cudaErrorInvalidDevice);
  *can_access = device != peer_device; /* a device is not its own peer */
  return rt_unlock(st, cudaSuccess);
}

/* Creates device (and loads the modules onto it) if it does not exist. */
static cudaError_t ensure_other(rt_state *st, int device)
{
  unsigned keep = st->active_device;
  cudaError_t e = rt_device_select(st, device);
  if (e == cudaSuccess)
    e = rt_context(st);
  cudaError_t back = rt_device_select(st, (int)keep);
  return e != cudaSuccess ? e : back;
}

void rt_device_grant(rt_state *st, int who)
{
  unsigned me = st->active_device;
  if (!rt_device_is_valid(st, who) || (unsigned)who == me || !st->dev ||
      ensure_other(st, who) != cudaSuccess)
    return;
  /* Not peer access as cudaDeviceEnablePeerAccess counts it (which may
   * still be enabled, and whose disabling takes this away too). */
  (void)ptxsim_device_set_peer(device_of(st, (unsigned)who), st->dev, 2);
}

cudaError_t cudaDeviceEnablePeerAccess(int peer_device, unsigned flags)
{
  rt_state *st = rt_lock();
  if (flags != 0)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_device_is_valid(st, peer_device) || (unsigned)peer_device == st->active_device)
    return rt_unlock(st, cudaErrorInvalidDevice);
  cudaError_t e = rt_context(st);
  if (e == cudaSuccess)
    e = ensure_other(st, peer_device);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  uint32_t bit = UINT32_C(1) << peer_device, *on = peers_of(st, st->active_device);
  if (*on & bit)
    return rt_unlock(st, cudaErrorPeerAccessAlreadyEnabled);
  if (ptxsim_device_set_peer(st->dev, device_of(st, (unsigned)peer_device), 2) != PTXSIM_OK)
    return rt_unlock(st, cudaErrorMemoryAllocation);
  *on |= bit;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaDeviceDisablePeerAccess(int peer_device)
{
  rt_state *st = rt_lock();
  if (!rt_device_is_valid(st, peer_device) || (unsigned)peer_device == st->active_device)
    return rt_unlock(st, cudaErrorInvalidDevice);
  uint32_t bit = UINT32_C(1) << peer_device, *on = peers_of(st, st->active_device);
  if (!(*on & bit))
    return rt_unlock(st, cudaErrorPeerAccessNotEnabled);
  (void)ptxsim_device_set_peer(st->dev, device_of(st, (unsigned)peer_device), 1);
  *on &= ~bit;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int src_device,
                                      int dst_device)
{
  rt_state *st = rt_lock();
  if (!value)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_device_is_valid(st, src_device) || !rt_device_is_valid(st, dst_device) ||
      src_device == dst_device)
    return rt_unlock(st, cudaErrorInvalidDevice);
  switch (attr) {
  case cudaDevP2PAttrPerformanceRank: *value = 0; break; /* one kind of link */
  case cudaDevP2PAttrAccessSupported: *value = 1; break;
  /* Atomics on a peer's memory run through the same serial memory. */
  case cudaDevP2PAttrNativeAtomicSupported: *value = 1; break;
  case cudaDevP2PAttrCudaArrayAccessSupported: *value = 0; break;
  case cudaDevP2PAttrOnlyPartialNativeAtomicSupported: *value = 0; break;
  default: return rt_unlock(st, cudaErrorInvalidValue);
  }
  return rt_unlock(st, cudaSuccess);
}

/* ---- peer copies ------------------------------------------------------------ */

/* A copy between two devices' memory completes before the call returns,
 * like every copy here; it takes no simulated time in timing mode (nor do
 * host copies: each device's clock advances only with its kernels). */
cudaError_t cudaMemcpyPeerAsync(void *dst, int dst_device, const void *src, int src_device,
                                size_t count, cudaStream_t stream)
{
  rt_state *st = rt_lock();
  if (!rt_device_is_valid(st, dst_device) || !rt_device_is_valid(st, src_device))
    return rt_unlock(st, cudaErrorInvalidDevice);
  cudaError_t e = rt_context(st);
  if (e == cudaSuccess && !rt_stream_is_valid(st, stream))
    e = cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess)
    e = ensure_other(st, dst_device);
  if (e == cudaSuccess)
    e = ensure_other(st, src_device);
  if (e != cudaSuccess || count == 0)
    return rt_unlock(st, e);
  if (!dst || !src)
    return rt_unlock(st, cudaErrorInvalidValue);
  int rc = rt_copy_between(device_of(st, (unsigned)dst_device), (ptxsim_devptr)(uintptr_t)dst,
                           device_of(st, (unsigned)src_device), (ptxsim_devptr)(uintptr_t)src,
                           count);
  return rt_unlock(st, rc == PTXSIM_OK ? cudaSuccess : cudaErrorInvalidValue);
}
RT_ALIAS(cudaMemcpyPeerAsync_ptsz, cudaMemcpyPeerAsync);

cudaError_t cudaMemcpyPeer(void *dst, int dst_device, const void *src, int src_device,
                           size_t count)
{
  return cudaMemcpyPeerAsync(dst, dst_device, src, src_device, count, NULL);
}
RT_ALIAS(cudaMemcpyPeer_ptds, cudaMemcpyPeer);
