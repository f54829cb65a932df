/* ptxsim_api_int.h -- what the public interface's files share beyond
 * ptxsim.h: the device's error message and the parts of a device that
 * ptxsim_api.c keeps private (its memory, its texture table and its
 * report state).
 * Not installed; names here are not exported (the library exports
 * ^ptxsim_ only).
 */
#ifndef PTXSIM_SRC_PTXSIM_API_INT_H
#define PTXSIM_SRC_PTXSIM_API_INT_H

#include "isa/simt_mem.h"
#include "isa/tex_sample.h"
#include "ptxsim.h"

/* Sets d's error message (ptxsim_device_error) to msg; returns status. */
int api_error(ptxsim_device *d, int status, const char *msg);
/* Clears it (each public call starts so). */
void api_clear_error(ptxsim_device *d);

simt_mem *api_mem(ptxsim_device *d);
isa_tex_table *api_tex(ptxsim_device *d);
/* The device's run-time report state (src/report.h), NULL until used. */
struct report_state **api_report(ptxsim_device *d);

#endif /* PTXSIM_SRC_PTXSIM_API_INT_H */
