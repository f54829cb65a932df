/* ptx_arena.h -- bump allocator that owns everything one parsed module holds.
 *
 * A module's IR (names, declarations, instructions, operands) is allocated
 * from one arena and freed all at once, so the parser never frees piecemeal
 * and an error half-way through a file leaks nothing.  Allocation failure is
 * reported by a NULL return; the arena itself stays valid.
 */
#ifndef PTXSIM_FRONTEND_PTX_ARENA_H
#define PTXSIM_FRONTEND_PTX_ARENA_H

#include <stddef.h>

typedef struct ptx_arena_chunk ptx_arena_chunk;

typedef struct ptx_arena {
  ptx_arena_chunk *head; /* chunk being filled; older chunks follow */
  size_t used;           /* bytes used in head */
  size_t total_bytes;    /* bytes obtained from malloc, for statistics */
} ptx_arena;

void ptx_arena_init(ptx_arena *a);
/* Frees every chunk; the arena can be reused afterwards. */
void ptx_arena_free(ptx_arena *a);
/* Returns size bytes aligned to 16, uninitialised; NULL when out of memory. */
void *ptx_arena_alloc(ptx_arena *a, size_t size);
/* Same, zero-filled. */
void *ptx_arena_zalloc(ptx_arena *a, size_t size);
/* Copies n bytes of s and appends a NUL. */
char *ptx_arena_strndup(ptx_arena *a, const char *s, size_t n);
/* Copies n elements of size elem from src (n may be 0: returns NULL). */
void *ptx_arena_memdup(ptx_arena *a, const void *src, size_t n, size_t elem);

#endif /* PTXSIM_FRONTEND_PTX_ARENA_H */
