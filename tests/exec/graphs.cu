/* graphs.cu -- CUDA graphs as programs use them: stream capture and
 * explicit construction, instantiated once and launched repeatedly.
 *
 * Scenarios:
 *   captured     a fork/join capture over two streams: graph memory
 *                (cudaMallocAsync / cudaFreeAsync in the capture), a
 *                memset, kernels in both streams joined by events, a host
 *                function and a copy to the host; launched 3 times, each
 *                launch accumulating into a buffer and bumping a host
 *                counter, checked against a CPU reference after each.
 *   explicit     the same kinds of work built node by node: a memory
 *                allocation node, a 4-byte memset node, kernel nodes, a
 *                child graph (kernel + copy), a host node, an event record
 *                node and a memory-free node; the graph's shape read back
 *                (nodes, roots, edges, dependencies), the child cloned, and its
 *                executable graph launched 3 times.
 *   update       an executable graph whose kernel's arguments change
 *                through cudaGraphExecKernelNodeSetParams and through
 *                cudaGraphExecUpdate from a graph of the same shape; an
 *                update from a graph of another shape is refused.
 *   exec_features  cudaGraphInstantiateWithParams with an upload, a
 *                disabled node, a graph launched into a capturing stream
 *                (a child graph node), and graph memory a launch leaves
 *                allocated: a second launch is refused until it is freed
 *                (cudaFree, cudaFreeAsync), unless the executable graph
 *                frees it on launch (cudaGraphInstantiateFlagAutoFreeOnLaunch);
 *                copies to and from a __device__ variable, as nodes and
 *                captured.
 *   capture_errors  what capture refuses, with CUDA's errors: capturing the
 *                legacy stream, ending a capture that never began,
 *                synchronising a capturing stream, cudaMalloc during a
 *                global capture (allowed in relaxed mode), a fork that is
 *                not joined back, and legacy-stream work during capture;
 *                capture into the program's graph and of the per-thread
 *                stream.
 * Build: nvcc -cudart shared -arch=sm_75 -O2 (tests/exec/programs.txt).
 */
#include "exec_util.h"

#define N 1024
#define LAUNCHES 3

__device__ int sym[16];

/* x[i] = i * k + c */
__global__ void fill(int *x, int n, int k, int c)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = i * k + c;
}

/* y[i] = x[i] * k + c */
__global__ void axpc(const int *x, int *y, int n, int k, int c)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i] * k + c;
}

/* acc[i] += x[i] + y[i] */
__global__ void accumulate(int *acc, const int *x, const int *y, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    acc[i] += x[i] + y[i];
}

/* x[i] += k */
__global__ void add(int *x, int n, int k)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += k;
}

/* Expects call to fail with want (and clears the last error). */
#define EXPECT_ERROR(call, want) \
  do { \
    cudaError_t got_ = (call); \
    ex_expect(got_ == (want), "%s: expected %s, got %s", #call, cudaGetErrorName(want), \
              cudaGetErrorName(got_)); \
    (void)cudaGetLastError(); \
  } while (0)

static void CUDART_CB bump(void *counter)
{
  ++*(int *)counter;
}

static int *dev_ints(int n)
{
  int *p;
  EX_CHECK(cudaMalloc((void **)&p, n * sizeof(int)));
  return p;
}

static void download(int *host, const int *dev, int n)
{
  EX_CHECK(cudaMemcpy(host, dev, n * sizeof(int), cudaMemcpyDeviceToHost));
}

/* Host memory that graph copies use is pinned: a GPU refuses to capture
 * copies with pageable memory (they synchronise). */
static int *pinned_ints(int n)
{
  int *p;
  EX_CHECK(cudaMallocHost((void **)&p, n * sizeof(int)));
  return p;
}

static size_t count_nodes(cudaGraph_t g)
{
  size_t n = 0;
  EX_CHECK(cudaGraphGetNodes(g, NULL, &n));
  return n;
}

