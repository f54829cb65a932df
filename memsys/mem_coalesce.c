/* mem_coalesce.c -- what one warp memory instruction turns into: the
 * line accesses of a global/local instruction (coalescing), the accesses
 * of a constant or parameter load (one per distinct address), and the
 * bank-conflict degree of a shared-memory instruction.
 *
 * Coalescing follows GPGPU-Sim's Fermi rules (coalesce_arch 13 and 20):
 * the warp is cut into sub-warps that move at most 128 bytes (32 lanes of
 * 4 bytes, 16 of 8, 8 of 16) and each sub-warp makes one access per
 * distinct line it touches.  Per access it records which 32-byte sectors
 * are touched and which are written entirely (stores).  Pure functions of
 * the instruction: no state, no allocation.
 */
#include "config.h"

#include <string.h>

#include "isa/isa_prog.h"
#include "memsys/mem_int.h"

/* Lanes per sub-warp for an access size. */
static uint32_t mem_subwarp(uint32_t bytes)
{
  uint32_t lanes = 32;
  while (lanes > 1 && lanes * bytes > 128)
    lanes >>= 1;
  return lanes;
}

/* Sets bits [lo, hi) of a 256-bit mask. */
static void mem_mask_set(uint64_t bm[4], uint32_t lo, uint32_t hi)
{
  for (uint32_t w = lo / 64; w <= (hi - 1) / 64 && w < 4; w++) {
    uint32_t a = w * 64 > lo ? 0 : lo - w * 64, b = hi - w * 64 >= 64 ? 64 : hi - w * 64;
    uint64_t m = (b == 64 ? ~UINT64_C(0) : (UINT64_C(1) << b) - 1) & ~((UINT64_C(1) << a) - 1);
    bm[w] |= m;
  }
}

/* Sector masks of a 256-bit byte mask: touched and fully covered. */
static void mem_mask_sectors(const uint64_t bm[4], uint32_t n_sectors, uint8_t *touched,
                             uint8_t *full, uint16_t *bytes)
{
  uint32_t t = 0, f = 0, n = 0;
  for (uint32_t sct = 0; sct < n_sectors; sct++) {
    uint32_t bits = (uint32_t)(bm[sct / 2] >> ((sct % 2) * 32));
    if (bits)
      t |= 1u << sct;
    if (bits == 0xffffffffu)
      f |= 1u << sct;
    n += (uint32_t)ptx_popcount32(bits);
  }
  *touched = (uint8_t)t;
  *full = (uint8_t)f;
  *bytes = (uint16_t)n;
}

/* mem_mask_sectors of the byte mask of one range [lo, hi) of a line
 * (hi > lo), without the mask: sectors touched, sectors covered whole,
 * and the bytes. */
static void mem_range_sectors(uint32_t lo, uint32_t hi, uint8_t *touched, uint8_t *full,
                              uint16_t *bytes)
{
  uint32_t first = lo / MEM_SECTOR_BYTES, last = (hi - 1) / MEM_SECTOR_BYTES;
  uint32_t t = ((2u << last) - 1) & ~((1u << first) - 1);
  /* Whole sectors: from the first boundary at or after lo to the last at
   * or before hi. */
  uint32_t fa = (lo + MEM_SECTOR_BYTES - 1) / MEM_SECTOR_BYTES, fb = hi / MEM_SECTOR_BYTES;
  uint32_t f = fb > fa ? ((1u << fb) - 1) & ~((1u << fa) - 1) : 0;
  *touched = (uint8_t)t;
  *full = (uint8_t)f;
  *bytes = (uint16_t)(hi - lo);
}

