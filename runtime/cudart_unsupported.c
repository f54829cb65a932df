/* cudart_unsupported.c -- the entry points of NVIDIA's libcudart.so.13 that
 * the emulator does not implement (cudart_unsupported.def), and the few
 * that need no device at all.
 *
 * A program calling one gets cudaErrorNotSupported (also as its last
 * error) and one line on stderr per name, the first time: what it uses is
 * named, and nothing crashes.  CUDA arrays, graphs, memory pools, IPC,
 * graphics interoperability, external memory and libraries are among
 * them.
 */
#include "config.h"

#include "runtime/cudart_api.h"
#include "runtime/cudart_state.h"

static cudaError_t unsupported(const char *name)
{
  rt_message_once(name, "%s is not supported by the emulator", name);
  rt_last_error_set(cudaErrorNotSupported);
  return cudaErrorNotSupported;
}

#define RT_UNSUPPORTED(name) \
  cudaError_t name(void);    \
  cudaError_t name(void)     \
  {                          \
    return unsupported(#name); \
  }
#include "runtime/cudart_unsupported.def"
#undef RT_UNSUPPORTED

/* A pure function of its arguments (for CUDA arrays and textures). */
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f)
{
  return (struct cudaChannelFormatDesc){x, y, z, w, f};
}
