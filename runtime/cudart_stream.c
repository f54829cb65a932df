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
 * Host functions (cudaLaunchHostFunc, cudaStreamAddCallback) run at once,
 * on the calling thread; they may call the runtime (the lock is
 * recursive), although CUDA forbids it.
 */
#include "config.h"

#include <stdlib.h>
#include <time.h>

#include "runtime/cudart_api.h"
#include "runtime/cudart_state.h"

/* The structs behind the handles (opaque to programs). */
struct CUstream_st {
  unsigned flags;
  int priority;
  unsigned long long id;
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
                            st->next_stream_id++};
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
  return rt_unlock(st, s ? cudaSuccess : cudaErrorInvalidResourceHandle);
}

/* Synchronize and Query: the stream's work is done; a fault is reported. */
static cudaError_t stream_done(cudaStream_t stream)
{
  rt_state *st = rt_lock();
  if (!rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  return rt_unlock(st, st->sticky);
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
  return stream_done(stream);
}
RT_ALIAS(cudaStreamSynchronize_ptsz, cudaStreamSynchronize);

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
  return stream_done(stream);
}
RT_ALIAS(cudaStreamQuery_ptsz, cudaStreamQuery);

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned flags)
{
  rt_state *st = rt_lock();
  if (!rt_stream_is_valid(st, stream) || !find_event(st, event))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  if (flags & ~1u) /* cudaEventWaitExternal */
    return rt_unlock(st, cudaErrorInvalidValue);
  return rt_unlock(st, st->sticky);
}
RT_ALIAS(cudaStreamWaitEvent_ptsz, cudaStreamWaitEvent);

/* The record of a stream; built-in streams answer with defaults. */
static cudaError_t stream_info(rt_state *st, cudaStream_t stream, struct CUstream_st *out)
{
  if (is_builtin(stream)) {
    *out = (struct CUstream_st){0, 0, (unsigned long long)(uintptr_t)stream};
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

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *status)
{
  /* Graph capture is not supported, so no stream is ever capturing. */
  rt_state *st = rt_lock();
  if (!status)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  *status = cudaStreamCaptureStatusNone;
  return rt_unlock(st, cudaSuccess);
}
RT_ALIAS(cudaStreamIsCapturing_ptsz, cudaStreamIsCapturing);

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *user_data)
{
  rt_state *st = rt_lock();
  if (!fn)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_context(st);
  if (e == cudaSuccess && !rt_stream_is_valid(st, stream))
    e = cudaErrorInvalidResourceHandle;
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
static cudaError_t event_done(cudaEvent_t event)
{
  rt_state *st = rt_lock();
  if (!find_event(st, event))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  return rt_unlock(st, st->sticky);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
  return event_done(event);
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
  return event_done(event);
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
  return rt_unlock(st, ev ? cudaSuccess : cudaErrorInvalidResourceHandle);
}
