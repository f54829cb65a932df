/* cudart_stream.c -- streams, events and host callbacks.
 *
 * Every operation runs to completion when it is issued, so streams hold no
 * queues: issue order is a legal execution order for any stream program,
 * synchronising is immediate and queries always answer cudaSuccess
 * ("complete").  The records exist to check handles and to answer flags,
 * priorities and ids; a destroyed or unknown handle gives
 * cudaErrorInvalidResourceHandle.
 *
 * Events record a time in milliseconds.  In timing mode it is the
 * simulated time: the core cycles of every kernel run so far at the
 * configuration's core clock (ptxsim_timing_clock), so cudaEventElapsedTime
 * around a kernel gives its simulated cycles / clock, the same on every
 * run; copies and host work take no simulated time.  Functional mode has
 * no notion of time: there it is the host's clock (CLOCK_MONOTONIC), and
 * the elapsed time is how long the emulator took to run the work between
 * two events, not how long a GPU would.
 *
 * Stream attributes (cudaStreamSetAttribute) are stored and reported back:
 * the access-policy window (persisting L2 accesses), the synchronisation
 * policy and the memory synchronisation domains are hints with no effect
 * on the emulator, in either mode (the timing model's L2 has no
 * persisting lines); the priority attribute is the stream's priority.
 * Synchronising a stream, an event or the device lets the memory pools
 * give back what they hold above their release thresholds
 * (cudart_mempool.c).
 *
 * Host functions (cudaLaunchHostFunc, cudaStreamAddCallback) run at once,
 * on the calling thread; they may call the runtime (the lock is
 * recursive), although CUDA forbids it.
 */
#include "config.h"

#include <stdlib.h>
#include <time.h>

#include "runtime/cudart_api.h"
#include "runtime/cudart_graph.h"
#include "runtime/cudart_state.h"

/* The structs behind the handles (opaque to programs). */
struct CUstream_st {
  unsigned flags;
  int priority;
  unsigned long long id;
  rt_stream_attrs attrs;
};

/* A stream's attributes before any is set: no window, automatic
 * synchronisation, the default memory synchronisation domain (remote
 * work in domain 1). */
static const rt_stream_attrs rt_stream_attrs_default = {
  .window = {NULL, 0, 0.0f, cudaAccessPropertyNormal, cudaAccessPropertyNormal},
  .sync_policy = 1, /* cudaSyncPolicyAuto */
  .domain_default = 0,
  .domain_remote = 1,
  .domain = 0, /* cudaLaunchMemSyncDomainDefault */
};

struct CUevent_st {
  unsigned flags;
  bool is_recorded;
  double ms; /* the time of the record (event_ms) */
};

static bool is_builtin(cudaStream_t s)
{
  return s == NULL || s == RT_STREAM_LEGACY || s == RT_STREAM_PER_THREAD;
}

bool rt_stream_is_valid(rt_state *st, cudaStream_t s)
{
  return is_builtin(s) || rt_map_get(&st->streams, (uintptr_t)s) != NULL;
}

static struct CUevent_st *find_event(rt_state *st, cudaEvent_t e)
{
  return rt_map_get(&st->events, (uintptr_t)e);
}

void rt_streams_free(rt_state *st)
{
  for (size_t i = 0; i < st->streams.cap; i++)
    free(st->streams.slots[i].value);
  for (size_t i = 0; i < st->events.cap; i++)
    free(st->events.slots[i].value);
  rt_map_clear(&st->streams);
  rt_map_clear(&st->events);
  st->builtin_stream_attrs = rt_stream_attrs_default;
}

