/* cudart_capture.c -- stream capture: cudaStreamBeginCapture ...
 * cudaStreamEndCapture record the work issued to a stream into a graph
 * instead of running it.
 *
 * A capture sequence has one origin stream and the streams that joined it
 * by waiting on an event recorded in a capturing stream (the fork/join
 * pattern).  Each capturing stream keeps its current dependencies, the
 * nodes that the next operation issued to it depends on; an operation
 * adds a node depending on them and becomes the stream's only one.  An
 * event recorded in a capturing stream remembers the stream's
 * dependencies, which a stream waiting on it adds to its own.
 *
 * The errors are CUDA's: synchronising or querying a capturing stream
 * (cudaErrorStreamCaptureUnsupported), work on the legacy default stream
 * while a blocking stream captures (cudaErrorStreamCaptureImplicit), and
 * "potentially unsafe" calls (cudaMalloc, cudaDeviceSynchronize) where the
 * calling thread's capture mode forbids them
 * (cudaErrorStreamCaptureUnsupported) invalidate the captures concerned;
 * cudaStreamEndCapture then answers cudaErrorStreamCaptureInvalidated.
 * Ending with a forked stream not joined back gives
 * cudaErrorStreamCaptureUnjoined; ending in another stream than the origin
 * cudaErrorStreamCaptureUnmatched; ending a global or thread-local capture
 * from another thread cudaErrorStreamCaptureWrongThread.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/cudart_api.h"
#include "runtime/cudart_graph.h"

typedef struct rt_capture {
  cudaGraph_t graph;
  enum cudaStreamCaptureMode mode;
  unsigned long long id;
  pthread_t thread;
  cudaStream_t origin;
  bool is_invalidated;
  bool is_own_graph;   /* not the program's (cudaStreamBeginCaptureToGraph) */
  unsigned n_streams;  /* capturing streams of this sequence */
} rt_capture;

/* A set of nodes (dependencies). */
typedef struct rt_deps {
  cudaGraphNode_t *v;
  size_t n, cap;
  cudaGraphEdgeData *edge_data; /* zeros, for cudaStreamGetCaptureInfo */
} rt_deps;

typedef struct rt_capture_stream {
  rt_capture *cap;
  rt_deps deps;
} rt_capture_stream;

typedef struct rt_captured_event {
  rt_capture *cap;
  rt_deps deps;
} rt_captured_event;

static rt_map capturing;      /* stream -> rt_capture_stream */
static rt_map captured_events; /* event -> rt_captured_event */
static unsigned long long next_capture_id = 1;
static _Thread_local enum cudaStreamCaptureMode thread_mode = cudaStreamCaptureModeGlobal;

static bool deps_add(rt_deps *d, cudaGraphNode_t n)
{
  for (size_t i = 0; i < d->n; i++)
    if (d->v[i] == n)
      return true;
  if (d->n == d->cap) {
    size_t c = d->cap ? 2 * d->cap : 4;
    cudaGraphNode_t *p = realloc(d->v, c * sizeof *p);
    if (!p)
      return false;
    d->v = p;
    d->cap = c;
  }
  d->v[d->n++] = n;
  return true;
}

static bool deps_copy(rt_deps *to, const cudaGraphNode_t *v, size_t n)
{
  to->n = 0;
  for (size_t i = 0; i < n; i++)
    if (!deps_add(to, v[i]))
      return false;
  return true;
}

static void deps_free(rt_deps *d)
{
  free(d->v);
  free(d->edge_data);
  memset(d, 0, sizeof *d);
}

static rt_capture_stream *stream_capture(cudaStream_t s)
{
  return s ? rt_map_get(&capturing, (uintptr_t)s) : NULL;
}

bool rt_capture_is_capturing(rt_state *st, cudaStream_t stream)
{
  (void)st;
  return capturing.n && stream_capture(stream);
}

static bool is_legacy(cudaStream_t s)
{
  return s == NULL || s == RT_STREAM_LEGACY;
}

/* Every capturing stream of every sequence: calls f on each record. */
#define FOR_EACH_CAPTURING(cs)                                               \
  for (size_t i_ = 0; i_ < capturing.cap; i_++)                              \
    for (rt_capture_stream *cs = capturing.slots[i_].value; cs; cs = NULL)

