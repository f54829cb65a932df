/* bfs_csr.cu -- CUDA host program for benchmarks/cuda/bfs_csr.cu; the
 * scenarios of tests/drivers/check_bfs_csr.c: one BFS level with frontier
 * flags and with a queue.  dist, flags and the counts are deterministic; the
 * queue order is not (atomics), so the queue is compared as a sorted set.
 *
 * Inputs, CPU reference and checks: tests/ref/bfs_csr_ref.h. */
#include "../../benchmarks/cuda/bfs_csr.cu"
#include "exec_util.h"
#include "../ref/bfs_csr_ref.h"

static void test_bfs_step_flags(void)
{
  static graph g;
  int32_t dist[NV], flags[NV], reached[NV], got_dist[NV], got_flags[NV], cnt, got_cnt = 0;

  ex_begin("bfs_step_flags");
  cnt = bfs_level2(&ex_ref_check, &g, 25, dist, flags, reached);
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
  cnt = bfs_level2(&ex_ref_check, &g, 26, dist, flags, reached);
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
  bfs_queue_check(&ex_ref_check, cnt, got_cnt, reached, got_q);
  ex_end();
}

int main(void)
{
  ex_init("bfs_csr");
  test_bfs_step_flags();
  test_bfs_step_queue();
  return ex_finish();
}