/* ---- streams -------------------------------------------------------------- */

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream, unsigned flags, int priority)
{
  rt_state *st = rt_lock();
  if (!stream || (flags & ~RT_STREAM_NON_BLOCKING))
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  struct CUstream_st *s = malloc(sizeof *s);
  if (!s || !rt_map_put(&st->streams, (uintptr_t)s, s)) {
    free(s);
    return rt_unlock(st, cudaErrorMemoryAllocation);
  }
  /* Priorities outside [greatest, least] = [-5, 0] are clamped, as CUDA does. */
  *s = (struct CUstream_st){flags, priority < -5 ? -5 : priority > 0 ? 0 : priority,
                            st->next_stream_id++, rt_stream_attrs_default};
  *stream = s;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned flags)
{
  return cudaStreamCreateWithPriority(stream, flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *stream)
{
  return cudaStreamCreateWithPriority(stream, 0, 0);
}

cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
  rt_state *st = rt_lock();
  if (is_builtin(stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  struct CUstream_st *s = rt_map_remove(&st->streams, (uintptr_t)stream);
  free(s);
  rt_capture_forget(st, stream, NULL);
  return rt_unlock(st, s ? cudaSuccess : cudaErrorInvalidResourceHandle);
}

/* Synchronize and Query: the stream's work is done; a fault is reported. */
static cudaError_t stream_done(cudaStream_t stream, bool is_sync)
{
  rt_state *st = rt_lock();
  if (!rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  cudaError_t e = rt_capture_check_sync(st, stream);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  if (is_sync)
    rt_mempool_sync(st);
  return rt_unlock(st, st->sticky);
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
  return stream_done(stream, true);
}
RT_ALIAS(cudaStreamSynchronize_ptsz, cudaStreamSynchronize);

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
  return stream_done(stream, false);
}
RT_ALIAS(cudaStreamQuery_ptsz, cudaStreamQuery);

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned flags)
{
  rt_state *st = rt_lock();
  if (!rt_stream_is_valid(st, stream) || !find_event(st, event))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  if (flags & ~1u) /* cudaEventWaitExternal */
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e;
  if (rt_capture_event_wait(st, stream, event, &e)) /* cudart_capture.c */
    return rt_unlock(st, e);
  return rt_unlock(st, st->sticky);
}
RT_ALIAS(cudaStreamWaitEvent_ptsz, cudaStreamWaitEvent);

/* The record of a stream; built-in streams answer with defaults. */
static cudaError_t stream_info(rt_state *st, cudaStream_t stream, struct CUstream_st *out)
{
  if (is_builtin(stream)) {
    *out = (struct CUstream_st){0, 0, (unsigned long long)(uintptr_t)stream,
                                rt_stream_attrs_default};
    return cudaSuccess;
  }
  const struct CUstream_st *s = rt_map_get(&st->streams, (uintptr_t)stream);
  if (!s)
    return cudaErrorInvalidResourceHandle;
  *out = *s;
  return cudaSuccess;
}

cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned *flags)
{
  rt_state *st = rt_lock();
  struct CUstream_st s;
  cudaError_t e = flags ? stream_info(st, stream, &s) : cudaErrorInvalidValue;
  if (e == cudaSuccess)
    *flags = s.flags;
  return rt_unlock(st, e);
}
RT_ALIAS(cudaStreamGetFlags_ptsz, cudaStreamGetFlags);

cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority)
{
  rt_state *st = rt_lock();
  struct CUstream_st s;
  cudaError_t e = priority ? stream_info(st, stream, &s) : cudaErrorInvalidValue;
  if (e == cudaSuccess)
    *priority = s.priority;
  return rt_unlock(st, e);
}
RT_ALIAS(cudaStreamGetPriority_ptsz, cudaStreamGetPriority);

cudaError_t cudaStreamGetId(cudaStream_t stream, unsigned long long *id)
{
  rt_state *st = rt_lock();
  struct CUstream_st s;
  cudaError_t e = id ? stream_info(st, stream, &s) : cudaErrorInvalidValue;
  if (e == cudaSuccess)
    *id = s.id;
  return rt_unlock(st, e);
}
RT_ALIAS(cudaStreamGetId_ptsz, cudaStreamGetId);

cudaError_t cudaStreamGetDevice(cudaStream_t stream, int *device)
{
  rt_state *st = rt_lock();
  struct CUstream_st s;
  cudaError_t e = device ? stream_info(st, stream, &s) : cudaErrorInvalidValue;
  if (e == cudaSuccess)
    *device = 0;
  return rt_unlock(st, e);
}
RT_ALIAS(cudaStreamGetDevice_ptsz, cudaStreamGetDevice);

/* The attributes of a stream (the built-in streams share one record), or
 * NULL for an unknown handle. */
static rt_stream_attrs *attrs_of(rt_state *st, cudaStream_t stream)
{
  if (is_builtin(stream)) {
    if (st->builtin_stream_attrs.sync_policy == 0) /* the state starts zeroed */
      st->builtin_stream_attrs = rt_stream_attrs_default;
    return &st->builtin_stream_attrs;
  }
  struct CUstream_st *s = rt_map_get(&st->streams, (uintptr_t)stream);
  return s ? &s->attrs : NULL;
}

