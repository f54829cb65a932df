/* cudart_map.c -- address-keyed hash map of the runtime (cudart_map.h). */
#include "config.h"

#include <stdlib.h>

#include "runtime/cudart_map.h"

static size_t slot_of(uintptr_t key, size_t cap)
{
  /* Fibonacci hashing: allocation bases and code addresses share their
   * low bits, so multiply to spread them over the table. */
  uint64_t h = (uint64_t)key * UINT64_C(0x9e3779b97f4a7c15);
  return (size_t)(h >> 32) & (cap - 1);
}

void *rt_map_get(const rt_map *m, uintptr_t key)
{
  if (!m->cap || !key)
    return NULL;
  for (size_t i = slot_of(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
    if (m->slots[i].key == key)
      return m->slots[i].value;
    if (!m->slots[i].key)
      return NULL;
  }
}

static bool grow(rt_map *m)
{
  size_t cap = m->cap ? 2 * m->cap : 64;
  rt_map_slot *s = calloc(cap, sizeof *s);
  if (!s)
    return false;
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->slots[i].key)
      continue;
    size_t j = slot_of(m->slots[i].key, cap);
    while (s[j].key)
      j = (j + 1) & (cap - 1);
    s[j] = m->slots[i];
  }
  free(m->slots);
  m->slots = s;
  m->cap = cap;
  return true;
}

bool rt_map_put(rt_map *m, uintptr_t key, void *value)
{
  if (!key)
    return false;
  if (4 * (m->n + 1) > 3 * m->cap && !grow(m)) /* load factor 3/4 */
    return false;
  size_t i = slot_of(key, m->cap);
  while (m->slots[i].key && m->slots[i].key != key)
    i = (i + 1) & (m->cap - 1);
  if (!m->slots[i].key)
    m->n++;
  m->slots[i] = (rt_map_slot){key, value};
  return true;
}

void *rt_map_remove(rt_map *m, uintptr_t key)
{
  if (!m->cap || !key)
    return NULL;
  size_t mask = m->cap - 1, i = slot_of(key, m->cap);
  while (m->slots[i].key != key) {
    if (!m->slots[i].key)
      return NULL;
    i = (i + 1) & mask;
  }
  void *value = m->slots[i].value;
  /* Backward shift: move later members of the probe run into the hole
   * when their home slot does not lie between the hole and them. */
  for (size_t j = (i + 1) & mask; m->slots[j].key; j = (j + 1) & mask) {
    size_t home = slot_of(m->slots[j].key, m->cap);
    bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
    if (!stays) {
      m->slots[i] = m->slots[j];
      i = j;
    }
  }
  m->slots[i] = (rt_map_slot){0, NULL};
  m->n--;
  return value;
}

void rt_map_clear(rt_map *m)
{
  free(m->slots);
  *m = (rt_map){0};
}