uint32_t mem_coalesce(const mem_warp_access *a, uint32_t line_bytes, mem_acc *out)
{
  uint32_t bytes = a->bytes ? a->bytes : 1, sub = mem_subwarp(bytes), n = 0;
  uint64_t lmask = line_bytes - 1;
  for (uint32_t base = 0; base < 32; base += sub) {
    uint32_t first = n;
    /* Every lane of the sub-warp active, each at the address after the
     * one before (a unit-stride access): the bytes [lo, hi) are one
     * range, whose lines, in address order, are what the lane loop below
     * would find, each with the part of the range inside it. */
    uint32_t sub_mask = sub == 32 ? UINT32_MAX : ((1u << sub) - 1) << base;
    if ((a->mask & sub_mask) == sub_mask) {
      uint64_t lo = a->addr[base];
      bool is_unit = true;
      for (uint32_t lane = base + 1; lane < base + sub && is_unit; lane++)
        is_unit = a->addr[lane] == lo + (uint64_t)(lane - base) * bytes;
      uint64_t hi = lo + (uint64_t)sub * bytes;
      if (is_unit && hi > lo) {
        for (uint64_t line = lo & ~lmask; line < hi && n < MEM_MAX_ACCESSES;
             line += line_bytes) {
          uint64_t s = lo > line ? lo - line : 0, e = hi - line < line_bytes ? hi - line : line_bytes;
          out[n].addr = line;
          mem_range_sectors((uint32_t)s, (uint32_t)e, &out[n].sectors, &out[n].full_sectors,
                            &out[n].bytes);
          n++;
        }
        continue;
      }
    }
    uint64_t bm[MEM_MAX_ACCESSES][4];
    for (uint32_t lane = base; lane < base + sub; lane++) {
      if (!(a->mask >> lane & 1))
        continue;
      uint64_t lo = a->addr[lane], hi = lo + bytes; /* [lo, hi) */
      for (uint64_t line = lo & ~lmask; line < hi; line += line_bytes) {
        /* The line of the lane before, most often; else the search. */
        uint32_t k = n > first && out[n - 1].addr == line ? n - 1 : first;
        while (k < n && out[k].addr != line)
          k++;
        if (k == n) {
          if (n == MEM_MAX_ACCESSES)
            break; /* cannot happen: a lane touches at most two lines */
          out[n].addr = line;
          memset(bm[n - first], 0, sizeof bm[0]);
          n++;
        }
        uint64_t s = lo > line ? lo - line : 0, e = hi - line < line_bytes ? hi - line : line_bytes;
        mem_mask_set(bm[k - first], (uint32_t)s, (uint32_t)e);
      }
    }
    for (uint32_t k = first; k < n; k++)
      mem_mask_sectors(bm[k - first], line_bytes / MEM_SECTOR_BYTES, &out[k].sectors,
                       &out[k].full_sectors, &out[k].bytes);
  }
  return n;
}

uint32_t mem_const_accesses(const mem_warp_access *a, uint32_t line_bytes, mem_acc *out)
{
  uint32_t bytes = a->bytes ? a->bytes : 1, n = 0;
  uint64_t base = a->space == ISA_SPACE_PARAM ? MEM_PARAM_BASE : 0, lmask = line_bytes - 1;
  /* Every lane at one address (parameters, uniform indices): one access,
   * the first lane's, as the search below finds; no quadratic search. */
  uint32_t mask = a->mask;
  if (mask) {
    uint64_t a0 = a->addr[__builtin_ctz(mask)];
    bool is_uniform = true;
    if (mask == UINT32_MAX) {
      /* Every lane: one pass without branches. */
      uint64_t diff = 0;
      for (uint32_t lane = 1; lane < 32; lane++)
        diff |= a->addr[lane] ^ a0;
      is_uniform = diff == 0;
    } else
      for (uint32_t m = mask & (mask - 1); m && is_uniform; m &= m - 1)
        is_uniform = a->addr[__builtin_ctz(m)] == a0;
    if (is_uniform) {
      uint64_t addr = a0 | base, line = addr & ~lmask;
      uint32_t off = (uint32_t)(addr - line);
      uint32_t end = off + bytes > line_bytes ? line_bytes : off + bytes;
      out[0].addr = line;
      mem_range_sectors(off, end, &out[0].sectors, &out[0].full_sectors, &out[0].bytes);
      return 1;
    }
  }
  /* A lane's address was seen before iff an access was already made for
   * it: the distinct addresses so far, in a small hash table (index + 1
   * of the access; at most 32 of 64 entries used). */
  uint8_t table[64];
  uint64_t made[32];
  memset(table, 0, sizeof table);
  for (uint32_t m = mask; m; m &= m - 1) {
    uint32_t lane = (uint32_t)__builtin_ctz(m);
    uint64_t addr = a->addr[lane] | base;
    uint32_t h = (uint32_t)((addr * UINT64_C(0x9e3779b97f4a7c15)) >> 58);
    while (table[h] && made[table[h] - 1] != addr)
      h = (h + 1) & 63;
    if (table[h])
      continue;
    table[h] = (uint8_t)(n + 1);
    made[n] = addr;
    uint64_t line = addr & ~lmask;
    uint32_t off = (uint32_t)(addr - line), end = off + bytes > line_bytes ? line_bytes : off + bytes;
    out[n].addr = line;
    mem_range_sectors(off, end, &out[n].sectors, &out[n].full_sectors, &out[n].bytes);
    n++;
  }
  return n;
}