/* An access-policy window the simulated GPU accepts: within its largest
 * window (none without persisting L2 accesses), a hit ratio in [0, 1],
 * and a miss property that does not persist. */
static bool is_valid_window(const rt_state *st, const struct cudaAccessPolicyWindow *w)
{
  if (w->num_bytes > (size_t)st->props.access_policy_max_window_bytes)
    return false;
  if (!(w->hitRatio >= 0.0f && w->hitRatio <= 1.0f))
    return false;
  return (unsigned)w->hitProp <= cudaAccessPropertyPersisting &&
         (unsigned)w->missProp <= cudaAccessPropertyStreaming;
}

cudaError_t cudaStreamSetAttribute(cudaStream_t stream, int attr,
                                   const cudaLaunchAttributeValue *value)
{
  rt_state *st = rt_lock();
  if (!value)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  rt_stream_attrs *a = attrs_of(st, stream);
  if (!a)
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  switch (attr) {
  case RT_LAUNCH_ATTR_ACCESS_POLICY_WINDOW:
    if (!is_valid_window(st, &value->accessPolicyWindow))
      return rt_unlock(st, cudaErrorInvalidValue);
    a->window = value->accessPolicyWindow;
    break;
  case RT_LAUNCH_ATTR_SYNCHRONIZATION_POLICY:
    if (value->syncPolicy < 1 || value->syncPolicy > 4)
      return rt_unlock(st, cudaErrorInvalidValue);
    a->sync_policy = value->syncPolicy;
    break;
  case RT_LAUNCH_ATTR_PRIORITY:
    if (!is_builtin(stream)) { /* clamped as at creation */
      int p = value->priority;
      ((struct CUstream_st *)stream)->priority = p < -5 ? -5 : p > 0 ? 0 : p;
    }
    break;
  case RT_LAUNCH_ATTR_MEM_SYNC_DOMAIN_MAP:
    a->domain_default = value->memSyncDomainMap.default_;
    a->domain_remote = value->memSyncDomainMap.remote;
    break;
  case RT_LAUNCH_ATTR_MEM_SYNC_DOMAIN:
    if (value->memSyncDomain != 0 && value->memSyncDomain != 1)
      return rt_unlock(st, cudaErrorInvalidValue);
    a->domain = value->memSyncDomain;
    break;
  default: return rt_unlock(st, cudaErrorInvalidValue); /* not a stream attribute */
  }
  return rt_unlock(st, cudaSuccess);
}
RT_ALIAS(cudaStreamSetAttribute_ptsz, cudaStreamSetAttribute);

cudaError_t cudaStreamGetAttribute(cudaStream_t stream, int attr, cudaLaunchAttributeValue *value)
{
  rt_state *st = rt_lock();
  if (!value)
    return rt_unlock(st, cudaErrorInvalidValue);
  const rt_stream_attrs *a = attrs_of(st, stream);
  if (!a)
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  struct CUstream_st info;
  switch (attr) {
  case RT_LAUNCH_ATTR_ACCESS_POLICY_WINDOW: value->accessPolicyWindow = a->window; break;
  case RT_LAUNCH_ATTR_SYNCHRONIZATION_POLICY: value->syncPolicy = a->sync_policy; break;
  case RT_LAUNCH_ATTR_PRIORITY:
    (void)stream_info(st, stream, &info);
    value->priority = info.priority;
    break;
  case RT_LAUNCH_ATTR_MEM_SYNC_DOMAIN_MAP:
    value->memSyncDomainMap.default_ = a->domain_default;
    value->memSyncDomainMap.remote = a->domain_remote;
    break;
  case RT_LAUNCH_ATTR_MEM_SYNC_DOMAIN: value->memSyncDomain = a->domain; break;
  default: return rt_unlock(st, cudaErrorInvalidValue);
  }
  return rt_unlock(st, cudaSuccess);
}
RT_ALIAS(cudaStreamGetAttribute_ptsz, cudaStreamGetAttribute);

cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src)
{
  rt_state *st = rt_lock();
  rt_stream_attrs *to = attrs_of(st, dst);
  const rt_stream_attrs *from = attrs_of(st, src);
  if (!to || !from)
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  *to = *from;
  struct CUstream_st info;
  if (!is_builtin(dst) && stream_info(st, src, &info) == cudaSuccess)
    ((struct CUstream_st *)dst)->priority = info.priority;
  return rt_unlock(st, cudaSuccess);
}
RT_ALIAS(cudaStreamCopyAttributes_ptsz, cudaStreamCopyAttributes);