cudaError_t rt_capture_check_unsafe(rt_state *st)
{
  (void)st;
  if (!capturing.n || thread_mode == cudaStreamCaptureModeRelaxed)
    return cudaSuccess;
  cudaError_t e = cudaSuccess;
  pthread_t self = pthread_self();
  FOR_EACH_CAPTURING(cs) {
    rt_capture *c = cs->cap;
    bool is_own = pthread_equal(c->thread, self) && c->mode != cudaStreamCaptureModeRelaxed;
    bool is_other_global = !pthread_equal(c->thread, self) &&
                           thread_mode == cudaStreamCaptureModeGlobal &&
                           c->mode == cudaStreamCaptureModeGlobal;
    if (is_own || is_other_global) {
      c->is_invalidated = true;
      e = cudaErrorStreamCaptureUnsupported;
    }
  }
  return e;
}

cudaError_t rt_capture_check_legacy(rt_state *st, cudaStream_t stream)
{
  (void)st;
  if (!capturing.n || !is_legacy(stream))
    return cudaSuccess;
  cudaError_t e = cudaSuccess;
  FOR_EACH_CAPTURING(cs) {
    unsigned flags = 0;
    cudaStream_t s = (cudaStream_t)capturing.slots[i_].key;
    if (cudaStreamGetFlags(s, &flags) == cudaSuccess && !(flags & RT_STREAM_NON_BLOCKING)) {
      cs->cap->is_invalidated = true;
      e = cudaErrorStreamCaptureImplicit;
    }
  }
  return e;
}

cudaError_t rt_capture_check_sync(rt_state *st, cudaStream_t stream)
{
  (void)st;
  rt_capture_stream *cs = stream_capture(stream);
  if (!cs)
    return rt_capture_check_legacy(st, stream);
  cs->cap->is_invalidated = true;
  return cudaErrorStreamCaptureUnsupported;
}

/* Adds a node of the type to the stream's capture, after its current
 * dependencies, and makes it the stream's only dependency. */
static cudaGraphNode_t capture_node(cudaStream_t stream, enum cudaGraphNodeType type,
                                    cudaError_t *e)
{
  rt_capture_stream *cs = stream_capture(stream);
  if (cs->cap->is_invalidated) {
    *e = cudaErrorStreamCaptureInvalidated;
    return NULL;
  }
  cudaGraphNode_t n = rt_graph_add(cs->cap->graph, type, cs->deps.v, cs->deps.n, e);
  if (!n) {
    cs->cap->is_invalidated = true;
    return NULL;
  }
  cs->deps.n = 0;
  (void)deps_add(&cs->deps, n); /* cap >= 1 once a node was added */
  if (cs->deps.n == 0) {
    *e = cudaErrorMemoryAllocation;
    cs->cap->is_invalidated = true;
    return NULL;
  }
  return n;
}

cudaError_t rt_capture_kernel(rt_state *st, rt_kernel *k, dim3 grid, dim3 block, size_t shmem,
                              cudaStream_t stream, void **args)
{
  rt_graph_kernel gk = {0};
  cudaError_t e = rt_graph_kernel_set(st, &gk, k, grid, block, (unsigned)shmem, args);
  if (e != cudaSuccess)
    return e;
  cudaGraphNode_t n = capture_node(stream, cudaGraphNodeTypeKernel, &e);
  if (!n) {
    rt_graph_kernel_clear(&gk);
    return e;
  }
  n->u.kernel = gk;
  return cudaSuccess;
}

