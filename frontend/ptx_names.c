/* ptx_names.c -- identifier interning (see ptx_names.h). */
#include "frontend/ptx_names.h"

#include <stdlib.h>
#include <string.h>

/* FNV-1a: short identifiers, so a simple byte hash is fastest. */
static uint32_t names_hash(const char *s, size_t len)
{
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < len; i++)
    h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

int ptx_names_init(ptx_names *t, ptx_arena *arena)
{
  t->arena = arena;
  t->n_slots = 1024;
  t->n_used = 0;
  t->slots = calloc(t->n_slots, sizeof(*t->slots));
  return t->slots ? 0 : -1;
}

void ptx_names_free(ptx_names *t)
{
  free(t->slots);
  t->slots = NULL;
  t->n_slots = t->n_used = 0;
}

static ptx_name **names_slot(ptx_name **slots, uint32_t n_slots, const char *s, size_t len,
                             uint32_t h)
{
  uint32_t mask = n_slots - 1;
  for (uint32_t i = h & mask;; i = (i + 1) & mask) {
    ptx_name *n = slots[i];
    if (!n || (n->hash == h && n->len == len && memcmp(n->str, s, len) == 0))
      return &slots[i];
  }
}

static int names_grow(ptx_names *t)
{
  uint32_t n_slots = t->n_slots * 2;
  ptx_name **slots = calloc(n_slots, sizeof(*slots));
  if (!slots)
    return -1;
  for (uint32_t i = 0; i < t->n_slots; i++) {
    ptx_name *n = t->slots[i];
    if (n)
      *names_slot(slots, n_slots, n->str, n->len, n->hash) = n;
  }
  free(t->slots);
  t->slots = slots;
  t->n_slots = n_slots;
  return 0;
}

ptx_name *ptx_names_find(const ptx_names *t, const char *s, size_t len)
{
  return *names_slot(t->slots, t->n_slots, s, len, names_hash(s, len));
}

ptx_name *ptx_names_intern(ptx_names *t, const char *s, size_t len)
{
  if (len > UINT32_MAX)
    return NULL;
  uint32_t h = names_hash(s, len);
  ptx_name **slot = names_slot(t->slots, t->n_slots, s, len, h);
  if (*slot)
    return *slot;
  if ((t->n_used + 1) * 4 > t->n_slots * 3) { /* keep load below 3/4 */
    if (names_grow(t) != 0)
      return NULL;
    slot = names_slot(t->slots, t->n_slots, s, len, h);
  }
  ptx_name *n = ptx_arena_alloc(t->arena, sizeof(ptx_name) + len + 1);
  if (!n)
    return NULL;
  n->len = (uint32_t)len;
  n->hash = h;
  n->var = n->label = n->aux = NULL;
  memcpy(n->str, s, len);
  n->str[len] = '\0';
  *slot = n;
  t->n_used++;
  return n;
}
