/* check_bfs_csr.c -- host driver for benchmarks/cuda/bfs_csr.cu: one BFS
 * level with frontier flags and with a queue.  dist, flags and the counts
 * are deterministic; the queue order is not (atomics), so the queue is
 * compared as a sorted set.
 *
 * Inputs, CPU reference and checks: tests/ref/bfs_csr_ref.h, shared with
 * tests/exec/bfs_csr.cu. */
#include "tests/drivers/drv_util.h"
#include "tests/ref/bfs_csr_ref.h"

START_TEST(test_bfs_step_flags)
{
  drv_ctx c;
  static graph g;
  int32_t dist[NV], flags[NV], reached[NV], got_dist[NV], got_flags[NV], cnt, got_cnt = 0;
  int n = NV, level = 2;

  drv_open(&c, "bfs_csr");
  cnt = bfs_level2(&drv_check, &g, 25, dist, flags, reached);
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
  cnt = bfs_level2(&drv_check, &g, 26, dist, flags, reached);
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
  bfs_queue_check(&drv_check, cnt, got_cnt, reached, got_q);
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