cudaError_t rt_capture_memcpy(rt_state *st, void *dst, const void *src, size_t count,
                              enum cudaMemcpyKind kind, cudaStream_t stream)
{
  (void)st;
  if ((unsigned)kind > cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  if (!dst || !src)
    return cudaErrorInvalidValue;
  cudaError_t e;
  cudaGraphNode_t n = capture_node(stream, cudaGraphNodeTypeMemcpy, &e);
  if (!n)
    return e;
  memset(&n->u.copy, 0, sizeof n->u.copy);
  n->u.copy.srcPtr = (struct cudaPitchedPtr){(void *)src, count, count, 1};
  n->u.copy.dstPtr = (struct cudaPitchedPtr){dst, count, count, 1};
  n->u.copy.extent = (struct cudaExtent){count, 1, 1};
  n->u.copy.kind = kind;
  return cudaSuccess;
}

cudaError_t rt_capture_memset(rt_state *st, void *dst, int value, size_t count,
                              cudaStream_t stream)
{
  (void)st;
  if (!dst)
    return cudaErrorInvalidValue;
  cudaError_t e;
  cudaGraphNode_t n = capture_node(stream, cudaGraphNodeTypeMemset, &e);
  if (n)
    n->u.set = (struct cudaMemsetParams){dst, count, (unsigned)value & 0xffu, 1, count, 1};
  return n ? cudaSuccess : e;
}

cudaError_t rt_capture_host(rt_state *st, cudaHostFn_t fn, void *data, cudaStream_t stream)
{
  (void)st;
  cudaError_t e;
  cudaGraphNode_t n = capture_node(stream, cudaGraphNodeTypeHost, &e);
  if (n)
    n->u.host = (struct cudaHostNodeParams){fn, data};
  return n ? cudaSuccess : e;
}

cudaError_t rt_capture_malloc(rt_state *st, void **ptr, size_t size, cudaStream_t stream)
{
  if (!ptr || size == 0)
    return cudaErrorInvalidValue;
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return e;
  rt_graph_mem *m = rt_graph_mem_new(st, size, &e);
  if (!m)
    return e;
  cudaGraphNode_t n = capture_node(stream, cudaGraphNodeTypeMemAlloc, &e);
  if (!n) {
    rt_graph_mem_unref(st, m);
    return e;
  }
  n->u.alloc.mem = m;
  memset(&n->u.alloc.params, 0, sizeof n->u.alloc.params);
  n->u.alloc.params.poolProps.allocType = cudaMemAllocationTypePinned;
  n->u.alloc.params.poolProps.location.type = cudaMemLocationTypeDevice;
  n->u.alloc.params.bytesize = size;
  n->u.alloc.params.dptr = m->base;
  *ptr = m->base;
  return cudaSuccess;
}

cudaError_t rt_capture_free(rt_state *st, void *ptr, cudaStream_t stream)
{
  (void)st;
  if (!rt_graph_mem_find(ptr))
    return cudaErrorInvalidValue; /* only graph memory can be freed in a graph */
  cudaError_t e;
  cudaGraphNode_t n = capture_node(stream, cudaGraphNodeTypeMemFree, &e);
  if (n)
    n->u.free_ptr = ptr;
  return n ? cudaSuccess : e;
}

cudaError_t rt_capture_graph(rt_state *st, cudaGraph_t g, cudaStream_t stream)
{
  (void)st;
  cudaGraph_t c = rt_graph_copy(g);
  if (!c)
    return cudaErrorMemoryAllocation;
  cudaError_t e;
  cudaGraphNode_t n = capture_node(stream, cudaGraphNodeTypeGraph, &e);
  if (!n) {
    rt_graph_free(c);
    return e;
  }
  n->u.child = c;
  return cudaSuccess;
}

static void event_forget(cudaEvent_t event)
{
  rt_captured_event *ce = rt_map_remove(&captured_events, (uintptr_t)event);
  if (ce) {
    deps_free(&ce->deps);
    free(ce);
  }
}

bool rt_capture_event_record(rt_state *st, cudaEvent_t event, cudaStream_t stream,
                             cudaError_t *e)
{
  (void)st;
  rt_capture_stream *cs = stream_capture(stream);
  event_forget(event);
  if (!cs)
    return false;
  *e = cudaErrorMemoryAllocation;
  rt_captured_event *ce = calloc(1, sizeof *ce);
  if (!ce || !deps_copy(&ce->deps, cs->deps.v, cs->deps.n) ||
      !rt_map_put(&captured_events, (uintptr_t)event, ce)) {
    if (ce)
      deps_free(&ce->deps);
    free(ce);
    return true;
  }
  ce->cap = cs->cap;
  *e = cs->cap->is_invalidated ? cudaErrorStreamCaptureInvalidated : cudaSuccess;
  return true;
}

/* Whether c is a live capture sequence. */
static bool capture_is_live(const rt_capture *c)
{
  FOR_EACH_CAPTURING(cs)
  if (cs->cap == c)
    return true;
  return false;
}

bool rt_capture_event_wait(rt_state *st, cudaStream_t stream, cudaEvent_t event, cudaError_t *e)
{
  (void)st;
  rt_captured_event *ce = rt_map_get(&captured_events, (uintptr_t)event);
  rt_capture_stream *cs = stream_capture(stream);
  if (ce && !capture_is_live(ce->cap)) {
    event_forget(event);
    ce = NULL;
  }
  if (!ce) {
    /* A capturing stream waiting on work outside its capture: nothing to
     * depend on (that work is done). */
    if (cs) {
      *e = cs->cap->is_invalidated ? cudaErrorStreamCaptureInvalidated : cudaSuccess;
      return true;
    }
    return false;
  }
  if (cs && cs->cap != ce->cap) {
    *e = cudaErrorStreamCaptureMerge;
    cs->cap->is_invalidated = ce->cap->is_invalidated = true;
    return true;
  }
  if (!cs) {
    /* The stream joins the capture (a fork). */
    if (is_legacy(stream)) {
      *e = cudaErrorStreamCaptureImplicit;
      ce->cap->is_invalidated = true;
      return true;
    }
    cs = calloc(1, sizeof *cs);
    if (!cs || !rt_map_put(&capturing, (uintptr_t)stream, cs)) {
      free(cs);
      *e = cudaErrorMemoryAllocation;
      return true;
    }
    cs->cap = ce->cap;
    cs->cap->n_streams++;
  }
  *e = cudaSuccess;
  for (size_t i = 0; i < ce->deps.n; i++)
    if (!deps_add(&cs->deps, ce->deps.v[i]))
      *e = cudaErrorMemoryAllocation;
  return true;
}

/* ---- the API ---------------------------------------------------------------- */

static cudaError_t begin_capture(cudaStream_t stream, cudaGraph_t graph,
                                 const cudaGraphNode_t *deps, size_t n_deps,
                                 enum cudaStreamCaptureMode mode)
{
  rt_state *st = rt_lock();
  if ((unsigned)mode > cudaStreamCaptureModeRelaxed)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  /* The legacy stream cannot be captured (the per-thread one can). */
  if (is_legacy(stream))
    return rt_unlock(st, cudaErrorStreamCaptureUnsupported);
  if (stream_capture(stream))
    return rt_unlock(st, cudaErrorIllegalState);
  if (graph && (!rt_graph_is_valid(graph) || (n_deps && !deps)))
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  rt_capture *c = calloc(1, sizeof *c);
  rt_capture_stream *cs = calloc(1, sizeof *cs);
  bool is_own_graph = !graph;
  if (!graph)
    graph = rt_graph_new();
  if (!c || !cs || !graph || !deps_copy(&cs->deps, deps, n_deps) ||
      !rt_map_put(&capturing, (uintptr_t)stream, cs)) {
    if (is_own_graph)
      rt_graph_free(graph);
    if (cs)
      deps_free(&cs->deps);
    free(c);
    free(cs);
    return rt_unlock(st, cudaErrorMemoryAllocation);
  }
  *c = (rt_capture){graph, mode, next_capture_id++, pthread_self(), stream, false, is_own_graph,
                    1};
  cs->cap = c;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode)
{
  return begin_capture(stream, NULL, NULL, 0, mode);
}
RT_ALIAS(cudaStreamBeginCapture_ptsz, cudaStreamBeginCapture);

cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
                                          const cudaGraphNode_t *deps,
                                          const cudaGraphEdgeData *data, size_t n_deps,
                                          enum cudaStreamCaptureMode mode)
{
  static const cudaGraphEdgeData zero;
  for (size_t i = 0; data && i < n_deps; i++)
    if (memcmp(&data[i], &zero, sizeof zero) != 0)
      return rt_unlock(rt_lock(), cudaErrorInvalidValue);
  if (!graph)
    return rt_unlock(rt_lock(), cudaErrorInvalidValue);
  return begin_capture(stream, graph, deps, n_deps, mode);
}
RT_ALIAS(cudaStreamBeginCaptureToGraph_ptsz, cudaStreamBeginCaptureToGraph);

