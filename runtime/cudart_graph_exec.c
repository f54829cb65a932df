/* cudart_graph_exec.c -- executable graphs: cudaGraphInstantiate,
 * cudaGraphLaunch, cudaGraphExecUpdate and the cudaGraphExec*SetParams
 * setters.
 *
 * An executable graph is a deep copy of its graph.  A launch sorts the
 * nodes into one dependency (topological) order, Kahn's algorithm taking
 * ready nodes in creation order, and runs each to completion as the stream
 * operation it stands for would run (a kernel node is a launch, with its
 * statistics; a memcpy node a copy; an event record node records the
 * event at the simulated time it is reached).  So in timing mode a graph
 * costs what the same work issued to one stream costs: its kernels run
 * one after another.  Independent nodes do not overlap, because the
 * timing model runs one kernel at a time (it has no concurrent kernels);
 * copies, memsets and host nodes take no simulated time, as in streams.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/cudart_api.h"
#include "runtime/cudart_graph.h"
#include "runtime/cudart_memory.h"

static rt_map live_execs;

cudaGraphNode_t *rt_graph_sort(cudaGraph_t g, cudaError_t *e)
{
  size_t n = g->n_nodes;
  cudaGraphNode_t *order = malloc((n ? n : 1) * sizeof *order);
  size_t *pending = calloc(n ? n : 1, sizeof *pending);
  rt_map index = {0};
  *e = cudaErrorMemoryAllocation;
  if (!order || !pending)
    goto out;
  /* Nodes added with their dependencies (and every captured graph) have
   * edges only from earlier to later nodes: creation order is the order. */
  bool is_forward = true;
  for (size_t i = 0; i < n && is_forward; i++)
    if (!rt_map_put(&index, (uintptr_t)g->nodes[i], (void *)(i + 1)))
      goto out;
  for (size_t i = 0; i < n && is_forward; i++)
    for (size_t j = 0; j < g->nodes[i]->n_deps && is_forward; j++)
      is_forward = (uintptr_t)rt_map_get(&index, (uintptr_t)g->nodes[i]->deps[j]) - 1 < i;
  if (is_forward) {
    memcpy(order, g->nodes, n * sizeof *order);
    *e = cudaSuccess;
    goto out;
  }
  for (size_t i = 0; i < n; i++)
    pending[i] = g->nodes[i]->n_deps;
  /* Ready nodes are taken in creation order, each round, so the order is
   * the one a stream capture issued. */
  size_t done = 0;
  bool *is_done = calloc(n ? n : 1, sizeof *is_done);
  if (!is_done)
    goto out;
  while (done < n) {
    size_t before = done;
    for (size_t i = 0; i < n; i++) {
      if (is_done[i] || pending[i])
        continue;
      is_done[i] = true;
      order[done++] = g->nodes[i];
      for (size_t j = 0; j < g->nodes[i]->n_outs; j++)
        pending[(uintptr_t)rt_map_get(&index, (uintptr_t)g->nodes[i]->outs[j]) - 1]--;
      break; /* restart from the first node: creation order among the ready */
    }
    if (done == before) { /* a cycle */
      free(is_done);
      *e = cudaErrorInvalidValue;
      goto out;
    }
  }
  free(is_done);
  *e = cudaSuccess;
out:
  rt_map_clear(&index);
  free(pending);
  if (*e != cudaSuccess) {
    free(order);
    return NULL;
  }
  return order;
}

