/* cudart_error.c -- error names, texts and the last-error calls.
 *
 * Both tables come from cudart_errors.def.  cudaGetLastError returns the
 * calling thread's last error and resets it, except that a sticky error (a
 * kernel fault) is returned every time: the context stays unusable until
 * cudaDeviceReset, as on a GPU.
 */
#include "config.h"

#include "runtime/cudart_api.h"
#include "runtime/cudart_state.h"

typedef struct rt_error_info {
  cudaError_t code;
  const char *name, *text;
} rt_error_info;

static const rt_error_info rt_errors[] = {
#define RT_ERROR(name, value, text) {name, #name, text},
#include "runtime/cudart_errors.def"
#undef RT_ERROR
};

static const rt_error_info *find_error(cudaError_t e)
{
  /* The rows are in increasing order of value: bisect. */
  size_t lo = 0, hi = sizeof rt_errors / sizeof rt_errors[0];
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (rt_errors[mid].code == e)
      return &rt_errors[mid];
    if ((int)rt_errors[mid].code < (int)e)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

const char *cudaGetErrorName(cudaError_t error)
{
  const rt_error_info *i = find_error(error);
  return i ? i->name : "unrecognized error code";
}

const char *cudaGetErrorString(cudaError_t error)
{
  const rt_error_info *i = find_error(error);
  return i ? i->text : "unrecognized error code";
}

cudaError_t cudaGetLastError(void)
{
  rt_state *st = rt_lock();
  cudaError_t e = st->sticky != cudaSuccess ? st->sticky : rt_last_error_get();
  rt_last_error_set(cudaSuccess);
  rt_unlock(st, cudaSuccess);
  return e;
}

cudaError_t cudaPeekAtLastError(void)
{
  rt_state *st = rt_lock();
  cudaError_t e = st->sticky != cudaSuccess ? st->sticky : rt_last_error_get();
  rt_unlock(st, cudaSuccess);
  return e;
}