/* Whether node is among the nodes reachable backwards from set (itself
 * included): a depth-first walk that visits each node once.  Out of
 * memory, it answers true (the capture is not refused for it). */
static bool is_ancestor(cudaGraphNode_t node, cudaGraphNode_t *set, size_t n)
{
  rt_deps stack = {0};
  rt_map seen = {0};
  bool found = false, is_ok = true;
  for (size_t i = 0; i < n && is_ok; i++)
    is_ok = deps_add(&stack, set[i]);
  while (is_ok && !found && stack.n) {
    cudaGraphNode_t x = stack.v[--stack.n];
    if (x == node) {
      found = true;
      break;
    }
    if (rt_map_get(&seen, (uintptr_t)x))
      continue;
    is_ok = rt_map_put(&seen, (uintptr_t)x, x);
    for (size_t j = 0; j < x->n_deps && is_ok; j++)
      if (!rt_map_get(&seen, (uintptr_t)x->deps[j]))
        is_ok = deps_add(&stack, x->deps[j]);
  }
  deps_free(&stack);
  rt_map_clear(&seen);
  return found || !is_ok;
}

/* Ends the sequence c: its streams stop capturing. */
static void capture_end(rt_capture *c)
{
  for (size_t i = 0; i < capturing.cap;) {
    rt_capture_stream *cs = capturing.slots[i].value;
    if (cs && cs->cap == c) {
      rt_map_remove(&capturing, capturing.slots[i].key);
      deps_free(&cs->deps);
      free(cs);
      continue; /* the removal shifts later slots back */
    }
    i++;
  }
  for (size_t i = 0; i < captured_events.cap;) {
    rt_captured_event *ce = captured_events.slots[i].value;
    if (ce && ce->cap == c) {
      event_forget((cudaEvent_t)captured_events.slots[i].key);
      continue;
    }
    i++;
  }
  free(c);
}

