/* fuzz_replay.c -- runs a fuzz target's entry point over files, without
 * libFuzzer: `make check` replays each seed corpus this way, so that the
 * harnesses and their invariants stay compiled and true in every build.
 *
 * Usage: replay_X [FILE|DIR]...; without arguments, the files of
 * $srcdir/tests/fuzz/corpus/FUZZ_CORPUS.  A failed invariant aborts (as
 * under libFuzzer); finding no file at all is a failure too, so that a
 * lost corpus cannot pass unnoticed.
 */
#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return -1;
  }
  size_t cap = 4096, len = 0;
  uint8_t *buf = malloc(cap);
  size_t n;
  while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
    len += n;
    if (len == cap) {
      uint8_t *nb = realloc(buf, cap * 2);
      if (!nb) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = nb;
      cap *= 2;
    }
  }
  fclose(f);
  if (!buf) {
    fprintf(stderr, "%s: out of memory\n", path);
    return -1;
  }
  /* A private copy of exactly len bytes, as libFuzzer passes, so that
   * ASan sees a read past the end. */
  uint8_t *copy = malloc(len ? len : 1);
  if (!copy) {
    free(buf);
    return -1;
  }
  memcpy(copy, buf, len);
  free(buf);
  LLVMFuzzerTestOneInput(copy, len);
  free(copy);
  return 0;
}

static int compare_names(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays path, a file or a directory of files; adds to *count. */
static int replay(const char *path, size_t *count)
{
  struct stat st;
  if (stat(path, &st) != 0) {
    perror(path);
    return -1;
  }
  if (!S_ISDIR(st.st_mode)) {
    if (replay_file(path) != 0)
      return -1;
    ++*count;
    return 0;
  }
  DIR *dir = opendir(path);
  if (!dir) {
    perror(path);
    return -1;
  }
  char **names = NULL;
  size_t n = 0, cap = 0;
  int rc = 0;
  struct dirent *de;
  while (rc == 0 && (de = readdir(dir)) != NULL) {
    if (de->d_name[0] == '.')
      continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 64;
      char **nn = realloc(names, cap * sizeof *nn);
      if (!nn) {
        rc = -1;
        break;
      }
      names = nn;
    }
    size_t len = strlen(path) + strlen(de->d_name) + 2;
    if ((names[n] = malloc(len)) == NULL) {
      rc = -1;
      break;
    }
    snprintf(names[n++], len, "%s/%s", path, de->d_name);
  }
  closedir(dir);
  if (n)
    qsort(names, n, sizeof *names, compare_names);
  for (size_t i = 0; i < n; i++) {
    if (rc == 0)
      rc = replay(names[i], count);
    free(names[i]);
  }
  free(names);
  return rc;
}

int main(int argc, char **argv)
{
  size_t count = 0;
  int rc = 0;
  if (argc > 1) {
    for (int i = 1; i < argc && rc == 0; i++)
      rc = replay(argv[i], &count);
  } else {
    const char *srcdir = getenv("srcdir");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/fuzz/corpus/%s", srcdir ? srcdir : ".", FUZZ_CORPUS);
    rc = replay(path, &count);
  }
  if (rc == 0 && count == 0) {
    fprintf(stderr, "no input to replay\n");
    rc = -1;
  }
  if (rc == 0)
    printf("replayed %zu inputs\n", count);
  return rc == 0 ? 0 : 1;
}
