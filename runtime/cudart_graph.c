/* cudart_graph.c -- building CUDA graphs: cudaGraphCreate, the
 * cudaGraphAdd*Node calls, dependencies, node parameters, cloning, and
 * the graph memory attributes (see cudart_graph.h for the records).
 *
 * Handles are checked against the live ones (a destroyed graph or node
 * gives cudaErrorInvalidValue, as CUDA's graph calls answer).  External
 * semaphore and conditional nodes, user objects and the generic
 * cudaGraphAddNode are not implemented (cudart_unsupported.def).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/cudart_api.h"
#include "runtime/cudart_graph.h"
#include "runtime/cudart_memory.h"

/* The live handles, and the graph memory by base address; guarded by the
 * runtime's lock like the rest of the state. */
static rt_map live_graphs, live_nodes, graph_mems;
static uint64_t mem_used, mem_used_high, mem_reserved, mem_reserved_high;

bool rt_graph_is_valid(cudaGraph_t g)
{
  return g && rt_map_get(&live_graphs, (uintptr_t)g);
}

bool rt_graph_node_is_valid(cudaGraphNode_t n)
{
  return n && rt_map_get(&live_nodes, (uintptr_t)n);
}

cudaGraph_t rt_graph_new(void)
{
  cudaGraph_t g = calloc(1, sizeof *g);
  if (g && !rt_map_put(&live_graphs, (uintptr_t)g, g)) {
    free(g);
    return NULL;
  }
  return g;
}

/* ---- graph memory --------------------------------------------------------- */

rt_graph_mem *rt_graph_mem_new(rt_state *st, size_t size, cudaError_t *e)
{
  ptxsim_devptr p;
  rt_graph_mem *m = malloc(sizeof *m);
  if (!m || size == 0 || ptxsim_malloc(st->dev, size, &p) != PTXSIM_OK) {
    free(m);
    *e = size == 0 ? cudaErrorInvalidValue : cudaErrorMemoryAllocation;
    return NULL;
  }
  *m = (rt_graph_mem){(void *)(uintptr_t)p, size, 1, false};
  if (!rt_map_put(&graph_mems, (uintptr_t)p, m)) {
    (void)ptxsim_mem_free(st->dev, p);
    free(m);
    *e = cudaErrorMemoryAllocation;
    return NULL;
  }
  mem_reserved += size;
  if (mem_reserved > mem_reserved_high)
    mem_reserved_high = mem_reserved;
  return m;
}

/* Gives the memory back once nothing can use it any more. */
static void mem_release_if_unused(rt_state *st, rt_graph_mem *m)
{
  if (m->n_nodes || m->is_live)
    return;
  rt_map_remove(&graph_mems, (uintptr_t)m->base);
  if (st->dev)
    (void)ptxsim_mem_free(st->dev, (ptxsim_devptr)(uintptr_t)m->base);
  mem_reserved -= m->size;
  free(m);
}

void rt_graph_mem_unref(rt_state *st, rt_graph_mem *m)
{
  m->n_nodes--;
  mem_release_if_unused(st, m);
}

rt_graph_mem *rt_graph_mem_find(const void *p)
{
  return p ? rt_map_get(&graph_mems, (uintptr_t)p) : NULL;
}

void rt_graph_mem_alloc(rt_graph_mem *m)
{
  m->is_live = true;
  mem_used += m->size;
  if (mem_used > mem_used_high)
    mem_used_high = mem_used;
}

cudaError_t rt_graph_mem_free(rt_state *st, rt_graph_mem *m)
{
  if (!m->is_live)
    return cudaErrorInvalidValue;
  m->is_live = false;
  mem_used -= m->size;
  mem_release_if_unused(st, m);
  return cudaSuccess;
}

/* ---- nodes ---------------------------------------------------------------- */

void rt_graph_kernel_clear(rt_graph_kernel *gk)
{
  free(gk->args);
  free(gk->arg_bytes);
  memset(gk, 0, sizeof *gk);
}