void rt_capture_forget(rt_state *st, cudaStream_t stream, cudaEvent_t event)
{
  (void)st;
  if (event)
    event_forget(event);
  rt_capture_stream *cs = stream_capture(stream);
  if (!cs)
    return;
  rt_capture *c = cs->cap;
  if (c->origin == stream) {
    cudaGraph_t g = c->graph;
    bool is_own = c->is_own_graph;
    capture_end(c);
    if (is_own)
      rt_graph_free(g);
    return;
  }
  rt_map_remove(&capturing, (uintptr_t)stream);
  c->n_streams--;
  deps_free(&cs->deps);
  free(cs);
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *graph)
{
  rt_state *st = rt_lock();
  if (!graph)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  rt_capture_stream *cs = stream_capture(stream);
  if (!cs)
    return rt_unlock(st, cudaErrorIllegalState);
  rt_capture *c = cs->cap;
  if (c->origin != stream)
    return rt_unlock(st, cudaErrorStreamCaptureUnmatched);
  if (c->mode != cudaStreamCaptureModeRelaxed && !pthread_equal(c->thread, pthread_self()))
    return rt_unlock(st, cudaErrorStreamCaptureWrongThread);
  cudaError_t e = c->is_invalidated ? cudaErrorStreamCaptureInvalidated : cudaSuccess;
  /* Every forked stream's work must lead into the origin's. */
  FOR_EACH_CAPTURING(other) {
    if (e != cudaSuccess || other->cap != c || other == cs)
      continue;
    for (size_t j = 0; j < other->deps.n; j++)
      if (!is_ancestor(other->deps.v[j], cs->deps.v, cs->deps.n))
        e = cudaErrorStreamCaptureUnjoined;
  }
  cudaGraph_t g = c->graph;
  bool is_own = c->is_own_graph;
  capture_end(c);
  if (e != cudaSuccess) {
    if (is_own)
      rt_graph_free(g);
    *graph = NULL;
    return rt_unlock(st, e);
  }
  *graph = g;
  return rt_unlock(st, cudaSuccess);
}
RT_ALIAS(cudaStreamEndCapture_ptsz, cudaStreamEndCapture);

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *status)
{
  rt_state *st = rt_lock();
  if (!status)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  /* The legacy stream while a blocking stream captures: CUDA answers
   * this error and leaves the capture as it is. */
  if (is_legacy(stream) && capturing.n) {
    FOR_EACH_CAPTURING(cs) {
      unsigned flags = 0;
      if (cudaStreamGetFlags((cudaStream_t)capturing.slots[i_].key, &flags) == cudaSuccess &&
          !(flags & RT_STREAM_NON_BLOCKING))
        return rt_unlock(st, cudaErrorStreamCaptureImplicit);
    }
  }
  rt_capture_stream *cs = stream_capture(stream);
  *status = !cs                      ? cudaStreamCaptureStatusNone
            : cs->cap->is_invalidated ? cudaStreamCaptureStatusInvalidated
                                      : cudaStreamCaptureStatusActive;
  return rt_unlock(st, cudaSuccess);
}
RT_ALIAS(cudaStreamIsCapturing_ptsz, cudaStreamIsCapturing);

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream,
                                     enum cudaStreamCaptureStatus *status,
                                     unsigned long long *id, cudaGraph_t *graph,
                                     const cudaGraphNode_t **deps,
                                     const cudaGraphEdgeData **edge_data, size_t *n_deps)
{
  rt_state *st = rt_lock();
  if (!status)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  rt_capture_stream *cs = stream_capture(stream);
  if (!cs) {
    *status = cudaStreamCaptureStatusNone;
    return rt_unlock(st, cudaSuccess);
  }
  *status = cs->cap->is_invalidated ? cudaStreamCaptureStatusInvalidated
                                    : cudaStreamCaptureStatusActive;
  if (id)
    *id = cs->cap->id;
  if (graph)
    *graph = cs->cap->graph;
  if (deps)
    *deps = cs->deps.n ? cs->deps.v : NULL;
  if (edge_data) {
    free(cs->deps.edge_data);
    cs->deps.edge_data = cs->deps.n ? calloc(cs->deps.n, sizeof *cs->deps.edge_data) : NULL;
    if (cs->deps.n && !cs->deps.edge_data)
      return rt_unlock(st, cudaErrorMemoryAllocation);
    *edge_data = cs->deps.edge_data;
  }
  if (n_deps)
    *n_deps = cs->deps.n;
  return rt_unlock(st, cudaSuccess);
}
RT_ALIAS(cudaStreamGetCaptureInfo_ptsz, cudaStreamGetCaptureInfo);

cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *deps,
                                                const cudaGraphEdgeData *data, size_t n,
                                                unsigned flags)
{
  rt_state *st = rt_lock();
  (void)data;
  rt_capture_stream *cs = stream_capture(stream);
  if (flags > 1 || (n && !deps)) /* cudaStreamAddCaptureDependencies, Set */
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!cs)
    return rt_unlock(st, cudaErrorIllegalState);
  for (size_t i = 0; i < n; i++)
    if (!rt_graph_node_is_valid(deps[i]) || deps[i]->graph != cs->cap->graph)
      return rt_unlock(st, cudaErrorInvalidValue);
  if (flags == 1)
    cs->deps.n = 0;
  for (size_t i = 0; i < n; i++)
    if (!deps_add(&cs->deps, deps[i]))
      return rt_unlock(st, cudaErrorMemoryAllocation);
  return rt_unlock(st, cudaSuccess);
}
RT_ALIAS(cudaStreamUpdateCaptureDependencies_ptsz, cudaStreamUpdateCaptureDependencies);

cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode)
{
  rt_state *st = rt_lock();
  if (!mode || (unsigned)*mode > cudaStreamCaptureModeRelaxed)
    return rt_unlock(st, cudaErrorInvalidValue);
  enum cudaStreamCaptureMode old = thread_mode;
  thread_mode = *mode;
  *mode = old;
  return rt_unlock(st, cudaSuccess);
}
