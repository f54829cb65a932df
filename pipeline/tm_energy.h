/* tm_energy.h -- the energy of a timing-mode launch, computed when it is
 * reported from the launch's event counters and the configuration's
 * per-event energies (tm_config.h TM_ENERGY_EVENTS, options
 * -ptxsim_energy_<event>_pj) and static power (-ptxsim_static_power_sm_w,
 * -ptxsim_static_power_vrf_w, -ptxsim_static_power_srf_w,
 * -ptxsim_static_power_chip_w).  Nothing of it runs while the launch is
 * simulated: the counters are the ones the statistics print anyway.
 *
 *   dynamic = sum over events of count(event) x energy_pj(event) x 1e-12
 *   static  = ((static_power_sm_w + static_power_vrf_w [+ static_power_srf_w])
 *              x SMs + static_power_chip_w) x seconds,
 *             seconds = cycles / (core clock MHz x 1e6),
 *             the SRF's term only with -ptxsim_scalar_mode srf
 *   total   = dynamic + static
 *
 * Every SM of the GPU draws static power for the whole launch, busy or
 * not (no power gating).  The model follows seed 002a's accounting
 * (§1.8, §4 "Energy"): register-file accesses per 32-bit lane, ALU
 * operations per lane and unit kind, each memory access type, static
 * power x time; GPUWattch's style, with the numbers in configs/.
 */
#ifndef PTXSIM_PIPELINE_TM_ENERGY_H
#define PTXSIM_PIPELINE_TM_ENERGY_H

#include <stdint.h>

#include "pipeline/tm_config.h"
#include "pipeline/tm_gpu.h"

/* The statistics an event's energy adds to (ptxsim_energy_<group>_j). */
#define TM_ENERGY_GROUPS(X)                                                          \
  X(VRF, "vrf") X(SRF, "srf") X(IRB, "irb") X(ALU, "alu") X(L1, "l1") X(L2, "l2") \
  X(ICNT, "icnt") X(DRAM, "dram")

typedef enum tm_energy_group {
#define X(id, name) TM_EGROUP_##id,
  TM_ENERGY_GROUPS(X)
#undef X
  TM_EGROUP_COUNT
} tm_energy_group;

/* Each event's group (TM_ENERGY_EVENTS' third column). */
extern const uint8_t tm_energy_event_group[TM_ENERGY_EVENT_COUNT];

/* A launch's energy, joules. */
typedef struct tm_energy {
  double event_j[TM_ENERGY_EVENT_COUNT];
  double group_j[TM_EGROUP_COUNT];
  double dynamic_j, static_j, total_j;
  double seconds; /* simulated: cycles / core clock */
} tm_energy;

/* How many times event e happened in r (the counter its option names). */
uint64_t tm_energy_count(const tm_result *r, tm_energy_event e);

/* Fills out from r's counters and conf's energies (all zero when conf is
 * NULL). */
void tm_energy_compute(const tm_result *r, const tm_config *conf, tm_energy *out);

#endif /* PTXSIM_PIPELINE_TM_ENERGY_H */