cudaError_t rt_graph_kernel_set(rt_state *st, rt_graph_kernel *out, rt_kernel *k, dim3 grid,
                                dim3 block, unsigned shmem, void **args)
{
  cudaError_t e = rt_context(st);
  if (e == cudaSuccess)
    e = rt_module_load(st, k->mod);
  if (e != cudaSuccess)
    return e;
  if (!k->is_found)
    return cudaErrorInvalidDeviceFunction;
  if (k->n_params && !args)
    return cudaErrorInvalidValue;
  /* The arguments are copied now, as CUDA does: the program may reuse
   * its argument variables. */
  size_t n = k->n_params, total = 0, sizes[n ? n : 1], offs[n ? n : 1];
  for (size_t i = 0; i < n; i++) {
    if (ptxsim_kernel_param_info_in(st->dev, k->mod->module, k->name, i, &sizes[i], NULL) !=
        PTXSIM_OK)
      return cudaErrorInvalidDeviceFunction;
    total = (total + 15) & ~(size_t)15;
    offs[i] = total;
    total += sizes[i];
  }
  rt_graph_kernel gk = {k, grid, block, shmem, n, NULL, NULL, total};
  gk.args = calloc(n ? n : 1, sizeof *gk.args);
  gk.arg_bytes = calloc(total ? total : 1, 1);
  if (!gk.args || !gk.arg_bytes) {
    rt_graph_kernel_clear(&gk);
    return cudaErrorMemoryAllocation;
  }
  for (size_t i = 0; i < n; i++) {
    gk.args[i] = gk.arg_bytes + offs[i];
    memcpy(gk.args[i], args[i], sizes[i]);
  }
  rt_graph_kernel_clear(out);
  *out = gk;
  return cudaSuccess;
}

/* A copy of a kernel launch (the arguments' bytes duplicated). */
static bool kernel_dup(rt_graph_kernel *out, const rt_graph_kernel *in)
{
  *out = *in;
  out->args = calloc(in->n_args ? in->n_args : 1, sizeof *out->args);
  size_t total = in->arg_total;
  out->arg_bytes = malloc(total ? total : 1);
  if (!out->args || !out->arg_bytes) {
    free(out->args);
    free(out->arg_bytes);
    return false;
  }
  memcpy(out->arg_bytes, in->arg_bytes, total);
  for (size_t i = 0; i < in->n_args; i++)
    out->args[i] = out->arg_bytes + ((unsigned char *)in->args[i] - in->arg_bytes);
  return true;
}

static bool push(cudaGraphNode_t **v, size_t *n, size_t *cap, cudaGraphNode_t x)
{
  if (*n == *cap) {
    size_t c = *cap ? 2 * *cap : 4;
    cudaGraphNode_t *p = realloc(*v, c * sizeof *p);
    if (!p)
      return false;
    *v = p;
    *cap = c;
  }
  (*v)[(*n)++] = x;
  return true;
}

static bool drop(cudaGraphNode_t *v, size_t *n, cudaGraphNode_t x)
{
  for (size_t i = 0; i < *n; i++)
    if (v[i] == x) {
      memmove(v + i, v + i + 1, (*n - i - 1) * sizeof *v);
      (*n)--;
      return true;
    }
  return false;
}

static bool has(cudaGraphNode_t *v, size_t n, cudaGraphNode_t x)
{
  for (size_t i = 0; i < n; i++)
    if (v[i] == x)
      return true;
  return false;
}

/* What a node owns besides itself. */
static void node_params_free(cudaGraphNode_t n)
{
  rt_state *st = rt_lock(); /* recursive: callers hold it already */
  switch (n->type) {
  case cudaGraphNodeTypeKernel: rt_graph_kernel_clear(&n->u.kernel); break;
  case cudaGraphNodeTypeGraph: rt_graph_free(n->u.child); break;
  case cudaGraphNodeTypeMemAlloc: rt_graph_mem_unref(st, n->u.alloc.mem); break;
  default: break;
  }
  (void)rt_unlock(st, cudaSuccess);
}

static void node_free(cudaGraphNode_t n)
{
  rt_map_remove(&live_nodes, (uintptr_t)n);
  node_params_free(n);
  free(n->deps);
  free(n->outs);
  free(n);
}

void rt_graph_free(cudaGraph_t g)
{
  if (!g)
    return;
  rt_map_remove(&live_graphs, (uintptr_t)g);
  for (size_t i = 0; i < g->n_nodes; i++)
    node_free(g->nodes[i]);
  free(g->nodes);
  free(g);
}

