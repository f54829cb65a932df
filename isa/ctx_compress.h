/* ctx_compress.h -- register value compression for preemption contexts
 * (seed 004 §1.5, after Collange et al.): how many bytes a warp's live
 * register slot takes once compressed, and the TB-level classification
 * used at bar.pp points (Fig 2.9, 2.11).
 *
 * The model, decided here (the seed leaves it open; see doc "Preemption:
 * context compression"):
 *
 * - A slot is one 32-bit register of every lane of a warp.  A 64-bit PTX
 *   register is two slots, low word and high word (004 §5 item 2(a)); the
 *   caller passes each word separately.  Predicates are not compressed.
 * - A warp is cut into 32/PAG groups of PAG consecutive lanes (PAG = 8, 16
 *   or 32).  Each group's values are uniform (all adjacent differences 0),
 *   strided (all equal and non-zero) or random.  Differences are taken in
 *   32-bit modular arithmetic, as the hardware's subtractors do, so
 *   0xffffffff, 0, 1 is strided with stride 1, and 10, 7, 4 is strided with
 *   stride 0xfffffffd (-3); decompression (lane k = lane k-1 + stride,
 *   modulo 2^32) gives back the exact values.
 * - The warp's pattern vector holds 2 bits per slot (§1.5 "scope and
 *   metadata": 128 bits for 64 registers), so all groups of one slot share
 *   one encoding: the worst group pattern (random > strided > uniform).
 *   Uniform stores 4 B per group, strided 8 B per group (base and stride; a
 *   uniform group is then stored as stride 0), random the raw 4 B per lane.
 *   A full warp's random slot is 128 B, as in the 004 §4 glossary.
 * - Lanes outside the threads mask (the tail of a partial warp, exited
 *   threads) hold no state: they are neither stored nor looked at.  The
 *   remaining lanes of a group are taken in lane order and treated as
 *   consecutive; decompression writes them back in the same order, so the
 *   result is exact for any mask (a hole can only turn strided into random,
 *   never give a wrong value).  A group with no thread costs nothing;
 *   random costs 4 B per held lane.  A slot of a warp with no thread is
 *   CTX_PAT_DEAD and 0 bytes.
 *
 * Pure functions: no allocation, no state; cheap enough to call per slot at
 * each pp hit when the report asks for it, and never called otherwise.
 */
#ifndef PTXSIM_ISA_CTX_COMPRESS_H
#define PTXSIM_ISA_CTX_COMPRESS_H

#include <stdint.h>

/* Lanes per warp and the 32-bit word size the byte counts use. */
#define CTX_WARP_LANES 32u
#define CTX_WORD_BYTES 4u

/* Register value patterns of 004 §1.5 (Collange et al.), per PAG group;
 * ordered from best to worst, so "worst" is the maximum. */
typedef enum ctx_pattern { CTX_PAT_DEAD, CTX_PAT_UNIFORM, CTX_PAT_STRIDED, CTX_PAT_RANDOM } ctx_pattern;
#define CTX_PAT_COUNT 4

/* Pattern of the n values v[0..n-1] (32-bit lane values of one PAG group;
 * lanes not holding a thread excluded by the caller): all differences 0 =>
 * uniform; all equal non-zero => strided; else random.  n == 1 is uniform;
 * n == 0 is dead. */
ctx_pattern ctx_group_pattern(const uint32_t *v, uint32_t n);

/* One 32-bit register slot of a warp: lane values v[0..31], threads mask
 * lanes (bit l set: lane l holds a thread), PAG pag (8..32, power of two).
 * Returns the bytes warp-level compression stores for it (see above) and
 * the worst group pattern in *worst (may be NULL). */
uint32_t ctx_slot_bytes(const uint32_t *v, uint32_t lanes, uint32_t pag, ctx_pattern *worst);

/* Metadata per warp: the pattern vector, 2 bits per register slot, rounded
 * up to whole bytes (16 B for 64 slots). */
uint32_t ctx_pattern_vector_bytes(uint32_t n_slots);

/* The PAG for option pag (8, 16 or 32) and a TB of block[0..2] threads:
 * pag itself, or for 0 min(32, the smallest TB dimension above 1) rounded
 * down to a power of two of at least 8 (004 §1.5: BP's 16x16 TBs give 16,
 * 1-D TBs 32). */
uint32_t ctx_pag_for_block(uint32_t pag, const uint32_t block[3]);

/* Uncompressed bytes of one slot of a warp: 4 B per held lane (128 B for a
 * full warp), what "live" context counts per slot. */
uint32_t ctx_slot_raw_bytes(uint32_t lanes);

/* ---- TB-level compression at barriers (004 §1.5, Fig 2.9, 2.11) --------
 *
 * At a bar.pp every warp of a TB is at the same point with the same live
 * set, so a slot can be classified across the whole TB:
 *   global uniform  one value in every thread                       4 B/TB
 *   global strided  v[t] = base + stride*t over the TB's thread ids 8 B/TB
 *   local uniform   every group uniform, the TB not                 warp-level
 *   local strided   every group uniform or strided, the TB neither  warp-level
 *   random          some group random: stored raw                   4 B/thread
 * The seed's Fig 2.11 rule runs each warp through the warp-level
 * compressor and classifies the base and stride vectors; its global-strided
 * test must compare the base vector's stride with PAG x the element stride
 * (004 §1.5 implementer note).  With whole groups that rule and the
 * definition above agree; ctx_tb_slot_class checks the definition directly
 * on the held threads' ids, which is also exact for partial warps.
 * "Local" bytes are the sum of the warps' ctx_slot_bytes.  Metadata: the
 * per-warp pattern vectors plus one "global" bit per slot per TB
 * (ctx_tb_global_vector_bytes): pattern + global bit name all five classes.
 */
typedef enum ctx_tb_class {
  CTX_TB_DEAD,
  CTX_TB_GLOBAL_UNIFORM,
  CTX_TB_LOCAL_UNIFORM,
  CTX_TB_GLOBAL_STRIDED,
  CTX_TB_LOCAL_STRIDED,
  CTX_TB_RANDOM
} ctx_tb_class;
#define CTX_TB_CLASS_COUNT 6

/* Short names ("dead", "global_uniform", ...) for reports. */
const char *ctx_tb_class_name(ctx_tb_class c);
const char *ctx_pattern_name(ctx_pattern p);

/* One slot of a TB of n_warps warps: v[w*32 + l] is lane l of warp w (warp w
 * holds thread ids 32w..32w+31), lanes[w] its threads mask.  Returns the
 * class and stores the TB-level bytes in *bytes (may be NULL). */
ctx_tb_class ctx_tb_slot_class(const uint32_t *v, const uint32_t *lanes, uint32_t n_warps,
                               uint32_t pag, uint32_t *bytes);

/* TB-level metadata beyond the per-warp pattern vectors: 1 bit per slot. */
uint32_t ctx_tb_global_vector_bytes(uint32_t n_slots);

#endif
