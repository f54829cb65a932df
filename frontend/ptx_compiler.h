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

#endif /* PTXSIM_FRONTEND_PTX_COMPILER_H */