/* Adds the edge from -> to (both in the same graph). */
static cudaError_t edge_add(cudaGraphNode_t from, cudaGraphNode_t to)
{
  if (!rt_graph_node_is_valid(from) || from->graph != to->graph || from == to)
    return cudaErrorInvalidValue;
  if (has(to->deps, to->n_deps, from))
    return cudaErrorInvalidValue; /* CUDA refuses a duplicate edge */
  if (!push(&to->deps, &to->n_deps, &to->cap_deps, from))
    return cudaErrorMemoryAllocation;
  if (!push(&from->outs, &from->n_outs, &from->cap_outs, to)) {
    to->n_deps--;
    return cudaErrorMemoryAllocation;
  }
  return cudaSuccess;
}

cudaGraphNode_t rt_graph_add(cudaGraph_t g, enum cudaGraphNodeType type,
                             const cudaGraphNode_t *deps, size_t n_deps, cudaError_t *e)
{
  *e = cudaErrorInvalidValue;
  if (!rt_graph_is_valid(g) || (n_deps && !deps))
    return NULL;
  for (size_t i = 0; i < n_deps; i++)
    if (!rt_graph_node_is_valid(deps[i]) || deps[i]->graph != g ||
        has((cudaGraphNode_t *)deps, i, deps[i]))
      return NULL;
  cudaGraphNode_t n = calloc(1, sizeof *n);
  *e = cudaErrorMemoryAllocation;
  if (!n)
    return NULL;
  n->type = type;
  n->graph = g;
  if (!rt_map_put(&live_nodes, (uintptr_t)n, n)) {
    free(n);
    return NULL;
  }
  if (!push(&g->nodes, &g->n_nodes, &g->cap_nodes, n)) {
    rt_map_remove(&live_nodes, (uintptr_t)n);
    free(n);
    return NULL;
  }
  for (size_t i = 0; i < n_deps; i++)
    if ((*e = edge_add(deps[i], n)) != cudaSuccess)
      return NULL; /* out of memory: the node stays, with fewer edges */
  *e = cudaSuccess;
  return n;
}

/* Copies a node's parameters into a fresh node of another graph. */
static bool params_dup(cudaGraphNode_t to, const cudaGraphNode_t from)
{
  to->u = from->u;
  to->is_disabled = from->is_disabled;
  switch (from->type) {
  case cudaGraphNodeTypeKernel: return kernel_dup(&to->u.kernel, &from->u.kernel);
  case cudaGraphNodeTypeGraph: return (to->u.child = rt_graph_copy(from->u.child)) != NULL;
  case cudaGraphNodeTypeMemAlloc: to->u.alloc.mem->n_nodes++; return true;
  default: return true;
  }
}

cudaGraph_t rt_graph_copy(cudaGraph_t g)
{
  cudaGraph_t c = rt_graph_new();
  if (!c)
    return NULL;
  c->orig = g;
  cudaError_t e;
  for (size_t i = 0; i < g->n_nodes; i++) {
    cudaGraphNode_t from = g->nodes[i];
    cudaGraphNode_t to = rt_graph_add(c, from->type, NULL, 0, &e);
    if (!to)
      goto fail;
    to->orig = from;
    to->type = cudaGraphNodeTypeEmpty; /* owns nothing until its parameters are copied */
    if (!params_dup(to, from))
      goto fail;
    to->type = from->type;
  }
  /* Edges in the same order as the original's. */
  for (size_t i = 0; i < g->n_nodes; i++) {
    cudaGraphNode_t from = g->nodes[i];
    for (size_t j = 0; j < from->n_deps; j++) {
      size_t k = 0;
      while (g->nodes[k] != from->deps[j])
        k++;
      if (edge_add(c->nodes[k], c->nodes[i]) != cudaSuccess)
        goto fail;
    }
  }
  return c;
fail:
  rt_graph_free(c);
  return NULL;
}

/* ---- the API: graphs ------------------------------------------------------ */

