/* run_args.h -- the command-line values of `ptxsim run`: launch
 * dimensions, byte counts, and the --arg specifications (scalars encoded
 * as the bytes a kernel parameter of that type holds, device buffers).
 *
 * Parsing only: nothing here knows the kernel, touches files or talks to
 * a device.  Every parser returns 0, or -1 with a one-line message (no
 * "error:" prefix, no newline) in err.
 */
#ifndef PTXSIM_SRC_RUN_ARGS_H
#define PTXSIM_SRC_RUN_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ptxsim.h"

/* What a scalar's type says about its bits. */
typedef enum run_kind {
  RUN_KIND_UNSIGNED, /* uN */
  RUN_KIND_SIGNED,   /* sN */
  RUN_KIND_BITS,     /* bN: any bit pattern */
  RUN_KIND_FLOAT     /* f16, bf16, f32, f64 */
} run_kind;

typedef enum run_arg_type { RUN_ARG_SCALAR, RUN_ARG_BUF } run_arg_type;

/* One --arg. */
typedef struct run_arg {
  run_arg_type type;
  const char *spec; /* as written on the command line (not owned) */
  /* RUN_ARG_SCALAR */
  char type_name[8];   /* PTX type without the dot: "u32" */
  run_kind kind;
  unsigned size;       /* bytes: 1, 2, 4 or 8 */
  unsigned char value[8]; /* the parameter's bytes, in host order */
  /* RUN_ARG_BUF */
  bool has_size;       /* a BYTES item was given */
  uint64_t buf_bytes;  /* that size */
  char *in_path;       /* in=PATH, or NULL (owned) */
  char *out_path;      /* out=PATH, or NULL (owned) */
} run_arg;

/* Parses SPEC: TYPE:VALUE, or buf: followed by comma-separated items
 * BYTES, in=PATH and out=PATH (at least BYTES or in=; a PATH runs to the
 * next ",in=" or ",out=", so it may hold other commas).  On success *a
 * owns the paths; release them with run_arg_release. */
int run_parse_arg(const char *spec, run_arg *a, char *err, size_t err_len);
void run_arg_release(run_arg *a);

/* Parses X[,Y[,Z]] (each 1 .. 2^32-1; missing ones are 1).  what names
 * the option in messages ("grid"). */
int run_parse_dim3(const char *s, const char *what, ptxsim_dim3 *out, char *err,
                   size_t err_len);

/* Parses a byte count or other unsigned number: decimal or 0x hex, with
 * an optional K, M or G suffix (powers of 1024) when allow_suffix. */
int run_parse_count(const char *s, bool allow_suffix, uint64_t *out);

/* The kind and size of a PTX scalar type name (no dot), as kernel
 * parameters report them; false for names that are not scalar types
 * this command handles. */
bool run_type_info(const char *name, run_kind *kind, unsigned *size);

#endif /* PTXSIM_SRC_RUN_ARGS_H */
