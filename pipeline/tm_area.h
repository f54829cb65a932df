/* tm_area.h -- the area of a configuration's SMs, from the McPAT numbers
 * of seed 002 chapter 4 (002b §A.5; 40 nm, 1.3 GHz): a baseline (TLP) SM
 * of 16k registers is 11.823 mm2, the bypass adds 0.028 mm2 per SC x 8 SCs
 * = 0.224 mm2, the shared scoreboard 0.917 mm2 (an ILP SM: 12.964 mm2),
 * and an ILP SM with an 8k-register file is 12.026 mm2, so halving the
 * register file saves 0.938 mm2.  Assumed (the seed gives only those two
 * points): the register file's area is linear in its registers, at
 * 0.938 mm2 per 8192 registers, below and above 16k alike.  Branch
 * prediction adds nothing (McPAT does not model its adder and comparator,
 * and the seed ignores it), nor does any other option.
 *
 * The numbers describe the seed's GT200-class SM; for another GPU (gtx480,
 * sm75) the statistic is that SM's area scaled by their register files,
 * comparable only with itself.
 */
#ifndef PTXSIM_PIPELINE_TM_AREA_H
#define PTXSIM_PIPELINE_TM_AREA_H

#include "pipeline/tm_config.h"

/* The constants (name, value, what); areas in mm2. */
#define TM_AREA_CONSTANTS(X)                                                              \
  X(TLP_SM, 11.823, "the baseline SM with BASE_REGS registers")                          \
  X(BASE_REGS, 16384.0, "the registers of that SM")                                       \
  X(BYPASS, 0.224, "the bypass network: 0.028 per SC, 8 SCs")                             \
  X(SHARED_SCOREBOARD, 0.917, "the shared (many-thread-aware) scoreboard, one per SM")    \
  X(HALF_RF, 0.938, "BASE_REGS / 2 registers: 12.964 (ILP SM) - 12.026 (ILP SM, 8k regs)")

enum tm_area_constant {
#define X(id, value, doc) TM_AREA_##id,
  TM_AREA_CONSTANTS(X)
#undef X
  TM_AREA_COUNT
};
extern const double tm_area_constants[TM_AREA_COUNT];

/* One SM as conf configures it (an ILP SM: as its tm_config_ilp_view
 * does); a GPU's area is the sum over its SMs (tm_run). */
double tm_area_sm_mm2(const tm_config *conf);

#endif /* PTXSIM_PIPELINE_TM_AREA_H */