cudaError_t cudaGraphCreate(cudaGraph_t *graph, unsigned flags)
{
  rt_state *st = rt_lock();
  if (!graph || flags)
    return rt_unlock(st, cudaErrorInvalidValue);
  *graph = rt_graph_new();
  return rt_unlock(st, *graph ? cudaSuccess : cudaErrorMemoryAllocation);
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph)
{
  rt_state *st = rt_lock();
  if (!rt_graph_is_valid(graph))
    return rt_unlock(st, cudaErrorInvalidValue);
  rt_graph_free(graph);
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphClone(cudaGraph_t *clone, cudaGraph_t graph)
{
  rt_state *st = rt_lock();
  if (!clone || !rt_graph_is_valid(graph))
    return rt_unlock(st, cudaErrorInvalidValue);
  *clone = rt_graph_copy(graph);
  return rt_unlock(st, *clone ? cudaSuccess : cudaErrorMemoryAllocation);
}

cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *node, cudaGraphNode_t orig,
                                     cudaGraph_t clone)
{
  rt_state *st = rt_lock();
  if (!node || !rt_graph_node_is_valid(orig) || !rt_graph_is_valid(clone) ||
      clone->orig != orig->graph)
    return rt_unlock(st, cudaErrorInvalidValue);
  for (size_t i = 0; i < clone->n_nodes; i++)
    if (clone->nodes[i]->orig == orig) {
      *node = clone->nodes[i];
      return rt_unlock(st, cudaSuccess);
    }
  return rt_unlock(st, cudaErrorInvalidValue);
}

/* Copies up to *count entries out (when out is non-NULL) and sets *count:
 * the number when out is NULL, else the entries copied. */
static cudaError_t list_out(cudaGraphNode_t *out, size_t *count, cudaGraphNode_t *v, size_t n)
{
  if (!count)
    return cudaErrorInvalidValue;
  if (out) {
    for (size_t i = 0; i < *count; i++)
      out[i] = i < n ? v[i] : NULL;
    if (*count > n)
      *count = n;
  } else
    *count = n;
  return cudaSuccess;
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *count)
{
  rt_state *st = rt_lock();
  if (!rt_graph_is_valid(graph))
    return rt_unlock(st, cudaErrorInvalidValue);
  return rt_unlock(st, list_out(nodes, count, graph->nodes, graph->n_nodes));
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *roots, size_t *count)
{
  rt_state *st = rt_lock();
  if (!rt_graph_is_valid(graph) || !count)
    return rt_unlock(st, cudaErrorInvalidValue);
  size_t n = 0;
  for (size_t i = 0; i < graph->n_nodes; i++)
    if (graph->nodes[i]->n_deps == 0) {
      if (roots && n < *count)
        roots[n] = graph->nodes[i];
      n++;
    }
  if (!roots || n < *count)
    *count = n;
  return rt_unlock(st, cudaSuccess);
}

/* Edge data: every edge here is a default one (all zero). */
static void edge_data_zero(cudaGraphEdgeData *d, size_t n)
{
  if (d)
    memset(d, 0, n * sizeof *d);
}

cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                              cudaGraphEdgeData *data, size_t *count)
{
  rt_state *st = rt_lock();
  if (!rt_graph_is_valid(graph) || !count || (!from != !to) || (data && !from))
    return rt_unlock(st, cudaErrorInvalidValue);
  size_t n = 0;
  for (size_t i = 0; i < graph->n_nodes; i++) {
    cudaGraphNode_t t = graph->nodes[i];
    for (size_t j = 0; j < t->n_deps; j++, n++)
      if (from && n < *count) {
        from[n] = t->deps[j];
        to[n] = t;
        edge_data_zero(data ? data + n : NULL, 1);
      }
  }
  if (from)
    for (size_t i = n; i < *count; i++)
      from[i] = to[i] = NULL;
  if (!from || n < *count)
    *count = n;
  return rt_unlock(st, cudaSuccess);
}

static cudaError_t node_list(cudaGraphNode_t node, bool is_deps, cudaGraphNode_t *out,
                             cudaGraphEdgeData *data, size_t *count)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || (data && !out))
    return rt_unlock(st, cudaErrorInvalidValue);
  size_t want = count ? *count : 0;
  cudaError_t e = is_deps ? list_out(out, count, node->deps, node->n_deps)
                          : list_out(out, count, node->outs, node->n_outs);
  if (e == cudaSuccess)
    edge_data_zero(data, want < *count ? want : *count);
  return rt_unlock(st, e);
}

cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *deps,
                                         cudaGraphEdgeData *data, size_t *count)
{
  return node_list(node, true, deps, data, count);
}

cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *outs,
                                           cudaGraphEdgeData *data, size_t *count)
{
  return node_list(node, false, outs, data, count);
}

