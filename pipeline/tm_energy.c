/* tm_energy.c -- the energy model (tm_energy.h). */
#include "config.h"

#include "pipeline/tm_energy.h"

#include <string.h>

const uint8_t tm_energy_event_group[TM_ENERGY_EVENT_COUNT] = {
#define X(id, name, group) [TM_ENERGY_##id] = TM_EGROUP_##group,
    TM_ENERGY_EVENTS(X)
#undef X
};

uint64_t tm_energy_count(const tm_result *r, tm_energy_event e)
{
  const sm_rf_stats *rf = &r->sm.rf;
  const mem_stats *m = &r->mem;
  switch (e) {
  case TM_ENERGY_VRF_READ:
    return rf->vrf_lane_reads;
  case TM_ENERGY_VRF_WRITE:
    return rf->vrf_lane_writes;
  case TM_ENERGY_SRF_READ:
    return rf->srf_reads;
  case TM_ENERGY_SRF_WRITE:
    return rf->srf_writes;
  case TM_ENERGY_IRB:
    return rf->irb_accesses;
  /* The ALU kinds; LDST, TEX, BRU and SYNC lane operations cost nothing
   * here: a memory instruction's energy is in its cache, shared-memory
   * and DRAM events, control is below the model's resolution. */
  case TM_ENERGY_ALU_SP:
    return rf->lane_ops[SM_UNIT_SP];
  case TM_ENERGY_ALU_DP:
    return rf->lane_ops[SM_UNIT_DP];
  case TM_ENERGY_ALU_INT:
    return rf->lane_ops[SM_UNIT_INT];
  case TM_ENERGY_ALU_SFU:
    return rf->lane_ops[SM_UNIT_SFU];
  case TM_ENERGY_ALU_TENSOR:
    return rf->lane_ops[SM_UNIT_TENSOR];
  case TM_ENERGY_L1D:
    return m->l1d_accesses;
  case TM_ENERGY_L1C:
    return m->l1c_accesses;
  case TM_ENERGY_SHMEM:
    return m->shmem_accesses;
  case TM_ENERGY_L2:
    return m->l2_accesses;
  case TM_ENERGY_ICNT:
    return m->icnt_to_mem_flits + m->icnt_to_sm_flits;
  case TM_ENERGY_DRAM_READ:
    return m->dram_reads;
  case TM_ENERGY_DRAM_WRITE:
    return m->dram_writes;
  case TM_ENERGY_DRAM_ACTIVATE:
    return m->dram_activations;
  case TM_ENERGY_EVENT_COUNT:
    break;
  }
  return 0;
}

void tm_energy_compute(const tm_result *r, const tm_config *conf, tm_energy *out)
{
  memset(out, 0, sizeof *out);
  if (!conf)
    return;
  for (uint32_t e = 0; e < TM_ENERGY_EVENT_COUNT; e++) {
    double j = (double)tm_energy_count(r, (tm_energy_event)e) * conf->energy_pj[e] * 1e-12;
    out->event_j[e] = j;
    out->group_j[tm_energy_event_group[e]] += j;
    out->dynamic_j += j;
  }
  if (conf->mem.core_mhz > 0)
    out->seconds = (double)r->cycles / (conf->mem.core_mhz * 1e6);
  /* An SM leaks through its register files too: the VRF always, the SRF
   * where the SM has one (002a §1.8 Table 2; the token file's 512 bits
   * are in the VRF's figure). */
  double sm_w = conf->static_power_sm_w + conf->static_power_vrf_w;
  if (conf->scalar_mode == TM_SCALAR_SRF)
    sm_w += conf->static_power_srf_w;
  out->static_j = (sm_w * (double)r->n_sms + conf->static_power_chip_w) * out->seconds;
  out->total_j = out->dynamic_j + out->static_j;
}
