/* bfs_csr.cu -- CUDA host program for benchmarks/cuda/bfs_csr.cu; the scenarios,
 * inputs and CPU reference of tests/drivers/check_bfs_csr.c: one BFS level with
 * frontier flags and with a queue.  dist, flags and the counts are deterministic;
 * the queue order is not (atomics), so the queue is compared as a sorted set. */
#include "../../benchmarks/cuda/bfs_csr.cu"
#include "exec_util.h"

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
static void make_graph(graph *g, uint64_t seed)
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
static int cpu_step(const graph *g, int32_t *dist, int32_t *flags_out, int32_t *reached)
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

static int cmp_i32(const void *a, const void *b)
{
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

static void test_bfs_step_flags(void)
{
  static graph g;
  int32_t dist[NV], flags[NV], reached[NV], got_dist[NV], got_flags[NV], cnt, got_cnt = 0;

  ex_begin("bfs_step_flags");
  make_graph(&g, 25);
  memcpy(dist, g.dist, sizeof dist);
  memset(flags, 0, sizeof flags);
  cnt = cpu_step(&g, dist, flags, reached);
  ex_expect(g.nq > 1 && cnt > 1, "bfs_csr: test graph too small (frontier %d, reached %d)", g.nq,
            cnt);
  int *drp = ex_upload(g.row_ptr, sizeof g.row_ptr);
  int *dci = ex_upload(g.col_idx, sizeof g.col_idx);
  int *dfi = ex_upload(g.frontier, sizeof g.frontier);
  int *dfo = ex_alloc_fill<int>(sizeof flags, 0);
  int *dd = ex_upload(g.dist, sizeof g.dist);
  int *dcnt = ex_alloc_fill<int>(sizeof cnt, 0);
  bfs_step_flags<<<ex_cdiv(NV, 64), 64>>>(drp, dci, dfi, dfo, dd, NV, 2, dcnt);
  EX_LAUNCHED("bfs_step_flags");
  ex_download(got_dist, dd, sizeof got_dist);
  ex_download(got_flags, dfo, sizeof got_flags);
  ex_download(&got_cnt, dcnt, sizeof got_cnt);
  ex_expect_i32("bfs_step_flags", "dist", dist, got_dist, NV);
  ex_expect_i32("bfs_step_flags", "frontier_out", flags, got_flags, NV);
  ex_expect_i32("bfs_step_flags", "out_count", &cnt, &got_cnt, 1);
  ex_end();
}

static void test_bfs_step_queue(void)
{
  static graph g;
  int32_t dist[NV], flags[NV], reached[NV], got_dist[NV], got_q[NV], cnt, got_cnt = 0;

  ex_begin("bfs_step_queue");
  make_graph(&g, 26);
  memcpy(dist, g.dist, sizeof dist);
  memset(flags, 0, sizeof flags);
  cnt = cpu_step(&g, dist, flags, reached);
  ex_expect(g.nq > 1 && cnt > 1, "bfs_csr: test graph too small (frontier %d, reached %d)", g.nq,
            cnt);
  int *drp = ex_upload(g.row_ptr, sizeof g.row_ptr);
  int *dci = ex_upload(g.col_idx, sizeof g.col_idx);
  int *dqi = ex_upload(g.queue, sizeof g.queue);
  int *dqo = ex_alloc_fill<int>(sizeof got_q, 0xff);
  int *dqn = ex_alloc_fill<int>(sizeof cnt, 0);
  int *dd = ex_upload(g.dist, sizeof g.dist);
  int nq = g.nq;
  bfs_step_queue<<<ex_cdiv((unsigned)nq, 32), 32>>>(drp, dci, dqi, nq, dqo, dqn, dd, 2);
  EX_LAUNCHED("bfs_step_queue");
  ex_download(got_dist, dd, sizeof got_dist);
  ex_download(got_q, dqo, sizeof got_q);
  ex_download(&got_cnt, dqn, sizeof got_cnt);
  ex_expect_i32("bfs_step_queue", "dist", dist, got_dist, NV);
  if (ex_expect_i32("bfs_step_queue", "queue_out_size", &cnt, &got_cnt, 1) == 0) {
    qsort(reached, (size_t)cnt, sizeof reached[0], cmp_i32);
    qsort(got_q, (size_t)cnt, sizeof got_q[0], cmp_i32);
    ex_expect_i32("bfs_step_queue", "sorted queue_out", reached, got_q, (size_t)cnt);
  }
  ex_end();
}

int main(void)
{
  ex_init("bfs_csr");
  test_bfs_step_flags();
  test_bfs_step_queue();
  return ex_finish();
}
