/* cudart_graph.h -- CUDA graphs: the records behind cudaGraph_t,
 * cudaGraphNode_t and cudaGraphExec_t, and the hooks through which stream
 * capture (cudart_capture.c) records the work issued to a capturing stream.
 *
 * A graph is a list of nodes in creation order; each node keeps its
 * dependencies (edges in) and dependents (edges out).  An executable graph
 * (cudart_graph_exec.c) is a deep copy of a graph made at instantiation,
 * its nodes in one dependency (topological) order; launching it runs them
 * in that order, each to completion, on the calling thread, like the
 * stream operations they stand for.  Every node is copied, so a graph may
 * be changed or destroyed after instantiation.
 *
 * Memory nodes: a memory-allocation node reserves its device memory when
 * it is created (so its address is known at once, as CUDA fixes it then);
 * launching the node makes the allocation live, a memory-free node (or
 * cudaFree / cudaFreeAsync) ends it.  The memory is given back when no
 * node refers to it and it is not live (cudaDeviceGraphMemTrim also trims
 * nothing more: there is no cache behind it).
 */
#ifndef PTXSIM_RUNTIME_CUDART_GRAPH_H
#define PTXSIM_RUNTIME_CUDART_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/cudart_state.h"

typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;

/* The CUDA 13 parameter structs (driver_types.h). */
struct cudaKernelNodeParams {
  void *func;
  dim3 gridDim;
  dim3 blockDim;
  unsigned sharedMemBytes;
  void **kernelParams;
  void **extra;
};

struct cudaMemsetParams {
  void *dst;
  size_t pitch;
  unsigned value;
  unsigned elementSize;
  size_t width;
  size_t height;
};

struct cudaHostNodeParams {
  cudaHostFn_t fn;
  void *userData;
};

struct cudaMemAllocNodeParams {
  struct cudaMemPoolProps poolProps;
  const struct cudaMemAccessDesc *accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  void *dptr;
};

typedef struct cudaGraphEdgeData_st {
  unsigned char from_port, to_port, type;
  unsigned char reserved[5];
} cudaGraphEdgeData;

enum cudaGraphNodeType {
  cudaGraphNodeTypeKernel = 0x00,
  cudaGraphNodeTypeMemcpy = 0x01,
  cudaGraphNodeTypeMemset = 0x02,
  cudaGraphNodeTypeHost = 0x03,
  cudaGraphNodeTypeGraph = 0x04,
  cudaGraphNodeTypeEmpty = 0x05,
  cudaGraphNodeTypeWaitEvent = 0x06,
  cudaGraphNodeTypeEventRecord = 0x07,
  cudaGraphNodeTypeMemAlloc = 0x0a,
  cudaGraphNodeTypeMemFree = 0x0b
};

enum cudaStreamCaptureMode {
  cudaStreamCaptureModeGlobal = 0,
  cudaStreamCaptureModeThreadLocal = 1,
  cudaStreamCaptureModeRelaxed = 2
};

enum cudaGraphMemAttributeType {
  cudaGraphMemAttrUsedMemCurrent = 0,
  cudaGraphMemAttrUsedMemHigh = 1,
  cudaGraphMemAttrReservedMemCurrent = 2,
  cudaGraphMemAttrReservedMemHigh = 3
};

enum cudaGraphExecUpdateResult {
  cudaGraphExecUpdateSuccess = 0,
  cudaGraphExecUpdateError = 1,
  cudaGraphExecUpdateErrorTopologyChanged = 2,
  cudaGraphExecUpdateErrorNodeTypeChanged = 3,
  cudaGraphExecUpdateErrorFunctionChanged = 4,
  cudaGraphExecUpdateErrorParametersChanged = 5,
  cudaGraphExecUpdateErrorNotSupported = 6
};

typedef struct cudaGraphExecUpdateResultInfo_st {
  enum cudaGraphExecUpdateResult result;
  cudaGraphNode_t errorNode;
  cudaGraphNode_t errorFromNode;
} cudaGraphExecUpdateResultInfo;

typedef enum cudaGraphInstantiateResult {
  cudaGraphInstantiateSuccess = 0,
  cudaGraphInstantiateError = 1,
  cudaGraphInstantiateInvalidStructure = 2,
  cudaGraphInstantiateNodeOperationNotSupported = 3
} cudaGraphInstantiateResult;

typedef struct cudaGraphInstantiateParams_st {
  unsigned long long flags;
  cudaStream_t uploadStream;
  cudaGraphNode_t errNode_out;
  cudaGraphInstantiateResult result_out;
} cudaGraphInstantiateParams;