static void captured(void)
{
  ex_begin("captured");
  static int got[N], want_a[N], want_acc[N];
  int *host_a = pinned_ints(N);
  int *a = dev_ints(N), *b = dev_ints(N), *acc = dev_ints(N);
  EX_CHECK(cudaMemset(acc, 0, N * sizeof(int)));
  cudaStream_t s, s2;
  cudaEvent_t fork, join;
  EX_CHECK(cudaStreamCreate(&s));
  EX_CHECK(cudaStreamCreate(&s2));
  EX_CHECK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
  EX_CHECK(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));
  int counter = 0;

  EX_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  cudaStreamCaptureStatus status;
  EX_CHECK(cudaStreamIsCapturing(s, &status));
  ex_expect(status == cudaStreamCaptureStatusActive, "s is not capturing (%d)", (int)status);
  EX_CHECK(cudaStreamIsCapturing(s2, &status));
  ex_expect(status == cudaStreamCaptureStatusNone, "s2 captures before the fork");
  int *tmp;
  EX_CHECK(cudaMallocAsync((void **)&tmp, N * sizeof(int), s));
  EX_CHECK(cudaMemsetAsync(b, 0, N * sizeof(int), s));
  fill<<<N / 128, 128, 0, s>>>(tmp, N, 3, 1);
  EX_CHECK(cudaGetLastError());
  EX_CHECK(cudaEventRecord(fork, s));
  EX_CHECK(cudaStreamWaitEvent(s2, fork, 0));
  EX_CHECK(cudaStreamIsCapturing(s2, &status));
  ex_expect(status == cudaStreamCaptureStatusActive, "s2 did not join the capture");
  axpc<<<N / 128, 128, 0, s2>>>(tmp, a, N, 2, 0); /* a = 2 * tmp */
  EX_CHECK(cudaEventRecord(join, s2));
  axpc<<<N / 128, 128, 0, s>>>(tmp, b, N, 1, 1); /* b = tmp + 1 */
  EX_CHECK(cudaStreamWaitEvent(s, join, 0));
  accumulate<<<N / 128, 128, 0, s>>>(acc, a, b, N);
  EX_CHECK(cudaLaunchHostFunc(s, bump, &counter));
  EX_CHECK(cudaMemcpyAsync(host_a, a, N * sizeof(int), cudaMemcpyDeviceToHost, s));
  EX_CHECK(cudaFreeAsync(tmp, s));
  unsigned long long id = 0;
  size_t n_deps = 0;
  cudaGraph_t in_capture = NULL;
  EX_CHECK(cudaStreamGetCaptureInfo(s, &status, &id, &in_capture, NULL, NULL, &n_deps));
  ex_expect(status == cudaStreamCaptureStatusActive && in_capture && n_deps == 1,
            "capture info: status %d, %zu dependencies", (int)status, n_deps);
  ex_expect(counter == 0, "the host function ran during capture");
  cudaGraph_t g;
  EX_CHECK(cudaStreamEndCapture(s, &g));
  EX_CHECK(cudaStreamIsCapturing(s2, &status));
  ex_expect(status == cudaStreamCaptureStatusNone, "s2 still captures after the end");
  /* alloc, memset, fill, 2 axpc, accumulate, host, copy, free; events are edges. */
  ex_expect(count_nodes(g) == 9, "captured graph has %zu nodes, expected 9", count_nodes(g));

  cudaGraphExec_t x;
  EX_CHECK(cudaGraphInstantiate(&x, g, 0));
  for (int i = 0; i < N; i++) {
    int t = 3 * i + 1;
    want_a[i] = 2 * t;
    want_acc[i] = 0;
  }
  for (int l = 1; l <= LAUNCHES; l++) {
    memset(host_a, 0, N * sizeof(int));
    EX_CHECK(cudaGraphLaunch(x, s));
    EX_CHECK(cudaStreamSynchronize(s));
    for (int i = 0; i < N; i++)
      want_acc[i] += want_a[i] + (3 * i + 1) + 1;
    ex_expect_i32("captured graph", "host copy of a", want_a, host_a, (size_t)N);
    download(got, acc, N);
    ex_expect_i32("captured graph", "acc", want_acc, got, (size_t)N);
    ex_expect(counter == l, "host function ran %d times after %d launches", counter, l);
  }
  uint64_t used = 1;
  EX_CHECK(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &used));
  ex_expect(used == 0, "graph memory in use after the launches: %llu", (unsigned long long)used);
  EX_CHECK(cudaGraphExecDestroy(x));
  EX_CHECK(cudaGraphDestroy(g));
  EX_CHECK(cudaEventDestroy(fork));
  EX_CHECK(cudaEventDestroy(join));
  EX_CHECK(cudaStreamDestroy(s));
  EX_CHECK(cudaStreamDestroy(s2));
  EX_CHECK(cudaFree(a));
  EX_CHECK(cudaFree(b));
  EX_CHECK(cudaFree(acc));
  EX_CHECK(cudaFreeHost(host_a));
  ex_end();
}