/* cudaStreamIsCapturing and the other capture calls: cudart_capture.c. */

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *user_data)
{
  rt_state *st = rt_lock();
  if (!fn)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_context(st);
  if (e == cudaSuccess && !rt_stream_is_valid(st, stream))
    e = cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && rt_capture_is_capturing(st, stream))
    return rt_unlock(st, rt_capture_host(st, fn, user_data, stream));
  if (e == cudaSuccess)
    e = rt_capture_check_legacy(st, stream);
  if (e == cudaSuccess)
    fn(user_data);
  return rt_unlock(st, e);
}
RT_ALIAS(cudaLaunchHostFunc_ptsz, cudaLaunchHostFunc);

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *user_data, unsigned flags)
{
  rt_state *st = rt_lock();
  if (!callback || flags != 0)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  /* Capture takes host functions only (cudaLaunchHostFunc). */
  cudaError_t e = rt_capture_check_sync(st, stream);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  /* Unlike host functions, callbacks also run after a fault, and are
   * told about it. */
  callback(stream, st->sticky, user_data);
  return rt_unlock(st, cudaSuccess);
}
RT_ALIAS(cudaStreamAddCallback_ptsz, cudaStreamAddCallback);

/* ---- events --------------------------------------------------------------- */

static double now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

/* What an event records now (the device exists). */
static double event_ms(const rt_state *st)
{
  uint64_t cycles;
  double core_mhz;
  if (ptxsim_timing_clock(st->dev, &cycles, &core_mhz) == PTXSIM_OK && core_mhz > 0)
    return (double)cycles / (core_mhz * 1e3);
  return now_ms();
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned flags)
{
  rt_state *st = rt_lock();
  if (!event || (flags & ~(RT_EVENT_BLOCKING_SYNC | RT_EVENT_DISABLE_TIMING |
                           RT_EVENT_INTERPROCESS)))
    return rt_unlock(st, cudaErrorInvalidValue);
  if ((flags & RT_EVENT_INTERPROCESS) && !(flags & RT_EVENT_DISABLE_TIMING))
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  struct CUevent_st *ev = malloc(sizeof *ev);
  if (!ev || !rt_map_put(&st->events, (uintptr_t)ev, ev)) {
    free(ev);
    return rt_unlock(st, cudaErrorMemoryAllocation);
  }
  *ev = (struct CUevent_st){flags, false, 0};
  *event = ev;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaEventCreate(cudaEvent_t *event)
{
  return cudaEventCreateWithFlags(event, 0);
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned flags)
{
  rt_state *st = rt_lock();
  struct CUevent_st *ev = find_event(st, event);
  if (!ev || !rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  if (flags & ~1u) /* cudaEventRecordExternal */
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  if (rt_capture_event_record(st, event, stream, &e)) /* cudart_capture.c */
    return rt_unlock(st, e);
  ev->is_recorded = true;
  ev->ms = event_ms(st);
  return rt_unlock(st, cudaSuccess);
}
RT_ALIAS(cudaEventRecordWithFlags_ptsz, cudaEventRecordWithFlags);

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
  return cudaEventRecordWithFlags(event, stream, 0);
}
RT_ALIAS(cudaEventRecord_ptsz, cudaEventRecord);

/* Synchronize and Query: an event (recorded or not) is complete. */
static cudaError_t event_done(cudaEvent_t event, bool is_sync)
{
  rt_state *st = rt_lock();
  if (!find_event(st, event))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  if (is_sync)
    rt_mempool_sync(st);
  return rt_unlock(st, st->sticky);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
  return event_done(event, true);
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
  return event_done(event, false);
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
  rt_state *st = rt_lock();
  if (!ms)
    return rt_unlock(st, cudaErrorInvalidValue);
  const struct CUevent_st *a = find_event(st, start), *b = find_event(st, end);
  if (!a || !b)
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  if ((a->flags | b->flags) & RT_EVENT_DISABLE_TIMING || !a->is_recorded || !b->is_recorded)
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  if (st->sticky != cudaSuccess)
    return rt_unlock(st, st->sticky);
  *ms = (float)(b->ms - a->ms);
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
  rt_state *st = rt_lock();
  struct CUevent_st *ev = rt_map_remove(&st->events, (uintptr_t)event);
  free(ev);
  rt_capture_forget(st, NULL, event);
  return rt_unlock(st, ev ? cudaSuccess : cudaErrorInvalidResourceHandle);
}