/* Only default edges exist: non-zero edge data is refused. */
static bool edge_data_is_default(const cudaGraphEdgeData *d, size_t n)
{
  static const cudaGraphEdgeData zero;
  for (size_t i = 0; d && i < n; i++)
    if (memcmp(&d[i], &zero, sizeof zero) != 0)
      return false;
  return true;
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                     const cudaGraphNode_t *to, const cudaGraphEdgeData *data,
                                     size_t n)
{
  rt_state *st = rt_lock();
  if (!rt_graph_is_valid(graph) || (n && (!from || !to)) || !edge_data_is_default(data, n))
    return rt_unlock(st, cudaErrorInvalidValue);
  for (size_t i = 0; i < n; i++)
    if (!rt_graph_node_is_valid(to[i]) || to[i]->graph != graph)
      return rt_unlock(st, cudaErrorInvalidValue);
  for (size_t i = 0; i < n; i++) {
    cudaError_t e = edge_add(from[i], to[i]);
    if (e != cudaSuccess)
      return rt_unlock(st, e);
  }
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                        const cudaGraphNode_t *to,
                                        const cudaGraphEdgeData *data, size_t n)
{
  rt_state *st = rt_lock();
  if (!rt_graph_is_valid(graph) || (n && (!from || !to)) || !edge_data_is_default(data, n))
    return rt_unlock(st, cudaErrorInvalidValue);
  for (size_t i = 0; i < n; i++)
    if (!rt_graph_node_is_valid(from[i]) || !rt_graph_node_is_valid(to[i]) ||
        to[i]->graph != graph || !has(to[i]->deps, to[i]->n_deps, from[i]))
      return rt_unlock(st, cudaErrorInvalidValue);
  for (size_t i = 0; i < n; i++) {
    drop(to[i]->deps, &to[i]->n_deps, from[i]);
    drop(from[i]->outs, &from[i]->n_outs, to[i]);
  }
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node))
    return rt_unlock(st, cudaErrorInvalidValue);
  for (size_t i = 0; i < node->n_deps; i++)
    drop(node->deps[i]->outs, &node->deps[i]->n_outs, node);
  for (size_t i = 0; i < node->n_outs; i++)
    drop(node->outs[i]->deps, &node->outs[i]->n_deps, node);
  drop(node->graph->nodes, &node->graph->n_nodes, node);
  node_free(node);
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *type)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || !type)
    return rt_unlock(st, cudaErrorInvalidValue);
  *type = node->type;
  return rt_unlock(st, cudaSuccess);
}

/* ---- the API: adding nodes ------------------------------------------------ */

/* Checks a kernel node's parameters and copies them into gk. */
static cudaError_t kernel_params_set(rt_state *st, rt_graph_kernel *gk,
                                     const struct cudaKernelNodeParams *p)
{
  if (!p || p->extra) /* the 'extra' form of arguments is not supported */
    return cudaErrorInvalidValue;
  rt_kernel *k = rt_kernel_find(st, p->func);
  if (!k)
    return cudaErrorInvalidDeviceFunction;
  if (!p->gridDim.x || !p->gridDim.y || !p->gridDim.z || !p->blockDim.x || !p->blockDim.y ||
      !p->blockDim.z)
    return cudaErrorInvalidConfiguration;
  return rt_graph_kernel_set(st, gk, k, p->gridDim, p->blockDim, p->sharedMemBytes,
                             p->kernelParams);
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                   const cudaGraphNode_t *deps, size_t n_deps,
                                   const struct cudaKernelNodeParams *params)
{
  rt_state *st = rt_lock();
  rt_graph_kernel gk = {0};
  if (!node)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = kernel_params_set(st, &gk, params);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  cudaGraphNode_t n = rt_graph_add(graph, cudaGraphNodeTypeKernel, deps, n_deps, &e);
  if (!n) {
    rt_graph_kernel_clear(&gk);
    return rt_unlock(st, e);
  }
  n->u.kernel = gk;
  *node = n;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams *p)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || node->type != cudaGraphNodeTypeKernel || !p)
    return rt_unlock(st, cudaErrorInvalidValue);
  const rt_graph_kernel *gk = &node->u.kernel;
  *p = (struct cudaKernelNodeParams){(void *)gk->k->host_fun, gk->grid, gk->block, gk->shmem,
                                     gk->args, NULL};
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
                                         const struct cudaKernelNodeParams *p)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || node->type != cudaGraphNodeTypeKernel)
    return rt_unlock(st, cudaErrorInvalidValue);
  return rt_unlock(st, kernel_params_set(st, &node->u.kernel, p));
}