static void explicit_graph(void)
{
  ex_begin("explicit");
  static int want[N], got[N];
  int *out = dev_ints(N), *acc = dev_ints(N), *host = pinned_ints(N);
  EX_CHECK(cudaMemset(acc, 0, N * sizeof(int)));
  cudaGraph_t g, child;
  EX_CHECK(cudaGraphCreate(&g, 0));
  EX_CHECK(cudaGraphCreate(&child, 0));

  /* The allocation, set to 5 everywhere (4-byte memset). */
  cudaMemAllocNodeParams ap;
  memset(&ap, 0, sizeof ap);
  ap.poolProps.allocType = cudaMemAllocationTypePinned;
  ap.poolProps.location.type = cudaMemLocationTypeDevice;
  ap.poolProps.location.id = 0;
  ap.bytesize = N * sizeof(int);
  cudaGraphNode_t n_alloc, n_set, n_fill, n_acc, n_child, n_host, n_copy, n_free, n_record;
  EX_CHECK(cudaGraphAddMemAllocNode(&n_alloc, g, NULL, 0, &ap));
  int *buf = (int *)ap.dptr;
  ex_expect(buf != NULL, "the allocation node gave no address");
  cudaMemsetParams sp;
  memset(&sp, 0, sizeof sp);
  sp.dst = buf;
  sp.value = 5;
  sp.elementSize = 4;
  sp.width = N;
  sp.height = 1;
  EX_CHECK(cudaGraphAddMemsetNode(&n_set, g, &n_alloc, 1, &sp));

  /* out = buf * 2 + 3 (kernel node; the arguments are copied now). */
  int n = N, k = 2, c = 3;
  void *args[] = {&buf, &out, &n, &k, &c};
  cudaKernelNodeParams kp;
  memset(&kp, 0, sizeof kp);
  kp.func = (void *)axpc;
  kp.gridDim = dim3(N / 128);
  kp.blockDim = dim3(128);
  kp.kernelParams = args;
  EX_CHECK(cudaGraphAddKernelNode(&n_fill, g, &n_set, 1, &kp));
  k = 1000; /* must not reach the node */

  /* The child: out += 10, then the copy of out to the host. */
  cudaGraphNode_t c_add, c_copy;
  int ten = 10;
  void *add_args[] = {&out, &n, &ten};
  cudaKernelNodeParams cp = kp;
  cp.func = (void *)add;
  cp.kernelParams = add_args;
  EX_CHECK(cudaGraphAddKernelNode(&c_add, child, NULL, 0, &cp));
  EX_CHECK(cudaGraphAddMemcpyNode1D(&c_copy, child, &c_add, 1, host, out, N * sizeof(int),
                                    cudaMemcpyDeviceToHost));
  EX_CHECK(cudaGraphAddChildGraphNode(&n_child, g, &n_fill, 1, child));

  /* acc += buf + out, independent of the child (both after n_fill). */
  void *acc_args[] = {&acc, &buf, &out, &n};
  cudaKernelNodeParams accp = kp;
  accp.func = (void *)accumulate;
  accp.kernelParams = acc_args;
  cudaGraphNode_t after_child[] = {n_child};
  EX_CHECK(cudaGraphAddKernelNode(&n_acc, g, after_child, 1, &accp));

  int counter = 0;
  cudaHostNodeParams hp = {bump, &counter};
  EX_CHECK(cudaGraphAddHostNode(&n_host, g, &n_fill, 1, &hp));
  cudaEvent_t done;
  EX_CHECK(cudaEventCreate(&done));
  cudaGraphNode_t before_free[] = {n_acc, n_host};
  EX_CHECK(cudaGraphAddEventRecordNode(&n_record, g, before_free, 2, done));
  EX_CHECK(cudaGraphAddMemFreeNode(&n_free, g, &n_record, 1, buf));
  EX_CHECK(cudaGraphAddEmptyNode(&n_copy, g, &n_free, 1));

  /* The shape read back. */
  ex_expect(count_nodes(g) == 9, "%zu nodes, expected 9", count_nodes(g));
  size_t n_roots = 0, n_edges = 0, n_in = 0;
  cudaGraphNode_t root;
  EX_CHECK(cudaGraphGetRootNodes(g, NULL, &n_roots));
  ex_expect(n_roots == 1, "%zu roots, expected 1", n_roots);
  n_roots = 1;
  EX_CHECK(cudaGraphGetRootNodes(g, &root, &n_roots));
  ex_expect(root == n_alloc, "the root is not the allocation node");
  EX_CHECK(cudaGraphGetEdges(g, NULL, NULL, NULL, &n_edges));
  ex_expect(n_edges == 9, "%zu edges, expected 9", n_edges);
  EX_CHECK(cudaGraphNodeGetDependencies(n_record, NULL, NULL, &n_in));
  ex_expect(n_in == 2, "the record node has %zu dependencies, expected 2", n_in);
  EX_CHECK(cudaGraphNodeGetDependentNodes(n_fill, NULL, NULL, &n_in));
  ex_expect(n_in == 2, "the fill node has %zu dependents, expected 2", n_in);
  cudaGraphNodeType type;
  EX_CHECK(cudaGraphNodeGetType(n_child, &type));
  ex_expect(type == cudaGraphNodeTypeGraph, "child node type %d", (int)type);
  cudaKernelNodeParams back;
  EX_CHECK(cudaGraphKernelNodeGetParams(n_fill, &back));
  ex_expect(back.func == (void *)axpc && *(int *)back.kernelParams[3] == 2,
            "kernel node parameters read back wrong");
  cudaGraph_t clone; /* of the child: no memory nodes there */
  cudaGraphNode_t in_clone;
  EX_CHECK(cudaGraphClone(&clone, child));
  EX_CHECK(cudaGraphNodeFindInClone(&in_clone, c_copy, clone));
  EX_CHECK(cudaGraphNodeGetType(in_clone, &type));
  ex_expect(count_nodes(clone) == 2 && type == cudaGraphNodeTypeMemcpy, "the clone differs");
  EX_CHECK(cudaGraphDestroy(clone));

  cudaGraphExec_t x;
  EX_CHECK(cudaGraphInstantiateWithFlags(&x, g, 0));
  EX_CHECK(cudaGraphDestroy(child)); /* the node holds its own copy */
  cudaStream_t s;
  EX_CHECK(cudaStreamCreate(&s));
  static int want_acc[N];
  memset(want_acc, 0, sizeof want_acc);
  for (int l = 1; l <= LAUNCHES; l++) {
    memset(host, 0, N * sizeof(int));
    EX_CHECK(cudaGraphLaunch(x, s));
    EX_CHECK(cudaEventSynchronize(done));
    for (int i = 0; i < N; i++) {
      want[i] = 5 * 2 + 3 + 10;
      want_acc[i] += 5 + want[i];
    }
    ex_expect_i32("explicit graph", "host copy of out", want, host, (size_t)N);
    download(got, acc, N);
    ex_expect_i32("explicit graph", "acc", want_acc, got, (size_t)N);
    ex_expect(counter == l, "host node ran %d times after %d launches", counter, l);
  }
  uint64_t used = 1, reserved = 0;
  EX_CHECK(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &used));
  EX_CHECK(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrReservedMemHigh, &reserved));
  ex_expect(used == 0 && reserved >= N * sizeof(int), "graph memory: used %llu, reserved %llu",
            (unsigned long long)used, (unsigned long long)reserved);
  EX_CHECK(cudaDeviceGraphMemTrim(0));
  EX_CHECK(cudaGraphExecDestroy(x));
  EX_CHECK(cudaGraphDestroy(g));
  EX_CHECK(cudaEventDestroy(done));
  EX_CHECK(cudaStreamDestroy(s));
  EX_CHECK(cudaFree(out));
  EX_CHECK(cudaFree(acc));
  EX_CHECK(cudaFreeHost(host));
  ex_end();
}