#define RT_GRAPH_INSTANTIATE_AUTO_FREE 1ull
#define RT_GRAPH_INSTANTIATE_UPLOAD 2ull
#define RT_GRAPH_INSTANTIATE_DEVICE_LAUNCH 4ull
#define RT_GRAPH_INSTANTIATE_NODE_PRIORITY 8ull

_Static_assert(sizeof(struct cudaKernelNodeParams) == 56, "cudaKernelNodeParams");
_Static_assert(sizeof(struct cudaMemsetParams) == 40, "cudaMemsetParams");
_Static_assert(sizeof(struct cudaMemAllocNodeParams) == 120, "cudaMemAllocNodeParams");
_Static_assert(sizeof(cudaGraphEdgeData) == 8, "cudaGraphEdgeData");
_Static_assert(sizeof(cudaGraphInstantiateParams) == 32, "cudaGraphInstantiateParams");

/* One allocation of a memory-allocation node (see above). */
typedef struct rt_graph_mem {
  void *base;
  size_t size;
  unsigned n_nodes;  /* alloc nodes (graphs and executable graphs) using it */
  bool is_live;      /* allocated by a launch and not freed yet */
} rt_graph_mem;

/* A kernel node's launch, with copies of its arguments. */
typedef struct rt_graph_kernel {
  rt_kernel *k;
  dim3 grid, block;
  unsigned shmem;
  size_t n_args;
  void **args;       /* n_args pointers into arg_bytes */
  unsigned char *arg_bytes;
  size_t arg_total;  /* bytes of arg_bytes */
} rt_graph_kernel;

struct CUgraphNode_st {
  enum cudaGraphNodeType type;
  cudaGraph_t graph;
  cudaGraphNode_t *deps, *outs; /* edges in and out */
  size_t n_deps, cap_deps, n_outs, cap_outs;
  cudaGraphNode_t orig;         /* clones: the node it copies */
  bool is_disabled;             /* cudaGraphNodeSetEnabled (executable graphs) */
  union {
    rt_graph_kernel kernel;
    struct cudaMemcpy3DParms copy;
    struct cudaMemsetParams set;
    struct cudaHostNodeParams host;
    cudaGraph_t child;
    cudaEvent_t event;          /* record and wait */
    struct {
      rt_graph_mem *mem;
      struct cudaMemAllocNodeParams params;
    } alloc;
    void *free_ptr;
  } u;
};

struct CUgraph_st {
  cudaGraphNode_t *nodes;       /* creation order */
  size_t n_nodes, cap_nodes;
  cudaGraph_t orig;             /* clones */
};

struct CUgraphExec_st {
  cudaGraph_t graph;            /* the private copy */
  unsigned long long flags;
};

/* ---- the graph files' shared helpers (cudart_graph.c) ------------------- */

/* Whether g is a live graph handle. */
bool rt_graph_is_valid(cudaGraph_t g);
/* Whether n is a live node handle. */
bool rt_graph_node_is_valid(cudaGraphNode_t n);
/* A new empty graph (registered as a handle), or NULL. */
cudaGraph_t rt_graph_new(void);
/* Destroys g and its nodes (child graphs included). */
void rt_graph_free(cudaGraph_t g);
/* Adds a node of the type with deps; copies of its parameters are set by
 * the caller (cleared here).  Returns the node, or NULL: *e says why. */
cudaGraphNode_t rt_graph_add(cudaGraph_t g, enum cudaGraphNodeType type,
                             const cudaGraphNode_t *deps, size_t n_deps, cudaError_t *e);
/* Copies a kernel launch (its arguments too) into out; st's device must
 * exist. */
cudaError_t rt_graph_kernel_set(rt_state *st, rt_graph_kernel *out, rt_kernel *k, dim3 grid,
                                dim3 block, unsigned shmem, void **args);
void rt_graph_kernel_clear(rt_graph_kernel *gk);
/* A deep copy of g (nodes know their originals through orig), or NULL. */
cudaGraph_t rt_graph_copy(cudaGraph_t g);
/* The graph memory a node allocation uses (n_nodes counted). */
rt_graph_mem *rt_graph_mem_new(rt_state *st, size_t size, cudaError_t *e);
void rt_graph_mem_unref(rt_state *st, rt_graph_mem *m);
/* Whether p is graph memory, and freeing it (a launch's free node, or
 * cudaFree / cudaFreeAsync): cudaErrorInvalidValue when it is not live. */
rt_graph_mem *rt_graph_mem_find(const void *p);
cudaError_t rt_graph_mem_free(rt_state *st, rt_graph_mem *m);
void rt_graph_mem_alloc(rt_graph_mem *m);

