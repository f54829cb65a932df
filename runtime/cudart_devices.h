/* cudart_devices.h -- several simulated GPUs (cudart_devices.c): the
 * active device's state lives in rt_state, the others' in their slots. */
#ifndef PTXSIM_RUNTIME_CUDART_DEVICES_H
#define PTXSIM_RUNTIME_CUDART_DEVICES_H

#include "runtime/cudart_state.h"

/* PTXSIM_DEVICES may ask for up to this many (bits of a peer mask). */
#define RT_MAX_DEVICES 16

/* Reads PTXSIM_DEVICES (once, when the state is first set up). */
void rt_devices_init(rt_state *st);
bool rt_device_is_valid(const rt_state *st, int device);
/* Makes device the active one (cudaErrorInvalidDevice if there is none
 * such); the calling thread's current device does not change. */
cudaError_t rt_device_select(rt_state *st, int device);
/* Makes the calling thread's current device the active one (each call's
 * outermost rt_lock, with more than one device). */
void rt_device_follow_thread(rt_state *st);
/* The active device was just created (give it its address slice and link
 * it to the others) / is about to be destroyed (unlink it, drop the peer
 * access to and from it). */
void rt_device_created(rt_state *st);
void rt_device_destroying(rt_state *st);
/* Lets device who's kernels reach all of the active device's memory (a
 * memory pool's cudaMemPoolSetAccess), creating who if needed. */
void rt_device_grant(rt_state *st, int who);
/* Destroys every device but the active one (the library's teardown). */
void rt_devices_finish(rt_state *st);
/* The device whose memory holds p, and its allocation's base and size,
 * or NULL. */
ptxsim_device *rt_device_owning(rt_state *st, const void *p, ptxsim_devptr *base, size_t *size);
/* Makes the device whose memory holds p the active one for the rest of
 * the call (cudaFree of another device's pointer), if there is one. */
void rt_device_select_owner(rt_state *st, const void *p);
/* Copies n bytes from sd's src to dd's dst (dd may be sd). */
int rt_copy_between(ptxsim_device *dd, ptxsim_devptr dst, ptxsim_device *sd, ptxsim_devptr src,
                    size_t n);

#endif /* PTXSIM_RUNTIME_CUDART_DEVICES_H */