/* A graph of one fill node writing x[i] = i * k + c. */
static cudaGraph_t fill_graph(int **x, int *n, int *k, int *c, cudaGraphNode_t *node)
{
  cudaGraph_t g;
  EX_CHECK(cudaGraphCreate(&g, 0));
  void *args[] = {x, n, k, c};
  cudaKernelNodeParams kp;
  memset(&kp, 0, sizeof kp);
  kp.func = (void *)fill;
  kp.gridDim = dim3(N / 128);
  kp.blockDim = dim3(128);
  kp.kernelParams = args;
  EX_CHECK(cudaGraphAddKernelNode(node, g, NULL, 0, &kp));
  return g;
}

static void expect_fill(const char *what, const int *x, int k, int c)
{
  static int got[N], want[N];
  download(got, x, N);
  for (int i = 0; i < N; i++)
    want[i] = i * k + c;
  ex_expect_i32(what, "x", want, got, (size_t)N);
}

static void update(void)
{
  ex_begin("update");
  int *x = dev_ints(N), n = N, k = 2, c = 1;
  cudaGraphNode_t node, node2;
  cudaGraph_t g = fill_graph(&x, &n, &k, &c, &node);
  cudaGraphExec_t ex;
  EX_CHECK(cudaGraphInstantiate(&ex, g, 0));
  for (int l = 0; l < LAUNCHES; l++) {
    EX_CHECK(cudaGraphLaunch(ex, 0));
    EX_CHECK(cudaDeviceSynchronize());
    expect_fill("first parameters", x, 2, 1);
  }

  /* The executable graph's node alone changes. */
  k = 5;
  c = 7;
  void *args[] = {&x, &n, &k, &c};
  cudaKernelNodeParams kp;
  EX_CHECK(cudaGraphKernelNodeGetParams(node, &kp));
  kp.kernelParams = args;
  EX_CHECK(cudaGraphExecKernelNodeSetParams(ex, node, &kp));
  for (int l = 0; l < LAUNCHES; l++) {
    EX_CHECK(cudaGraphLaunch(ex, 0));
    EX_CHECK(cudaDeviceSynchronize());
    expect_fill("cudaGraphExecKernelNodeSetParams", x, 5, 7);
  }

  /* A whole graph of the same shape. */
  k = -3;
  c = 100;
  cudaGraph_t g2 = fill_graph(&x, &n, &k, &c, &node2);
  cudaGraphExecUpdateResultInfo info;
  EX_CHECK(cudaGraphExecUpdate(ex, g2, &info));
  ex_expect(info.result == cudaGraphExecUpdateSuccess, "update result %d", (int)info.result);
  for (int l = 0; l < LAUNCHES; l++) {
    EX_CHECK(cudaGraphLaunch(ex, 0));
    EX_CHECK(cudaDeviceSynchronize());
    expect_fill("cudaGraphExecUpdate", x, -3, 100);
  }

  /* Another shape: refused, and the executable graph is unchanged. */
  cudaGraphNode_t extra;
  EX_CHECK(cudaGraphAddEmptyNode(&extra, g2, &node2, 1));
  EXPECT_ERROR(cudaGraphExecUpdate(ex, g2, &info), cudaErrorGraphExecUpdateFailure);
  ex_expect(info.result == cudaGraphExecUpdateErrorTopologyChanged, "refused update result %d",
            (int)info.result);
  EX_CHECK(cudaGraphLaunch(ex, 0));
  EX_CHECK(cudaDeviceSynchronize());
  expect_fill("after a refused update", x, -3, 100);

  EX_CHECK(cudaGraphExecDestroy(ex));
  EX_CHECK(cudaGraphDestroy(g));
  EX_CHECK(cudaGraphDestroy(g2));
  EX_CHECK(cudaFree(x));
  ex_end();
}