/* A memset node: 1-, 2- or 4-byte elements, width elements per row. */
static cudaError_t run_memset(rt_state *st, const struct cudaMemsetParams *p)
{
  size_t row = p->width * p->elementSize;
  size_t pitch = p->height > 1 ? p->pitch : row;
  if (p->elementSize == 1) {
    for (size_t y = 0; y < p->height; y++) {
      cudaError_t e = rt_fill(st, (char *)p->dst + y * pitch, (int)(p->value & 0xff), row);
      if (e != cudaSuccess)
        return e;
    }
    return cudaSuccess;
  }
  unsigned char *buf = malloc(row ? row : 1);
  if (!buf)
    return cudaErrorMemoryAllocation;
  for (size_t i = 0; i < p->width; i++)
    if (p->elementSize == 2) {
      uint16_t v = (uint16_t)p->value;
      memcpy(buf + 2 * i, &v, 2);
    } else
      memcpy(buf + 4 * i, &p->value, 4);
  cudaError_t e = cudaSuccess;
  for (size_t y = 0; y < p->height && e == cudaSuccess; y++)
    e = rt_copy(st, (char *)p->dst + y * pitch, buf, row, cudaMemcpyHostToDevice);
  free(buf);
  return e;
}

static cudaError_t run_node(rt_state *st, cudaGraphNode_t n, cudaStream_t stream)
{
  if (n->is_disabled)
    return cudaSuccess;
  switch (n->type) {
  case cudaGraphNodeTypeKernel: {
    const rt_graph_kernel *gk = &n->u.kernel;
    return rt_launch(st, gk->k, gk->grid, gk->block, gk->shmem, stream, gk->args);
  }
  case cudaGraphNodeTypeMemcpy: return cudaMemcpy3DAsync(&n->u.copy, stream);
  case cudaGraphNodeTypeMemset: return run_memset(st, &n->u.set);
  case cudaGraphNodeTypeHost: n->u.host.fn(n->u.host.userData); return cudaSuccess;
  case cudaGraphNodeTypeGraph: return rt_graph_run(st, n->u.child, stream);
  case cudaGraphNodeTypeEventRecord: return cudaEventRecord(n->u.event, stream);
  case cudaGraphNodeTypeMemAlloc: rt_graph_mem_alloc(n->u.alloc.mem); return cudaSuccess;
  case cudaGraphNodeTypeMemFree: {
    rt_graph_mem *m = rt_graph_mem_find(n->u.free_ptr);
    return m ? rt_graph_mem_free(st, m) : cudaErrorInvalidValue;
  }
  default: return cudaSuccess; /* empty, event wait: all earlier work is done */
  }
}

cudaError_t rt_graph_run(rt_state *st, cudaGraph_t g, cudaStream_t stream)
{
  cudaError_t e;
  cudaGraphNode_t *order = rt_graph_sort(g, &e);
  for (size_t i = 0; order && i < g->n_nodes && e == cudaSuccess; i++)
    e = run_node(st, order[i], stream);
  free(order);
  return e;
}

/* Before a launch: every allocation of the graph must have been freed
 * (or is freed now, with cudaGraphInstantiateFlagAutoFreeOnLaunch). */
static cudaError_t check_allocations(rt_state *st, cudaGraph_t g, bool auto_free)
{
  for (size_t i = 0; i < g->n_nodes; i++) {
    cudaGraphNode_t n = g->nodes[i];
    cudaError_t e = cudaSuccess;
    if (n->type == cudaGraphNodeTypeGraph)
      e = check_allocations(st, n->u.child, auto_free);
    else if (n->type == cudaGraphNodeTypeMemAlloc && n->u.alloc.mem->is_live)
      e = auto_free ? rt_graph_mem_free(st, n->u.alloc.mem) : cudaErrorInvalidValue;
    if (e != cudaSuccess)
      return e;
  }
  return cudaSuccess;
}

static cudaGraphExec_t find_exec(cudaGraphExec_t x)
{
  return x ? rt_map_get(&live_execs, (uintptr_t)x) : NULL;
}

/* ---- instantiation --------------------------------------------------------- */

/* Whether g (or a child of it) has memory-allocation or free nodes. */
static bool has_memory_nodes(cudaGraph_t g)
{
  for (size_t i = 0; i < g->n_nodes; i++) {
    cudaGraphNode_t n = g->nodes[i];
    if (n->type == cudaGraphNodeTypeMemAlloc || n->type == cudaGraphNodeTypeMemFree ||
        (n->type == cudaGraphNodeTypeGraph && has_memory_nodes(n->u.child)))
      return true;
  }
  return false;
}

