/* bfs_csr_ref.h -- inputs, CPU reference and checks of
 * benchmarks/cuda/bfs_csr.cu, shared by tests/drivers/check_bfs_csr.c and
 * tests/exec/bfs_csr.cu: a random graph, its first two BFS levels on the
 * CPU, and the third level's step.  dist, flags and the counts are
 * deterministic; the queue order is not (atomics), so the queue is compared
 * as a sorted set. */
#ifndef PTXSIM_TESTS_REF_BFS_CSR_REF_H
#define PTXSIM_TESTS_REF_BFS_CSR_REF_H

#include <stdlib.h>

#include "ref_util.h"

#define NV 300
#define MAXE (NV * 8)

typedef struct graph {
  int32_t row_ptr[NV + 1];
  int32_t col_idx[MAXE];
  int32_t dist[NV];
  int32_t frontier[NV]; /* flags */
  int32_t queue[NV];
  int nq;
} graph;

/* a random graph, BFS from vertices 1 and 2 run on the CPU for two levels so
 * that the frontier (level 2) has visited and unvisited neighbours */
static inline void make_graph(graph *g, uint64_t seed)
{
  ref_rng r;
  int e = 0;
  ref_rng_seed(&r, seed);
  for (int u = 0; u < NV; u++) {
    g->row_ptr[u] = e;
    int deg = (u % 10 == 0) ? 0 : ref_rand_range(&r, 1, 7);
    for (int k = 0; k < deg; k++)
      g->col_idx[e++] = ref_rand_range(&r, 0, NV - 1);
  }
  g->row_ptr[NV] = e;
  for (int v = 0; v < NV; v++)
    g->dist[v] = -1;
  int cur[NV], nc = 0, next[NV], nn;
  g->dist[1] = g->dist[2] = 0;
  cur[nc++] = 1;
  cur[nc++] = 2;
  for (int level = 0; level < 2; level++) {
    nn = 0;
    for (int q = 0; q < nc; q++)
      for (int k = g->row_ptr[cur[q]]; k < g->row_ptr[cur[q] + 1]; k++) {
        int v = g->col_idx[k];
        if (g->dist[v] == -1) {
          g->dist[v] = level + 1;
          next[nn++] = v;
        }
      }
    memcpy(cur, next, (size_t)nn * sizeof cur[0]);
    nc = nn;
  }
  memset(g->frontier, 0, sizeof g->frontier);
  for (int q = 0; q < nc; q++) {
    g->frontier[cur[q]] = 1;
    g->queue[q] = cur[q];
  }
  g->nq = nc;
}

/* the level-2 step on the CPU */
static inline int cpu_step(const graph *g, int32_t *dist, int32_t *flags_out, int32_t *reached)
{
  int cnt = 0;
  for (int q = 0; q < g->nq; q++) {
    int u = g->queue[q];
    for (int k = g->row_ptr[u]; k < g->row_ptr[u + 1]; k++) {
      int v = g->col_idx[k];
      if (dist[v] == -1) {
        dist[v] = 3;
        flags_out[v] = 1;
        reached[cnt++] = v;
      }
    }
  }
  return cnt;
}

static inline int cmp_i32(const void *a, const void *b)
{
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

/* The graph of seed with its level-2 frontier, and the level-2 step:
 * dist, flags (zeroed first) and the vertices reached; returns their count.
 * The graph must give the kernels something to do. */
static inline int bfs_level2(const ref_check *ck, graph *g, uint64_t seed, int32_t *dist,
                             int32_t *flags, int32_t *reached)
{
  make_graph(g, seed);
  memcpy(dist, g->dist, sizeof g->dist);
  memset(flags, 0, NV * sizeof flags[0]);
  int cnt = cpu_step(g, dist, flags, reached);
  ref_expect(ck, g->nq > 1 && cnt > 1, "bfs_csr: test graph too small (frontier %d, reached %d)",
             g->nq, cnt);
  return cnt;
}

/* bfs_step_queue's output: its size, then its elements as a set (got_q is
 * sorted in place). */
static inline void bfs_queue_check(const ref_check *ck, int32_t cnt, int32_t got_cnt,
                                   int32_t *reached, int32_t *got_q)
{
  if (ref_expect_i32(ck, "bfs_step_queue", "queue_out_size", &cnt, &got_cnt, 1) == 0) {
    qsort(reached, (size_t)cnt, sizeof reached[0], cmp_i32);
    qsort(got_q, (size_t)cnt, sizeof got_q[0], cmp_i32);
    ref_expect_i32(ck, "bfs_step_queue", "sorted queue_out", reached, got_q, (size_t)cnt);
  }
}

#endif /* PTXSIM_TESTS_REF_BFS_CSR_REF_H */