/* A graph that allocates and never frees, so its allocation outlives
 * each launch. */
static cudaGraph_t leaky_graph(int **out)
{
  cudaGraph_t g;
  EX_CHECK(cudaGraphCreate(&g, 0));
  cudaMemAllocNodeParams ap;
  memset(&ap, 0, sizeof ap);
  ap.poolProps.allocType = cudaMemAllocationTypePinned;
  ap.poolProps.location.type = cudaMemLocationTypeDevice;
  ap.bytesize = N * sizeof(int);
  cudaGraphNode_t alloc, set;
  EX_CHECK(cudaGraphAddMemAllocNode(&alloc, g, NULL, 0, &ap));
  *out = (int *)ap.dptr;
  cudaMemsetParams sp;
  memset(&sp, 0, sizeof sp);
  sp.dst = ap.dptr;
  sp.value = 0x0102;
  sp.elementSize = 2;
  sp.width = 2 * N;
  sp.height = 1;
  EX_CHECK(cudaGraphAddMemsetNode(&set, g, &alloc, 1, &sp));
  return g;
}

static void exec_features(void)
{
  ex_begin("exec_features");
  static int got[N], want[N];
  cudaStream_t s;
  EX_CHECK(cudaStreamCreate(&s));
  int *x = dev_ints(N), n = N, k = 4, c = 0;
  cudaGraphNode_t node;
  cudaGraph_t g = fill_graph(&x, &n, &k, &c, &node);

  /* Instantiate with parameters (and an upload), then disable the node. */
  cudaGraphInstantiateParams ip;
  memset(&ip, 0, sizeof ip);
  ip.flags = cudaGraphInstantiateFlagUpload;
  ip.uploadStream = s;
  cudaGraphExec_t ex;
  EX_CHECK(cudaGraphInstantiateWithParams(&ex, g, &ip));
  ex_expect(ip.result_out == cudaGraphInstantiateSuccess, "instantiate result %d",
            (int)ip.result_out);
  unsigned long long flags = 0;
  EX_CHECK(cudaGraphExecGetFlags(ex, &flags));
  ex_expect(flags == cudaGraphInstantiateFlagUpload, "exec flags %llu", flags);
  EX_CHECK(cudaGraphUpload(ex, s));
  EX_CHECK(cudaMemset(x, 0, N * sizeof(int)));
  EX_CHECK(cudaGraphNodeSetEnabled(ex, node, 0));
  unsigned on = 1;
  EX_CHECK(cudaGraphNodeGetEnabled(ex, node, &on));
  ex_expect(on == 0, "the node is still enabled");
  EX_CHECK(cudaGraphLaunch(ex, s));
  EX_CHECK(cudaStreamSynchronize(s));
  expect_fill("disabled node", x, 0, 0);
  EX_CHECK(cudaGraphNodeSetEnabled(ex, node, 1));

  /* A graph launched into a capturing stream becomes a child graph node. */
  cudaGraph_t outer;
  EX_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  EX_CHECK(cudaGraphLaunch(ex, s));
  add<<<N / 128, 128, 0, s>>>(x, N, 1);
  EX_CHECK(cudaStreamEndCapture(s, &outer));
  cudaGraphNode_t nodes[2];
  size_t count = 2;
  cudaGraphNodeType type;
  EX_CHECK(cudaGraphGetNodes(outer, nodes, &count));
  EX_CHECK(cudaGraphNodeGetType(nodes[0], &type));
  ex_expect(count == 2 && type == cudaGraphNodeTypeGraph, "the captured launch: %zu nodes, type %d",
            count, (int)type);
  cudaGraphExec_t outer_ex;
  EX_CHECK(cudaGraphInstantiate(&outer_ex, outer, 0));
  for (int l = 0; l < LAUNCHES; l++) {
    EX_CHECK(cudaGraphLaunch(outer_ex, s));
    EX_CHECK(cudaStreamSynchronize(s));
    expect_fill("graph launched in a capture", x, 4, 1);
  }

  /* Graph memory that is not freed: a second launch is refused unless the
   * executable graph frees it on launch. */
  int *mem;
  cudaGraph_t leaky = leaky_graph(&mem);
  cudaGraphExec_t once, auto_free;
  EX_CHECK(cudaGraphInstantiate(&once, leaky, 0));
  EX_CHECK(cudaGraphLaunch(once, s));
  EX_CHECK(cudaStreamSynchronize(s));
  download(got, mem, N);
  for (int i = 0; i < N; i++)
    want[i] = 0x01020102;
  ex_expect_i32("2-byte memset node", "mem", want, got, (size_t)N);
  EXPECT_ERROR(cudaGraphLaunch(once, s), cudaErrorInvalidValue);
  EX_CHECK(cudaFree(mem));
  EX_CHECK(cudaGraphLaunch(once, s));
  EX_CHECK(cudaFreeAsync(mem, s));
  /* One executable graph at a time for a graph with memory nodes. */
  EXPECT_ERROR(cudaGraphInstantiate(&auto_free, leaky, 0), cudaErrorInvalidValue);
  EX_CHECK(cudaGraphExecDestroy(once));
  EX_CHECK(cudaGraphInstantiate(&auto_free, leaky, cudaGraphInstantiateFlagAutoFreeOnLaunch));
  for (int l = 0; l < LAUNCHES; l++)
    EX_CHECK(cudaGraphLaunch(auto_free, s));
  EX_CHECK(cudaStreamSynchronize(s));
  download(got, mem, N);
  ex_expect_i32("auto-free graph", "mem", want, got, (size_t)N);
  EX_CHECK(cudaFree(mem));

  /* Copies to and from a __device__ variable: explicit nodes, and captured. */
  int *src = pinned_ints(16), *back = pinned_ints(16), *back2 = pinned_ints(16);
  for (int i = 0; i < 16; i++)
    src[i] = 7 * i - 3;
  cudaGraph_t sg, cg;
  cudaGraphNode_t to_sym, from_sym;
  EX_CHECK(cudaGraphCreate(&sg, 0));
  EX_CHECK(cudaGraphAddMemcpyNodeToSymbol(&to_sym, sg, NULL, 0, sym, src, 16 * sizeof(int), 0,
                                          cudaMemcpyHostToDevice));
  EX_CHECK(cudaGraphAddMemcpyNodeFromSymbol(&from_sym, sg, &to_sym, 1, back, sym,
                                            8 * sizeof(int), 8 * sizeof(int),
                                            cudaMemcpyDeviceToHost));
  EX_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  EX_CHECK(cudaMemcpyFromSymbolAsync(back2, sym, 16 * sizeof(int), 0, cudaMemcpyDeviceToHost, s));
  EX_CHECK(cudaStreamEndCapture(s, &cg));
  cudaGraphExec_t sx, cx;
  EX_CHECK(cudaGraphInstantiate(&sx, sg, 0));
  EX_CHECK(cudaGraphInstantiate(&cx, cg, 0));
  EX_CHECK(cudaGraphLaunch(sx, s));
  EX_CHECK(cudaGraphLaunch(cx, s));
  EX_CHECK(cudaStreamSynchronize(s));
  ex_expect_i32("symbol nodes", "back", src + 8, back, 8);
  ex_expect_i32("captured symbol copy", "back2", src, back2, 16);
  EX_CHECK(cudaGraphExecDestroy(sx));
  EX_CHECK(cudaGraphExecDestroy(cx));
  EX_CHECK(cudaGraphDestroy(sg));
  EX_CHECK(cudaGraphDestroy(cg));
  EX_CHECK(cudaFreeHost(src));
  EX_CHECK(cudaFreeHost(back));
  EX_CHECK(cudaFreeHost(back2));

  EX_CHECK(cudaGraphExecDestroy(auto_free));
  EX_CHECK(cudaGraphExecDestroy(outer_ex));
  EX_CHECK(cudaGraphExecDestroy(ex));
  EX_CHECK(cudaGraphDestroy(leaky));
  EX_CHECK(cudaGraphDestroy(outer));
  EX_CHECK(cudaGraphDestroy(g));
  EX_CHECK(cudaStreamDestroy(s));
  EX_CHECK(cudaFree(x));
  ex_end();
}

