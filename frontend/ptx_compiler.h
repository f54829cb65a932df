/* ptx_compiler.h -- compiler hints and attributes shared by every layer.
 *
 * The front end is the lowest layer of ptxsim, so the few portability
 * macros every other layer needs live here.  Nothing in this header
 * generates code on its own.
 */
#ifndef PTXSIM_FRONTEND_PTX_COMPILER_H
#define PTXSIM_FRONTEND_PTX_COMPILER_H

#if defined(__GNUC__) || defined(__clang__)
#define PTX_LIKELY(x) __builtin_expect(!!(x), 1)
#define PTX_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define PTX_MUST_CHECK __attribute__((warn_unused_result))
#define PTX_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#define PTX_NOINLINE __attribute__((noinline))
#define PTX_ALWAYS_INLINE inline __attribute__((always_inline))
#define PTX_UNUSED __attribute__((unused))
#else
#define PTX_LIKELY(x) (x)
#define PTX_UNLIKELY(x) (x)
#define PTX_MUST_CHECK
#define PTX_PRINTF(fmt, args)
#define PTX_NOINLINE
#define PTX_ALWAYS_INLINE inline
#define PTX_UNUSED
#endif

#define PTX_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#include <stdint.h>

/* Population counts for hot paths.  The build is portable (no -mpopcnt),
 * where __builtin_popcount becomes a call to libgcc's __popcountdi2; the
 * bit-parallel sum below is a dozen inline instructions.  A build for a
 * CPU with the instruction (__POPCNT__) uses it. */
static inline uint32_t ptx_popcount64(uint64_t x)
{
#if defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
  return (uint32_t)__builtin_popcountll(x);
#else
  x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
  x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
  x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
  return (uint32_t)((x * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

static inline uint32_t ptx_popcount32(uint32_t x)
{
#if defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
  return (uint32_t)__builtin_popcount(x);
#else
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return (x * 0x01010101u) >> 24;
#endif
}

#endif /* PTXSIM_FRONTEND_PTX_COMPILER_H */