/* A 3D copy that the emulator can do: linear memory only. */
static cudaError_t copy_params_check(const struct cudaMemcpy3DParms *p)
{
  if (!p || p->srcArray || p->dstArray || !p->srcPtr.ptr || !p->dstPtr.ptr)
    return cudaErrorInvalidValue;
  if ((unsigned)p->kind > cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                   const cudaGraphNode_t *deps, size_t n_deps,
                                   const struct cudaMemcpy3DParms *params)
{
  rt_state *st = rt_lock();
  cudaError_t e = node ? copy_params_check(params) : cudaErrorInvalidValue;
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  cudaGraphNode_t n = rt_graph_add(graph, cudaGraphNodeTypeMemcpy, deps, n_deps, &e);
  if (n) {
    n->u.copy = *params;
    *node = n;
  }
  return rt_unlock(st, e);
}

/* A 1D copy as the 3D parameters CUDA reports for it. */
static struct cudaMemcpy3DParms copy_1d(void *dst, const void *src, size_t count,
                                        enum cudaMemcpyKind kind)
{
  struct cudaMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = (struct cudaPitchedPtr){(void *)src, count, count, 1};
  p.dstPtr = (struct cudaPitchedPtr){dst, count, count, 1};
  p.extent = (struct cudaExtent){count, 1, 1};
  p.kind = kind;
  return p;
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *node, cudaGraph_t graph,
                                     const cudaGraphNode_t *deps, size_t n_deps, void *dst,
                                     const void *src, size_t count, enum cudaMemcpyKind kind)
{
  struct cudaMemcpy3DParms p = copy_1d(dst, src, count, kind);
  return cudaGraphAddMemcpyNode(node, graph, deps, n_deps, &p);
}

cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *p)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || node->type != cudaGraphNodeTypeMemcpy || !p)
    return rt_unlock(st, cudaErrorInvalidValue);
  *p = node->u.copy;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const struct cudaMemcpy3DParms *p)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || node->type != cudaGraphNodeTypeMemcpy)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = copy_params_check(p);
  if (e == cudaSuccess)
    node->u.copy = *p;
  return rt_unlock(st, e);
}

cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src,
                                           size_t count, enum cudaMemcpyKind kind)
{
  struct cudaMemcpy3DParms p = copy_1d(dst, src, count, kind);
  return cudaGraphMemcpyNodeSetParams(node, &p);
}

static cudaError_t set_params_check(const struct cudaMemsetParams *p)
{
  if (!p || !p->dst || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4))
    return cudaErrorInvalidValue;
  if (p->height > 1 && p->pitch < p->width * p->elementSize)
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                   const cudaGraphNode_t *deps, size_t n_deps,
                                   const struct cudaMemsetParams *params)
{
  rt_state *st = rt_lock();
  cudaError_t e = node ? set_params_check(params) : cudaErrorInvalidValue;
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  cudaGraphNode_t n = rt_graph_add(graph, cudaGraphNodeTypeMemset, deps, n_deps, &e);
  if (n) {
    n->u.set = *params;
    *node = n;
  }
  return rt_unlock(st, e);
}

cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *p)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || node->type != cudaGraphNodeTypeMemset || !p)
    return rt_unlock(st, cudaErrorInvalidValue);
  *p = node->u.set;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct cudaMemsetParams *p)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || node->type != cudaGraphNodeTypeMemset)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = set_params_check(p);
  if (e == cudaSuccess)
    node->u.set = *p;
  return rt_unlock(st, e);
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                 const cudaGraphNode_t *deps, size_t n_deps,
                                 const struct cudaHostNodeParams *params)
{
  rt_state *st = rt_lock();
  cudaError_t e = cudaErrorInvalidValue;
  if (!node || !params || !params->fn)
    return rt_unlock(st, e);
  cudaGraphNode_t n = rt_graph_add(graph, cudaGraphNodeTypeHost, deps, n_deps, &e);
  if (n) {
    n->u.host = *params;
    *node = n;
  }
  return rt_unlock(st, e);
}

cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *p)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || node->type != cudaGraphNodeTypeHost || !p)
    return rt_unlock(st, cudaErrorInvalidValue);
  *p = node->u.host;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const struct cudaHostNodeParams *p)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || node->type != cudaGraphNodeTypeHost || !p || !p->fn)
    return rt_unlock(st, cudaErrorInvalidValue);
  node->u.host = *p;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                       const cudaGraphNode_t *deps, size_t n_deps,
                                       cudaGraph_t child)
{
  rt_state *st = rt_lock();
  cudaError_t e = cudaErrorInvalidValue;
  if (!node || !rt_graph_is_valid(child) || child == graph)
    return rt_unlock(st, e);
  /* The child is copied (CUDA clones it): later changes to it do not
   * reach the node. */
  cudaGraph_t c = rt_graph_copy(child);
  if (!c)
    return rt_unlock(st, cudaErrorMemoryAllocation);
  cudaGraphNode_t n = rt_graph_add(graph, cudaGraphNodeTypeGraph, deps, n_deps, &e);
  if (!n) {
    rt_graph_free(c);
    return rt_unlock(st, e);
  }
  n->u.child = c;
  *node = n;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *graph)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || node->type != cudaGraphNodeTypeGraph || !graph)
    return rt_unlock(st, cudaErrorInvalidValue);
  *graph = node->u.child;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                  const cudaGraphNode_t *deps, size_t n_deps)
{
  rt_state *st = rt_lock();
  cudaError_t e = cudaErrorInvalidValue;
  cudaGraphNode_t n = node ? rt_graph_add(graph, cudaGraphNodeTypeEmpty, deps, n_deps, &e) : NULL;
  if (n)
    *node = n;
  return rt_unlock(st, e);
}

/* Event record and wait nodes. */
static cudaError_t add_event_node(cudaGraphNode_t *node, cudaGraph_t graph,
                                  const cudaGraphNode_t *deps, size_t n_deps, cudaEvent_t event,
                                  enum cudaGraphNodeType type)
{
  rt_state *st = rt_lock();
  cudaError_t e = cudaErrorInvalidValue;
  if (!node || !event || cudaEventQuery(event) == cudaErrorInvalidResourceHandle)
    return rt_unlock(st, e);
  cudaGraphNode_t n = rt_graph_add(graph, type, deps, n_deps, &e);
  if (n) {
    n->u.event = event;
    *node = n;
  }
  return rt_unlock(st, e);
}

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                        const cudaGraphNode_t *deps, size_t n_deps,
                                        cudaEvent_t event)
{
  return add_event_node(node, graph, deps, n_deps, event, cudaGraphNodeTypeEventRecord);
}

cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                      const cudaGraphNode_t *deps, size_t n_deps,
                                      cudaEvent_t event)
{
  return add_event_node(node, graph, deps, n_deps, event, cudaGraphNodeTypeWaitEvent);
}

static cudaError_t event_node_get(cudaGraphNode_t node, enum cudaGraphNodeType type,
                                  cudaEvent_t *out)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || node->type != type || !out)
    return rt_unlock(st, cudaErrorInvalidValue);
  *out = node->u.event;
  return rt_unlock(st, cudaSuccess);
}

static cudaError_t event_node_set(cudaGraphNode_t node, enum cudaGraphNodeType type,
                                  cudaEvent_t event)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || node->type != type || !event)
    return rt_unlock(st, cudaErrorInvalidValue);
  node->u.event = event;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event)
{
  return event_node_get(node, cudaGraphNodeTypeEventRecord, event);
}

cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
  return event_node_set(node, cudaGraphNodeTypeEventRecord, event);
}

cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event)
{
  return event_node_get(node, cudaGraphNodeTypeWaitEvent, event);
}

cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
  return event_node_set(node, cudaGraphNodeTypeWaitEvent, event);
}

cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                     const cudaGraphNode_t *deps, size_t n_deps,
                                     struct cudaMemAllocNodeParams *params)
{
  rt_state *st = rt_lock();
  if (!node || !params || !rt_graph_is_valid(graph) || params->bytesize == 0)
    return rt_unlock(st, cudaErrorInvalidValue);
  /* Device memory of device 0, pinned, as the pools allow. */
  const struct cudaMemPoolProps *pp = &params->poolProps;
  if (pp->allocType != cudaMemAllocationTypePinned ||
      pp->location.type != cudaMemLocationTypeDevice || pp->location.id != 0)
    return rt_unlock(st, cudaErrorInvalidValue);
  cudaError_t e = rt_context(st);
  if (e != cudaSuccess)
    return rt_unlock(st, e);
  rt_graph_mem *m = rt_graph_mem_new(st, params->bytesize, &e);
  if (!m)
    return rt_unlock(st, e);
  cudaGraphNode_t n = rt_graph_add(graph, cudaGraphNodeTypeMemAlloc, deps, n_deps, &e);
  if (!n) {
    rt_graph_mem_unref(st, m);
    return rt_unlock(st, e);
  }
  n->u.alloc.mem = m;
  n->u.alloc.params = *params;
  n->u.alloc.params.accessDescs = NULL; /* the program's array may go */
  n->u.alloc.params.accessDescCount = 0;
  n->u.alloc.params.dptr = params->dptr = m->base;
  *node = n;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node,
                                           struct cudaMemAllocNodeParams *out)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || node->type != cudaGraphNodeTypeMemAlloc || !out)
    return rt_unlock(st, cudaErrorInvalidValue);
  *out = node->u.alloc.params;
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                    const cudaGraphNode_t *deps, size_t n_deps, void *dptr)
{
  rt_state *st = rt_lock();
  cudaError_t e = cudaErrorInvalidValue;
  if (!node || !rt_graph_mem_find(dptr))
    return rt_unlock(st, e);
  cudaGraphNode_t n = rt_graph_add(graph, cudaGraphNodeTypeMemFree, deps, n_deps, &e);
  if (n) {
    n->u.free_ptr = dptr;
    *node = n;
  }
  return rt_unlock(st, e);
}

cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out)
{
  rt_state *st = rt_lock();
  if (!rt_graph_node_is_valid(node) || node->type != cudaGraphNodeTypeMemFree || !dptr_out)
    return rt_unlock(st, cudaErrorInvalidValue);
  memcpy(dptr_out, &node->u.free_ptr, sizeof(void *));
  return rt_unlock(st, cudaSuccess);
}

/* ---- graph memory attributes ---------------------------------------------- */

cudaError_t cudaDeviceGraphMemTrim(int device)
{
  rt_state *st = rt_lock();
  if (device != 0)
    return rt_unlock(st, cudaErrorInvalidDevice);
  /* Unused memory is given back as soon as it is unused: nothing is
   * cached to trim. */
  return rt_unlock(st, rt_context(st));
}

cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr,
                                           void *value)
{
  rt_state *st = rt_lock();
  if (device != 0)
    return rt_unlock(st, cudaErrorInvalidDevice);
  if (!value)
    return rt_unlock(st, cudaErrorInvalidValue);
  uint64_t v;
  switch (attr) {
  case cudaGraphMemAttrUsedMemCurrent: v = mem_used; break;
  case cudaGraphMemAttrUsedMemHigh: v = mem_used_high; break;
  case cudaGraphMemAttrReservedMemCurrent: v = mem_reserved; break;
  case cudaGraphMemAttrReservedMemHigh: v = mem_reserved_high; break;
  default: return rt_unlock(st, cudaErrorInvalidValue);
  }
  memcpy(value, &v, sizeof v);
  return rt_unlock(st, cudaSuccess);
}

cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr,
                                           void *value)
{
  rt_state *st = rt_lock();
  if (device != 0)
    return rt_unlock(st, cudaErrorInvalidDevice);
  if (!value)
    return rt_unlock(st, cudaErrorInvalidValue);
  uint64_t v;
  memcpy(&v, value, sizeof v);
  /* Only the watermarks can be set, and only to 0 (a reset to the
   * current amount). */
  switch (attr) {
  case cudaGraphMemAttrUsedMemHigh: mem_used_high = mem_used; break;
  case cudaGraphMemAttrReservedMemHigh: mem_reserved_high = mem_reserved; break;
  default: return rt_unlock(st, cudaErrorInvalidValue);
  }
  return rt_unlock(st, v == 0 ? cudaSuccess : cudaErrorInvalidValue);
}