static void capture_errors(void)
{
  ex_begin("capture_errors");
  cudaStream_t s, s2;
  cudaGraph_t g = NULL;
  EX_CHECK(cudaStreamCreate(&s));
  EX_CHECK(cudaStreamCreate(&s2));
  int *x = dev_ints(N), n = N;
  static int host[N];

  EXPECT_ERROR(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal),
               cudaErrorStreamCaptureUnsupported);
  EXPECT_ERROR(cudaStreamEndCapture(s, &g), cudaErrorIllegalState);

  /* Synchronising a capturing stream invalidates the capture. */
  EX_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  EXPECT_ERROR(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaErrorIllegalState);
  fill<<<N / 128, 128, 0, s>>>(x, n, 1, 0);
  EXPECT_ERROR(cudaStreamSynchronize(s), cudaErrorStreamCaptureUnsupported);
  cudaStreamCaptureStatus status;
  EX_CHECK(cudaStreamIsCapturing(s, &status));
  ex_expect(status == cudaStreamCaptureStatusInvalidated, "status %d after a sync", (int)status);
  EXPECT_ERROR(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
  ex_expect(g == NULL, "an invalidated capture gave a graph");

  /* cudaMalloc: refused in a global capture, allowed in a relaxed one. */
  void *p = NULL;
  EX_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  EXPECT_ERROR(cudaMalloc(&p, 256), cudaErrorStreamCaptureUnsupported);
  EXPECT_ERROR(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
  EX_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
  EX_CHECK(cudaMalloc(&p, 256));
  EX_CHECK(cudaStreamEndCapture(s, &g));
  ex_expect(count_nodes(g) == 0, "an empty capture has %zu nodes", count_nodes(g));
  EX_CHECK(cudaGraphDestroy(g));
  EX_CHECK(cudaFree(p));
  /* The thread's mode: global until exchanged. */
  cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
  EX_CHECK(cudaThreadExchangeStreamCaptureMode(&mode));
  ex_expect(mode == cudaStreamCaptureModeGlobal, "the thread's first mode is %d", (int)mode);
  EX_CHECK(cudaThreadExchangeStreamCaptureMode(&mode));

  /* A fork that is not joined back. */
  cudaEvent_t e;
  EX_CHECK(cudaEventCreate(&e));
  EX_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  fill<<<N / 128, 128, 0, s>>>(x, n, 1, 0);
  EX_CHECK(cudaEventRecord(e, s));
  EX_CHECK(cudaStreamWaitEvent(s2, e, 0));
  fill<<<N / 128, 128, 0, s2>>>(x, n, 2, 0);
  EXPECT_ERROR(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureUnjoined);

  /* The legacy stream during the capture of a blocking stream. */
  EX_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
  EXPECT_ERROR(cudaStreamIsCapturing(0, &status), cudaErrorStreamCaptureImplicit);
  EX_CHECK(cudaStreamIsCapturing(s, &status));
  ex_expect(status == cudaStreamCaptureStatusActive, "asking the legacy stream invalidated");
  EXPECT_ERROR(cudaMemcpyAsync(host, x, sizeof(int), cudaMemcpyDeviceToHost, 0),
               cudaErrorStreamCaptureImplicit);
  EXPECT_ERROR(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);

  /* Nothing captured ran. */
  EX_CHECK(cudaMemset(x, 0, N * sizeof(int)));
  EX_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  fill<<<N / 128, 128, 0, s>>>(x, n, 1, 1);
  EX_CHECK(cudaStreamEndCapture(s, &g));
  download(host, x, N);
  ex_expect(host[5] == 0, "a captured kernel ran at capture");
  cudaGraphExec_t ex;
  EX_CHECK(cudaGraphInstantiate(&ex, g, 0));
  EX_CHECK(cudaGraphLaunch(ex, s));
  EX_CHECK(cudaStreamSynchronize(s));
  download(host, x, N);
  ex_expect(host[5] == 6, "the captured kernel's launch gave %d, expected 6", host[5]);
  EX_CHECK(cudaGraphExecDestroy(ex));
  EX_CHECK(cudaGraphDestroy(g));

  /* Capture into the program's own graph, and of the per-thread stream. */
  cudaGraph_t mine, ended = NULL;
  EX_CHECK(cudaGraphCreate(&mine, 0));
  EX_CHECK(cudaStreamBeginCaptureToGraph(s, mine, NULL, NULL, 0, cudaStreamCaptureModeGlobal));
  fill<<<N / 128, 128, 0, s>>>(x, n, 1, 1);
  EX_CHECK(cudaStreamEndCapture(s, &ended));
  ex_expect(ended == mine && count_nodes(mine) == 1, "capture to a graph: %zu nodes",
            count_nodes(mine));
  EX_CHECK(cudaStreamBeginCapture(cudaStreamPerThread, cudaStreamCaptureModeGlobal));
  fill<<<N / 128, 128, 0, cudaStreamPerThread>>>(x, n, 1, 1);
  EX_CHECK(cudaStreamEndCapture(cudaStreamPerThread, &g));
  ex_expect(count_nodes(g) == 1, "per-thread stream capture: %zu nodes", count_nodes(g));
  EX_CHECK(cudaGraphDestroy(g));
  EX_CHECK(cudaGraphDestroy(mine));
  EX_CHECK(cudaEventDestroy(e));
  EX_CHECK(cudaStreamDestroy(s));
  EX_CHECK(cudaStreamDestroy(s2));
  EX_CHECK(cudaFree(x));
  ex_end();
}

int main(void)
{
  ex_init("graphs");
  captured();
  explicit_graph();
  update();
  exec_features();
  capture_errors();
  return ex_finish();
}
