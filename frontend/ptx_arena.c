/* ptx_arena.c -- chunked bump allocator (see ptx_arena.h). */
#include "frontend/ptx_arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct ptx_arena_chunk {
  ptx_arena_chunk *next;
  size_t size; /* usable bytes in data[] */
  _Alignas(16) unsigned char data[];
};

enum { ARENA_MIN_CHUNK = 64 * 1024, ARENA_ALIGN = 16 };

void ptx_arena_init(ptx_arena *a)
{
  a->head = NULL;
  a->used = 0;
  a->total_bytes = 0;
}

void ptx_arena_free(ptx_arena *a)
{
  ptx_arena_chunk *c = a->head;
  while (c) {
    ptx_arena_chunk *next = c->next;
    free(c);
    c = next;
  }
  ptx_arena_init(a);
}

void *ptx_arena_alloc(ptx_arena *a, size_t size)
{
  size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
  if (size == 0)
    size = ARENA_ALIGN;
  if (!a->head || a->head->size - a->used < size) {
    /* Chunks double with the arena so that big modules need few mallocs. */
    size_t want = a->total_bytes < ARENA_MIN_CHUNK ? ARENA_MIN_CHUNK : a->total_bytes;
    if (want > 16u * 1024 * 1024)
      want = 16u * 1024 * 1024;
    if (want < size)
      want = size;
    if (want > SIZE_MAX - sizeof(ptx_arena_chunk))
      return NULL;
    ptx_arena_chunk *c = malloc(sizeof(ptx_arena_chunk) + want);
    if (!c)
      return NULL;
    c->next = a->head;
    c->size = want;
    a->head = c;
    a->used = 0;
    a->total_bytes += want;
  }
  void *p = a->head->data + a->used;
  a->used += size;
  return p;
}

void *ptx_arena_zalloc(ptx_arena *a, size_t size)
{
  void *p = ptx_arena_alloc(a, size);
  if (p)
    memset(p, 0, size);
  return p;
}

char *ptx_arena_strndup(ptx_arena *a, const char *s, size_t n)
{
  char *p = ptx_arena_alloc(a, n + 1);
  if (p) {
    memcpy(p, s, n);
    p[n] = '\0';
  }
  return p;
}

void *ptx_arena_memdup(ptx_arena *a, const void *src, size_t n, size_t elem)
{
  if (n == 0)
    return NULL;
  if (elem && n > SIZE_MAX / elem)
    return NULL;
  void *p = ptx_arena_alloc(a, n * elem);
  if (p)
    memcpy(p, src, n * elem);
  return p;
}