/* Cycles one part of a warp needs: with full broadcast, the largest
 * number of distinct words in one bank; with limited broadcast (GT200),
 * each cycle serves one broadcast word plus words in otherwise unused
 * banks. */
static uint32_t mem_shmem_part(const mem_warp_access *a, uint32_t lo, uint32_t hi,
                               uint32_t n_banks, bool is_limited)
{
  uint64_t word[256];
  bool served[256];
  uint32_t n = 0, bytes = a->bytes ? a->bytes : 1;
  for (uint32_t lane = lo; lane < hi; lane++) {
    if (!(a->mask >> lane & 1))
      continue;
    for (uint64_t w = a->addr[lane] >> 2; w <= (a->addr[lane] + bytes - 1) >> 2 && n < 256; w++)
      word[n++] = w;
  }
  if (n == 0)
    return 0;
  if (!is_limited) {
    /* Sort the words (lanes usually come in address order, which
     * insertion sort takes in one pass), then count each distinct word in
     * its bank. */
    for (uint32_t i = 1; i < n; i++) {
      uint64_t w = word[i];
      uint32_t j = i;
      while (j > 0 && word[j - 1] > w) {
        word[j] = word[j - 1];
        j--;
      }
      word[j] = w;
    }
    uint16_t count[256];
    uint32_t worst = 0;
    memset(count, 0, n_banks * sizeof count[0]);
    for (uint32_t i = 0; i < n; i++) {
      if (i > 0 && word[i] == word[i - 1])
        continue;
      uint32_t b = (uint32_t)(word[i] % n_banks);
      if (++count[b] > worst)
        worst = count[b];
    }
    return worst;
  }
  memset(served, 0, n * sizeof served[0]);
  uint32_t cycles = 0, left = n;
  while (left) {
    uint64_t used[4] = {0, 0, 0, 0}; /* banks, up to 256 */
    uint32_t i = 0;
    while (served[i])
      i++;
    uint64_t bw = word[i];
    for (uint32_t j = i; j < n; j++)
      if (!served[j] && word[j] == bw) {
        served[j] = true;
        left--;
      }
    uint32_t b = (uint32_t)(bw % n_banks) & 255;
    used[b / 64] |= UINT64_C(1) << (b % 64);
    for (uint32_t j = i; j < n; j++) {
      uint32_t bj = (uint32_t)(word[j] % n_banks) & 255;
      if (served[j] || (used[bj / 64] >> (bj % 64) & 1))
        continue;
      served[j] = true;
      left--;
      used[bj / 64] |= UINT64_C(1) << (bj % 64);
    }
    cycles++;
  }
  return cycles;
}

uint32_t mem_shmem_degree(const mem_warp_access *a, uint32_t n_banks, uint32_t parts,
                          bool is_limited_broadcast)
{
  if (n_banks == 0)
    n_banks = 32;
  if (n_banks > 256)
    n_banks = 256; /* mem_sys_create refuses more */
  if (parts == 0 || parts > 32 || 32 % parts)
    parts = 1;
  uint32_t total = 0, step = 32 / parts;
  for (uint32_t lo = 0; lo < 32; lo += step)
    total += mem_shmem_part(a, lo, lo + step, n_banks, is_limited_broadcast);
  return total;
}