/* Whether an executable graph of g exists. */
static bool is_instantiated(cudaGraph_t g)
{
  for (size_t i = 0; i < live_execs.cap; i++) {
    cudaGraphExec_t x = live_execs.slots[i].value;
    if (x && x->graph->orig == g)
      return true;
  }
  return false;
}

static cudaError_t instantiate(rt_state *st, cudaGraphExec_t *out, cudaGraph_t graph,
                               unsigned long long flags, cudaGraphInstantiateResult *result)
{
  *result = cudaGraphInstantiateError;
  if (!out || !rt_graph_is_valid(graph) ||
      (flags & ~(RT_GRAPH_INSTANTIATE_AUTO_FREE | RT_GRAPH_INSTANTIATE_UPLOAD |
                 RT_GRAPH_INSTANTIATE_DEVICE_LAUNCH | RT_GRAPH_INSTANTIATE_NODE_PRIORITY)))
    return cudaErrorInvalidValue;
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return e;
  /* Device launch (graphs launched by kernels) needs device-side graph
   * launch, which the emulator's device code does not have. */
  if (flags & RT_GRAPH_INSTANTIATE_DEVICE_LAUNCH) {
    *result = cudaGraphInstantiateNodeOperationNotSupported;
    return cudaErrorNotSupported;
  }
  /* A graph with memory nodes has one executable graph at a time (its
   * allocations' addresses are fixed). */
  if (has_memory_nodes(graph) && is_instantiated(graph))
    return cudaErrorInvalidValue;
  cudaGraphNode_t *order = rt_graph_sort(graph, &e);
  if (!order) {
    if (e == cudaErrorInvalidValue)
      *result = cudaGraphInstantiateInvalidStructure;
    return e;
  }
  free(order);
  cudaGraphExec_t x = calloc(1, sizeof *x);
  if (!x || !(x->graph = rt_graph_copy(graph)) || !rt_map_put(&live_execs, (uintptr_t)x, x)) {
    if (x)
      rt_graph_free(x->graph);
    free(x);
    return cudaErrorMemoryAllocation;
  }
  x->flags = flags;
  *out = x;
  *result = cudaGraphInstantiateSuccess;
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *exec, cudaGraph_t graph,
                                 unsigned long long flags)
{
  rt_state *st = rt_lock();
  cudaGraphInstantiateResult r;
  return rt_unlock(st, instantiate(st, exec, graph, flags & ~RT_GRAPH_INSTANTIATE_UPLOAD, &r));
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *exec, cudaGraph_t graph,
                                          unsigned long long flags)
{
  return cudaGraphInstantiate(exec, graph, flags);
}

cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *exec, cudaGraph_t graph,
                                           cudaGraphInstantiateParams *params)
{
  rt_state *st = rt_lock();
  if (!params)
    return rt_unlock(st, cudaErrorInvalidValue);
  params->errNode_out = NULL;
  if ((params->flags & RT_GRAPH_INSTANTIATE_UPLOAD) &&
      !rt_stream_is_valid(st, params->uploadStream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  /* Uploading does nothing more here: every node is ready to run. */
  return rt_unlock(st, instantiate(st, exec, graph, params->flags, &params->result_out));
}
RT_ALIAS(cudaGraphInstantiateWithParams_ptsz, cudaGraphInstantiateWithParams);

cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t exec, unsigned long long *flags)
{
  rt_state *st = rt_lock();
  cudaGraphExec_t x = find_exec(exec);
  if (!x || !flags)
    return rt_unlock(st, cudaErrorInvalidValue);
  *flags = x->flags;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec)
{
  rt_state *st = rt_lock();
  cudaGraphExec_t x = rt_map_remove(&live_execs, (uintptr_t)exec);
  if (!x)
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_graph_free(x->graph);
  free(x);
  return rt_unlock(st, cudaSuccess);
}

/* ---- launch ------------------------------------------------------------------ */

cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t stream)
{
  rt_state *st = rt_lock();
  if (!find_exec(exec))
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  return rt_unlock(st, rt_context(st));
}
RT_ALIAS(cudaGraphUpload_ptsz, cudaGraphUpload);

cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream)
{
  rt_state *st = rt_lock();
  cudaGraphExec_t x = find_exec(exec);
  if (!x)
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!rt_stream_is_valid(st, stream))
    return rt_unlock(st, cudaErrorInvalidResourceHandle);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  /* Launched into a capturing stream: a child graph node of the capture. */
  if (rt_capture_is_capturing(st, stream))
    return rt_unlock(st, rt_capture_graph(st, x->graph, stream));
  e = rt_capture_check_legacy(st, stream);
  if (e == cudaSuccess)
    e = check_allocations(st, x->graph, x->flags & RT_GRAPH_INSTANTIATE_AUTO_FREE);
  if (e == cudaSuccess)
    e = rt_graph_run(st, x->graph, stream);
  return rt_unlock(st, e);
}
RT_ALIAS(cudaGraphLaunch_ptsz, cudaGraphLaunch);

/* ---- update -------------------------------------------------------------------- */

/* The node of an executable graph (child graphs searched too) that copies
 * the graph node orig, or NULL. */
static cudaGraphNode_t find_copy(cudaGraph_t g, cudaGraphNode_t orig)
{
  for (size_t i = 0; i < g->n_nodes; i++) {
    cudaGraphNode_t n = g->nodes[i];
    if (n->orig == orig)
      return n;
    if (n->type == cudaGraphNodeTypeGraph) {
      /* A child's nodes copy the nodes of the child node's own copy. */
      cudaGraphNode_t c = find_copy(n->u.child, orig);
      if (c)
        return c;
      if (orig->graph && n->orig && n->orig->type == cudaGraphNodeTypeGraph) {
        cudaGraph_t oc = n->orig->u.child;
        for (size_t j = 0; j < oc->n_nodes; j++)
          if (oc->nodes[j] == orig)
            return n->u.child->nodes[j];
      }
    }
  }
  return NULL;
}

/* Whether to can take from's parameters: same topology and node types
 * (recursively for child graphs).  Sets info on failure. */
static bool same_shape(cudaGraph_t to, cudaGraph_t from, cudaGraphExecUpdateResultInfo *info)
{
  if (to->n_nodes != from->n_nodes) {
    info->result = cudaGraphExecUpdateErrorTopologyChanged;
    return false;
  }
  for (size_t i = 0; i < to->n_nodes; i++) {
    cudaGraphNode_t a = to->nodes[i], b = from->nodes[i];
    info->errorNode = b;
    if (a->type != b->type) {
      info->result = cudaGraphExecUpdateErrorNodeTypeChanged;
      return false;
    }
    if (a->n_deps != b->n_deps) {
      info->result = cudaGraphExecUpdateErrorTopologyChanged;
      return false;
    }
    for (size_t j = 0; j < a->n_deps; j++) {
      size_t ka = 0, kb = 0;
      while (to->nodes[ka] != a->deps[j])
        ka++;
      while (from->nodes[kb] != b->deps[j])
        kb++;
      if (ka != kb) {
        info->errorFromNode = b->deps[j];
        info->result = cudaGraphExecUpdateErrorTopologyChanged;
        return false;
      }
    }
    /* Memory nodes cannot change (their memory is fixed). */
    if ((a->type == cudaGraphNodeTypeMemAlloc &&
         a->u.alloc.params.bytesize != b->u.alloc.params.bytesize) ||
        (a->type == cudaGraphNodeTypeMemFree && a->u.free_ptr != b->u.free_ptr)) {
      info->result = cudaGraphExecUpdateErrorParametersChanged;
      return false;
    }
    if (a->type == cudaGraphNodeTypeGraph && !same_shape(a->u.child, b->u.child, info))
      return false;
  }
  info->errorNode = NULL;
  return true;
}

