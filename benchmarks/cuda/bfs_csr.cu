// bfs_csr.cu - one level of a breadth-first search over a graph in CSR form.
//
// Exercises: indirect (data-dependent) global loads through row_ptr/col_idx, a loop with a
//   data-dependent trip count per thread (divergent), atom.global.cas.b32 to claim a vertex,
//   atom.global.add.u32 with a used result (queue slot), flag arrays.
//
// CSR: vertex u's neighbours are col_idx[row_ptr[u] .. row_ptr[u+1]-1]; row_ptr has n+1 entries.
// dist[v] == -1 means unvisited.
//
// Kernels:
//   bfs_step_flags(const int *row_ptr, const int *col_idx, const int *frontier_in,
//                  int *frontier_out, int *dist, int n, int level, int *out_count)
//     frontier_in/out are n flags (0/1). The host zeroes frontier_out and *out_count.
//   bfs_step_queue(const int *row_ptr, const int *col_idx, const int *queue_in, int queue_in_size,
//                  int *queue_out, int *queue_out_size, int *dist, int level)
//     queue_in holds queue_in_size vertex ids; the host zeroes *queue_out_size.
// Launch: any 1-D grid and block; thread g handles vertex g (flags) or queue entry g (queue).
// CPU reference (both): for every frontier vertex u (frontier_in[u] != 0, resp. u in
//   queue_in) and every neighbour v of u with dist[v] == -1: dist[v] = level + 1 and v joins
//   the output frontier (frontier_out[v] = 1 / appended to queue_out) exactly once;
//   *out_count (*queue_out_size) = number of newly reached vertices. dist, frontier_out and
//   the counts are deterministic; the ORDER of queue_out is not (compare it as a sorted set).

extern "C" __global__ void bfs_step_flags(const int *row_ptr, const int *col_idx, const int *frontier_in,
                                          int *frontier_out, int *dist, int n, int level, int *out_count)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= n || frontier_in[u] == 0)
        return;
    int begin = row_ptr[u], end = row_ptr[u + 1];
    for (int e = begin; e < end; ++e) {
        int v = col_idx[e];
        if (dist[v] != -1)
            continue;
        if (atomicCAS(&dist[v], -1, level + 1) == -1) {
            frontier_out[v] = 1;
            atomicAdd(out_count, 1);
        }
    }
}

extern "C" __global__ void bfs_step_queue(const int *row_ptr, const int *col_idx, const int *queue_in,
                                          int queue_in_size, int *queue_out, int *queue_out_size,
                                          int *dist, int level)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= queue_in_size)
        return;
    int u = queue_in[g];
    for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e) {
        int v = col_idx[e];
        if (atomicCAS(&dist[v], -1, level + 1) == -1) {
            int slot = atomicAdd(queue_out_size, 1);
            queue_out[slot] = v;
        }
    }
}
