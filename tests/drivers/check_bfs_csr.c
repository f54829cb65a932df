/* check_bfs_csr.c -- host driver for benchmarks/cuda/bfs_csr.cu: one BFS
 * level with frontier flags and with a queue.  dist, flags and the counts
 * are deterministic; the queue order is not (atomics), so the queue is
 * compared as a sorted set. */
#include "tests/drivers/drv_util.h"

#include <stdlib.h>
#include <string.h>

#define NV 300
#define MAXE (NV * 8)

typedef struct graph {
  int32_t row_ptr[NV + 1];
  int32_t col_idx[MAXE];
  int32_t dist[NV];
  int32_t frontier[NV];   /* flags */
  int32_t queue[NV];
  int nq;
} graph;

/* a random graph, BFS from vertex 0 run on the CPU for two levels so that
 * the frontier (level 2) has visited and unvisited neighbours */
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
  /* level 0: vertices 1 and 2 (0 has degree 0) */
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

START_TEST(test_bfs_step_flags)
{
  drv_ctx c;
  static graph g;
  int32_t dist[NV], flags[NV], reached[NV], got_dist[NV], got_flags[NV], cnt, got_cnt = 0;
  int n = NV, level = 2;

  drv_open(&c, "bfs_csr");
  make_graph(&g, 25);
  memcpy(dist, g.dist, sizeof dist);
  memset(flags, 0, sizeof flags);
  cnt = cpu_step(&g, dist, flags, reached);
  ck_assert_msg(g.nq > 1 && cnt > 1, "bfs_csr: test graph too small (frontier %d, reached %d)",
                g.nq, cnt);
  ptxsim_devptr drp = drv_upload(&c, g.row_ptr, sizeof g.row_ptr);
  ptxsim_devptr dci = drv_upload(&c, g.col_idx, sizeof g.col_idx);
  ptxsim_devptr dfi = drv_upload(&c, g.frontier, sizeof g.frontier);
  ptxsim_devptr dfo = drv_alloc_fill(&c, sizeof flags, 0);
  ptxsim_devptr dd = drv_upload(&c, g.dist, sizeof g.dist);
  ptxsim_devptr dcnt = drv_alloc_fill(&c, sizeof cnt, 0);
  drv_launch(&c, "bfs_step_flags", drv_dim(drv_cdiv(NV, 64), 1, 1), drv_dim(64, 1, 1), 0,
             DRV_ARGS(&drp, &dci, &dfi, &dfo, &dd, &n, &level, &dcnt));
  drv_download(&c, got_dist, dd, sizeof got_dist);
  drv_download(&c, got_flags, dfo, sizeof got_flags);
  drv_download(&c, &got_cnt, dcnt, sizeof got_cnt);
  drv_expect_i32("bfs_step_flags", "dist", dist, got_dist, NV);
  drv_expect_i32("bfs_step_flags", "frontier_out", flags, got_flags, NV);
  drv_expect_i32("bfs_step_flags", "out_count", &cnt, &got_cnt, 1);
  drv_close(&c);
}
END_TEST

START_TEST(test_bfs_step_queue)
{
  drv_ctx c;
  static graph g;
  int32_t dist[NV], flags[NV], reached[NV], got_dist[NV], got_q[NV], cnt, got_cnt = 0;
  int level = 2;

  drv_open(&c, "bfs_csr");
  make_graph(&g, 26);
  memcpy(dist, g.dist, sizeof dist);
  memset(flags, 0, sizeof flags);
  cnt = cpu_step(&g, dist, flags, reached);
  ck_assert_msg(g.nq > 1 && cnt > 1, "bfs_csr: test graph too small (frontier %d, reached %d)",
                g.nq, cnt);
  ptxsim_devptr drp = drv_upload(&c, g.row_ptr, sizeof g.row_ptr);
  ptxsim_devptr dci = drv_upload(&c, g.col_idx, sizeof g.col_idx);
  ptxsim_devptr dqi = drv_upload(&c, g.queue, sizeof g.queue);
  ptxsim_devptr dqo = drv_alloc_fill(&c, sizeof got_q, 0xff);
  ptxsim_devptr dqn = drv_alloc_fill(&c, sizeof cnt, 0);
  ptxsim_devptr dd = drv_upload(&c, g.dist, sizeof g.dist);
  int nq = g.nq;
  drv_launch(&c, "bfs_step_queue", drv_dim(drv_cdiv((unsigned)nq, 32), 1, 1), drv_dim(32, 1, 1),
             0, DRV_ARGS(&drp, &dci, &dqi, &nq, &dqo, &dqn, &dd, &level));
  drv_download(&c, got_dist, dd, sizeof got_dist);
  drv_download(&c, got_q, dqo, sizeof got_q);
  drv_download(&c, &got_cnt, dqn, sizeof got_cnt);
  drv_expect_i32("bfs_step_queue", "dist", dist, got_dist, NV);
  drv_expect_i32("bfs_step_queue", "queue_out_size", &cnt, &got_cnt, 1);
  qsort(reached, (size_t)cnt, sizeof reached[0], cmp_i32);
  qsort(got_q, (size_t)cnt, sizeof got_q[0], cmp_i32);
  drv_expect_i32("bfs_step_queue", "sorted queue_out", reached, got_q, (size_t)cnt);
  drv_close(&c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("bfs_csr");
  DRV_ADD(s, test_bfs_step_flags);
  DRV_ADD(s, test_bfs_step_queue);
  return drv_run(s);
}
