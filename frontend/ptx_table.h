/* ptx_table.h -- lookup in the name-sorted tables (types, modifiers,
 * special registers): each row is a struct whose first member is its
 * name, and the rows are sorted by strcmp (the tests check it). */
#ifndef PTXSIM_FRONTEND_PTX_TABLE_H
#define PTXSIM_FRONTEND_PTX_TABLE_H

#include <stddef.h>

/* Bisects count rows of stride bytes at base for the name s[0..len);
 * returns its index, or -1. */
long ptx_table_find(const void *base, size_t count, size_t stride, const char *s, size_t len);

#endif /* PTXSIM_FRONTEND_PTX_TABLE_H */