/* ---- stream capture (cudart_capture.c) ----------------------------------- */

/* Whether work issued to stream must be recorded instead of run. */
bool rt_capture_is_capturing(rt_state *st, cudaStream_t stream);
/* The check before a "potentially unsafe" call (cudaMalloc,
 * cudaDeviceSynchronize) while the calling thread's capture mode forbids
 * it: cudaSuccess, or cudaErrorStreamCaptureUnsupported with the
 * captures concerned invalidated. */
cudaError_t rt_capture_check_unsafe(rt_state *st);
/* The check before work issued to a stream that is not capturing: work on
 * the legacy stream while a blocking stream captures gives
 * cudaErrorStreamCaptureImplicit and invalidates that capture. */
cudaError_t rt_capture_check_legacy(rt_state *st, cudaStream_t stream);
/* Recording an operation issued to a capturing stream. */
cudaError_t rt_capture_kernel(rt_state *st, rt_kernel *k, dim3 grid, dim3 block, size_t shmem,
                              cudaStream_t stream, void **args);
cudaError_t rt_capture_memcpy(rt_state *st, void *dst, const void *src, size_t n,
                              enum cudaMemcpyKind kind, cudaStream_t stream);
cudaError_t rt_capture_memset(rt_state *st, void *dst, int value, size_t n, cudaStream_t stream);
cudaError_t rt_capture_host(rt_state *st, cudaHostFn_t fn, void *data, cudaStream_t stream);
cudaError_t rt_capture_malloc(rt_state *st, void **ptr, size_t size, cudaStream_t stream);
cudaError_t rt_capture_free(rt_state *st, void *ptr, cudaStream_t stream);
cudaError_t rt_capture_graph(rt_state *st, cudaGraph_t g, cudaStream_t stream);
/* Event record and wait: true when capture took the operation (*e its
 * result); a record outside capture forgets the event's captured state. */
bool rt_capture_event_record(rt_state *st, cudaEvent_t event, cudaStream_t stream,
                             cudaError_t *e);
bool rt_capture_event_wait(rt_state *st, cudaStream_t stream, cudaEvent_t event, cudaError_t *e);
/* A destroyed stream or event leaves capture: a stream that began a
 * capture ends it (its graph is lost), another stops capturing. */
void rt_capture_forget(rt_state *st, cudaStream_t stream, cudaEvent_t event);
/* Synchronising or querying a capturing stream: the error, or cudaSuccess. */
cudaError_t rt_capture_check_sync(rt_state *st, cudaStream_t stream);

/* ---- executable graphs (cudart_graph_exec.c) ---------------------------- */

/* g's nodes in one dependency order (malloc'd, g->n_nodes of them), or
 * NULL: *e is cudaErrorInvalidValue for a cycle, or out of memory. */
cudaGraphNode_t *rt_graph_sort(cudaGraph_t g, cudaError_t *e);
/* Runs a graph's nodes in a dependency order (a launch, or a child graph). */
cudaError_t rt_graph_run(rt_state *st, cudaGraph_t g, cudaStream_t stream);

/* ---- the entry points (CUDA 13's cuda_runtime_api.h) ---------------------- */
cudaError_t cudaGraphCreate(cudaGraph_t *graph, unsigned flags);
cudaError_t cudaGraphDestroy(cudaGraph_t graph);
cudaError_t cudaGraphClone(cudaGraph_t *clone, cudaGraph_t graph);
cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *node, cudaGraphNode_t orig,
                                     cudaGraph_t clone);
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *count);
cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *roots, size_t *count);
cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                              cudaGraphEdgeData *data, size_t *count);
cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *deps,
                                         cudaGraphEdgeData *data, size_t *count);
cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *outs,
                                           cudaGraphEdgeData *data, size_t *count);
cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                     const cudaGraphNode_t *to, const cudaGraphEdgeData *data,
                                     size_t n);
cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                        const cudaGraphNode_t *to, const cudaGraphEdgeData *data,
                                        size_t n);
cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node);
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *type);
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                   const cudaGraphNode_t *deps, size_t n_deps,
                                   const struct cudaKernelNodeParams *params);
cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams *p);
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
                                         const struct cudaKernelNodeParams *p);
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                   const cudaGraphNode_t *deps, size_t n_deps,
                                   const struct cudaMemcpy3DParms *params);
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *node, cudaGraph_t graph,
                                     const cudaGraphNode_t *deps, size_t n_deps, void *dst,
                                     const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *p);
cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const struct cudaMemcpy3DParms *p);
cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src,
                                           size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                   const cudaGraphNode_t *deps, size_t n_deps,
                                   const struct cudaMemsetParams *params);
cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *p);
cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct cudaMemsetParams *p);
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                 const cudaGraphNode_t *deps, size_t n_deps,
                                 const struct cudaHostNodeParams *params);
cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *p);
cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const struct cudaHostNodeParams *p);
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                       const cudaGraphNode_t *deps, size_t n_deps,
                                       cudaGraph_t child);
cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *graph);
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                  const cudaGraphNode_t *deps, size_t n_deps);
cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                        const cudaGraphNode_t *deps, size_t n_deps,
                                        cudaEvent_t event);
cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                      const cudaGraphNode_t *deps, size_t n_deps,
                                      cudaEvent_t event);
cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event);
cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event);
cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event);
cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event);
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                     const cudaGraphNode_t *deps, size_t n_deps,
                                     struct cudaMemAllocNodeParams *params);
cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node,
                                           struct cudaMemAllocNodeParams *out);
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                    const cudaGraphNode_t *deps, size_t n_deps, void *dptr);
cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out);
cudaError_t cudaDeviceGraphMemTrim(int device);
cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr,
                                           void *value);
cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr,
                                           void *value);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *exec, cudaGraph_t graph,
                                 unsigned long long flags);
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *exec, cudaGraph_t graph,
                                          unsigned long long flags);
cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *exec, cudaGraph_t graph,
                                           cudaGraphInstantiateParams *params);
cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t exec, unsigned long long *flags);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec);
cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t stream);
cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream);
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph,
                                cudaGraphExecUpdateResultInfo *info);
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *p);
cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const struct cudaMemcpy3DParms *p);
cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t exec, cudaGraphNode_t node,
                                               void *dst, const void *src, size_t count,
                                               enum cudaMemcpyKind kind);
cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const struct cudaMemsetParams *p);
cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                           const struct cudaHostNodeParams *p);
cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                                 cudaGraph_t child);
cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t exec, cudaGraphNode_t node,
                                                 cudaEvent_t event);
cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t exec, cudaGraphNode_t node,
                                               cudaEvent_t event);
cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t exec, cudaGraphNode_t node, unsigned on);
cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t exec, cudaGraphNode_t node, unsigned *on);
extern __typeof__(cudaGraphInstantiateWithParams) cudaGraphInstantiateWithParams_ptsz;
extern __typeof__(cudaGraphUpload) cudaGraphUpload_ptsz;
extern __typeof__(cudaGraphLaunch) cudaGraphLaunch_ptsz;
cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
                                          const cudaGraphNode_t *deps,
                                          const cudaGraphEdgeData *data, size_t n_deps,
                                          enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *graph);
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *status,
                                     unsigned long long *id, cudaGraph_t *graph,
                                     const cudaGraphNode_t **deps,
                                     const cudaGraphEdgeData **edge_data, size_t *n_deps);
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *deps,
                                                const cudaGraphEdgeData *data, size_t n,
                                                unsigned flags);
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode);
extern __typeof__(cudaStreamBeginCapture) cudaStreamBeginCapture_ptsz;
extern __typeof__(cudaStreamBeginCaptureToGraph) cudaStreamBeginCaptureToGraph_ptsz;
extern __typeof__(cudaStreamEndCapture) cudaStreamEndCapture_ptsz;
extern __typeof__(cudaStreamGetCaptureInfo) cudaStreamGetCaptureInfo_ptsz;
extern __typeof__(cudaStreamUpdateCaptureDependencies) cudaStreamUpdateCaptureDependencies_ptsz;
cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *node, cudaGraph_t graph,
                                           const cudaGraphNode_t *deps, size_t n_deps,
                                           const void *symbol, const void *src, size_t count,
                                           size_t offset, enum cudaMemcpyKind kind);
cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *node, cudaGraph_t graph,
                                             const cudaGraphNode_t *deps, size_t n_deps,
                                             void *dst, const void *symbol, size_t count,
                                             size_t offset, enum cudaMemcpyKind kind);
cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t node, const void *symbol,
                                                 const void *src, size_t count, size_t offset,
                                                 enum cudaMemcpyKind kind);
cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t node, void *dst,
                                                   const void *symbol, size_t count,
                                                   size_t offset, enum cudaMemcpyKind kind);
cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t exec, cudaGraphNode_t node,
                                                     const void *symbol, const void *src,
                                                     size_t count, size_t offset,
                                                     enum cudaMemcpyKind kind);
cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t exec,
                                                       cudaGraphNode_t node, void *dst,
                                                       const void *symbol, size_t count,
                                                       size_t offset, enum cudaMemcpyKind kind);

#endif /* PTXSIM_RUNTIME_CUDART_GRAPH_H */
