/* csv_table.h -- a CSV file read whole into memory (ptxsim plot).
 *
 * RFC 4180: comma-separated fields, a field in double quotes may hold
 * commas, newlines and "" for a quote; CRLF or LF line ends.  The first
 * line is the header; every row must have as many fields as it.
 */
#ifndef PTXSIM_SRC_CSV_TABLE_H
#define PTXSIM_SRC_CSV_TABLE_H

#include <stddef.h>

typedef struct csv_table {
  size_t ncols, nrows;  /* nrows: rows after the header */
  char **cell;          /* (nrows + 1) * ncols fields; row 0 is the header */
  size_t *line;         /* the line each row starts on (row 0: 1) */
} csv_table;

/* Reads path into t.  Returns 0, or -1 with the message to print in err
 * ("PATH:LINE: error: ..." or "PATH: error: REASON"). */
int csv_table_read(csv_table *t, const char *path, char *err, size_t err_size);
void csv_table_free(csv_table *t);

/* The index of the header field name, or -1. */
long csv_table_column(const csv_table *t, const char *name);

/* Field col of data row r (0-based, the header not counted). */
static inline const char *csv_table_at(const csv_table *t, size_t r, size_t col)
{
  return t->cell[(r + 1) * t->ncols + col];
}

#endif /* PTXSIM_SRC_CSV_TABLE_H */
