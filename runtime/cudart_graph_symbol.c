/* cudart_graph_symbol.c -- memcpy nodes to and from a __device__ or
 * __constant__ variable: the copy of the variable's bytes at
 * [offset, offset + count), as a memcpy node between linear memory
 * (cudaGraphMemcpyNodeGetParams reports that copy).
 */
#include "config.h"

#include <string.h>

#include "runtime/cudart_api.h"
#include "runtime/cudart_graph.h"

/* The kinds a copy to (to_device) or from a variable accepts. */
static bool is_symbol_kind(enum cudaMemcpyKind kind, bool to_device)
{
  return kind == cudaMemcpyDefault || kind == cudaMemcpyDeviceToDevice ||
         kind == (to_device ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost);
}

/* The device address of a variable's bytes at offset, checked to hold
 * count bytes, for a copy of kind to (to_device) or from it. */
static cudaError_t symbol_at(const void *symbol, size_t count, size_t offset,
                             enum cudaMemcpyKind kind, bool to_device, void **at)
{
  if (!is_symbol_kind(kind, to_device))
    return rt_unlock(rt_lock(), cudaErrorInvalidMemcpyDirection);
  void *base;
  size_t size;
  cudaError_t e = cudaGetSymbolAddress(&base, symbol);
  if (e == cudaSuccess)
    e = cudaGetSymbolSize(&size, symbol);
  if (e == cudaSuccess && (offset > size || count > size - offset))
    e = cudaErrorInvalidValue;
  if (e == cudaSuccess)
    *at = (char *)base + offset;
  return e;
}

cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *node, cudaGraph_t graph,
                                           const cudaGraphNode_t *deps, size_t n_deps,
                                           const void *symbol, const void *src, size_t count,
                                           size_t offset, enum cudaMemcpyKind kind)
{
  void *at = NULL;
  cudaError_t e = symbol_at(symbol, count, offset, kind, true, &at);
  if (e != cudaSuccess)
    return e;
  return cudaGraphAddMemcpyNode1D(node, graph, deps, n_deps, at, src, count, kind);
}

cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *node, cudaGraph_t graph,
                                             const cudaGraphNode_t *deps, size_t n_deps,
                                             void *dst, const void *symbol, size_t count,
                                             size_t offset, enum cudaMemcpyKind kind)
{
  void *at = NULL;
  cudaError_t e = symbol_at(symbol, count, offset, kind, false, &at);
  if (e != cudaSuccess)
    return e;
  return cudaGraphAddMemcpyNode1D(node, graph, deps, n_deps, dst, at, count, kind);
}

cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t node, const void *symbol,
                                                 const void *src, size_t count, size_t offset,
                                                 enum cudaMemcpyKind kind)
{
  void *at = NULL;
  cudaError_t e = symbol_at(symbol, count, offset, kind, true, &at);
  if (e != cudaSuccess)
    return e;
  return cudaGraphMemcpyNodeSetParams1D(node, at, src, count, kind);
}

cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t node, void *dst,
                                                   const void *symbol, size_t count,
                                                   size_t offset, enum cudaMemcpyKind kind)
{
  void *at = NULL;
  cudaError_t e = symbol_at(symbol, count, offset, kind, false, &at);
  if (e != cudaSuccess)
    return e;
  return cudaGraphMemcpyNodeSetParams1D(node, dst, at, count, kind);
}

cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t exec, cudaGraphNode_t node,
                                                     const void *symbol, const void *src,
                                                     size_t count, size_t offset,
                                                     enum cudaMemcpyKind kind)
{
  void *at = NULL;
  cudaError_t e = symbol_at(symbol, count, offset, kind, true, &at);
  if (e != cudaSuccess)
    return e;
  return cudaGraphExecMemcpyNodeSetParams1D(exec, node, at, src, count, kind);
}

cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t exec,
                                                       cudaGraphNode_t node, void *dst,
                                                       const void *symbol, size_t count,
                                                       size_t offset, enum cudaMemcpyKind kind)
{
  void *at = NULL;
  cudaError_t e = symbol_at(symbol, count, offset, kind, false, &at);
  if (e != cudaSuccess)
    return e;
  return cudaGraphExecMemcpyNodeSetParams1D(exec, node, dst, at, count, kind);
}
