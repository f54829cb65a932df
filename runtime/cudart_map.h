/* cudart_map.h -- a map from addresses to records, for the runtime's
 * look-ups by pointer: host stub -> kernel, host shadow -> variable,
 * handle -> stream or event, allocation base -> unified allocation.
 *
 * Open addressing with linear probing and backward-shift deletion, so
 * removals leave no tombstones.  Key 0 is reserved (NULL is never a
 * registered pointer).  Not thread-safe: the runtime's lock guards it.
 */
#ifndef PTXSIM_RUNTIME_CUDART_MAP_H
#define PTXSIM_RUNTIME_CUDART_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct rt_map_slot {
  uintptr_t key;
  void *value;
} rt_map_slot;

typedef struct rt_map {
  rt_map_slot *slots;
  size_t n, cap; /* cap is 0 or a power of two */
} rt_map;

/* The value stored for key, or NULL. */
void *rt_map_get(const rt_map *m, uintptr_t key);
/* Stores (or replaces) key -> value; false when out of memory. */
bool rt_map_put(rt_map *m, uintptr_t key, void *value);
/* Removes key; returns its value, or NULL when it was absent. */
void *rt_map_remove(rt_map *m, uintptr_t key);
/* Frees the table (not the values) and empties the map. */
void rt_map_clear(rt_map *m);

#endif /* PTXSIM_RUNTIME_CUDART_MAP_H */