/* Copies one node's parameters (the shapes match). */
static cudaError_t node_update(cudaGraphNode_t a, cudaGraphNode_t b)
{
  switch (a->type) {
  case cudaGraphNodeTypeKernel: {
    rt_state *st = rt_lock();
    const rt_graph_kernel *k = &b->u.kernel;
    cudaError_t e =
      rt_graph_kernel_set(st, &a->u.kernel, k->k, k->grid, k->block, k->shmem, k->args);
    return rt_unlock(st, e);
  }
  case cudaGraphNodeTypeMemcpy: a->u.copy = b->u.copy; return cudaSuccess;
  case cudaGraphNodeTypeMemset: a->u.set = b->u.set; return cudaSuccess;
  case cudaGraphNodeTypeHost: a->u.host = b->u.host; return cudaSuccess;
  case cudaGraphNodeTypeEventRecord:
  case cudaGraphNodeTypeWaitEvent: a->u.event = b->u.event; return cudaSuccess;
  case cudaGraphNodeTypeGraph:
    for (size_t i = 0; i < a->u.child->n_nodes; i++) {
      cudaError_t e = node_update(a->u.child->nodes[i], b->u.child->nodes[i]);
      if (e != cudaSuccess)
        return e;
    }
    return cudaSuccess;
  default: return cudaSuccess;
  }
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph,
                                cudaGraphExecUpdateResultInfo *info)
{
  rt_state *st = rt_lock();
  cudaGraphExec_t x = find_exec(exec);
  cudaGraphExecUpdateResultInfo local;
  if (!info)
    info = &local;
  *info = (cudaGraphExecUpdateResultInfo){cudaGraphExecUpdateError, NULL, NULL};
  if (!x || !rt_graph_is_valid(graph))
    return rt_unlock(st, cudaErrorInvalidValue);
  if (!same_shape(x->graph, graph, info))
    return rt_unlock(st, cudaErrorGraphExecUpdateFailure);
  for (size_t i = 0; i < graph->n_nodes; i++) {
    cudaError_t e = node_update(x->graph->nodes[i], graph->nodes[i]);
    if (e != cudaSuccess) {
      info->result = cudaGraphExecUpdateError;
      info->errorNode = graph->nodes[i];
      return rt_unlock(st, cudaErrorGraphExecUpdateFailure);
    }
    /* Later per-node setters name the new graph's nodes. */
    x->graph->nodes[i]->orig = graph->nodes[i];
  }
  info->result = cudaGraphExecUpdateSuccess;
  return rt_unlock(st, cudaSuccess);
}

/* ---- per-node setters ----------------------------------------------------------- */

/* The executable graph's copy of node, of the given type, or NULL. */
static cudaGraphNode_t exec_node(cudaGraphExec_t exec, cudaGraphNode_t node,
                                 enum cudaGraphNodeType type)
{
  cudaGraphExec_t x = find_exec(exec);
  if (!x || !rt_graph_node_is_valid(node) || node->type != type)
    return NULL;
  return find_copy(x->graph, node);
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *p)
{
  rt_state *st = rt_lock();
  cudaGraphNode_t n = exec_node(exec, node, cudaGraphNodeTypeKernel);
  if (!n || !p || p->extra)
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_kernel *k = rt_kernel_find(st, p->func);
  if (!k)
    return rt_unlock(st, cudaErrorInvalidDeviceFunction);
  return rt_unlock(st, rt_graph_kernel_set(st, &n->u.kernel, k, p->gridDim, p->blockDim,
                                           p->sharedMemBytes, p->kernelParams));
}

cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const struct cudaMemcpy3DParms *p)
{
  rt_state *st = rt_lock();
  cudaGraphNode_t n = exec_node(exec, node, cudaGraphNodeTypeMemcpy);
  if (!n || !p || p->srcArray || p->dstArray)
    return rt_unlock(st, cudaErrorInvalidValue);
  n->u.copy = *p;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t exec, cudaGraphNode_t node,
                                               void *dst, const void *src, size_t count,
                                               enum cudaMemcpyKind kind)
{
  struct cudaMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = (struct cudaPitchedPtr){(void *)src, count, count, 1};
  p.dstPtr = (struct cudaPitchedPtr){dst, count, count, 1};
  p.extent = (struct cudaExtent){count, 1, 1};
  p.kind = kind;
  return cudaGraphExecMemcpyNodeSetParams(exec, node, &p);
}

cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const struct cudaMemsetParams *p)
{
  rt_state *st = rt_lock();
  cudaGraphNode_t n = exec_node(exec, node, cudaGraphNodeTypeMemset);
  if (!n || !p || !p->dst || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4))
    return rt_unlock(st, cudaErrorInvalidValue);
  n->u.set = *p;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                           const struct cudaHostNodeParams *p)
{
  rt_state *st = rt_lock();
  cudaGraphNode_t n = exec_node(exec, node, cudaGraphNodeTypeHost);
  if (!n || !p || !p->fn)
    return rt_unlock(st, cudaErrorInvalidValue);
  n->u.host = *p;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                                 cudaGraph_t child)
{
  rt_state *st = rt_lock();
  cudaGraphNode_t n = exec_node(exec, node, cudaGraphNodeTypeGraph);
  cudaGraphExecUpdateResultInfo info;
  if (!n || !rt_graph_is_valid(child) || !same_shape(n->u.child, child, &info))
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = cudaSuccess;
  for (size_t i = 0; i < child->n_nodes && e == cudaSuccess; i++)
    e = node_update(n->u.child->nodes[i], child->nodes[i]);
  return rt_unlock(st, e);
}

static cudaError_t exec_event_set(cudaGraphExec_t exec, cudaGraphNode_t node,
                                  enum cudaGraphNodeType type, cudaEvent_t event)
{
  rt_state *st = rt_lock();
  cudaGraphNode_t n = exec_node(exec, node, type);
  if (!n || !event)
    return rt_unlock(st, cudaErrorInvalidValue);
  n->u.event = event;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t exec, cudaGraphNode_t node,
                                                 cudaEvent_t event)
{
  return exec_event_set(exec, node, cudaGraphNodeTypeEventRecord, event);
}

cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t exec, cudaGraphNode_t node,
                                               cudaEvent_t event)
{
  return exec_event_set(exec, node, cudaGraphNodeTypeWaitEvent, event);
}

/* Only kernel, memcpy and memset nodes can be disabled. */
static cudaGraphNode_t toggleable(cudaGraphExec_t exec, cudaGraphNode_t node)
{
  if (!rt_graph_node_is_valid(node))
    return NULL;
  switch (node->type) {
  case cudaGraphNodeTypeKernel:
  case cudaGraphNodeTypeMemcpy:
  case cudaGraphNodeTypeMemset: return exec_node(exec, node, node->type);
  default: return NULL;
  }
}

cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t exec, cudaGraphNode_t node, unsigned on)
{
  rt_state *st = rt_lock();
  cudaGraphNode_t n = toggleable(exec, node);
  if (!n)
    return rt_unlock(st, cudaErrorInvalidValue);
  n->is_disabled = !on;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t exec, cudaGraphNode_t node, unsigned *on)
{
  rt_state *st = rt_lock();
  cudaGraphNode_t n = toggleable(exec, node);
  if (!n || !on)
    return rt_unlock(st, cudaErrorInvalidValue);
  *on = !n->is_disabled;
  return rt_unlock(st, cudaSuccess);
}
