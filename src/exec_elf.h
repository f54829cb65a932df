/* exec_elf.h -- what `ptxsim exec` needs to know about a program before
 * running it: whether it is an ELF executable, which CUDA runtime it
 * links dynamically, and whether it carries CUDA device code (so that a
 * program linked with the static runtime can be told apart from one that
 * does not use CUDA at all).
 */
#ifndef PTXSIM_SRC_EXEC_ELF_H
#define PTXSIM_SRC_EXEC_ELF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct exec_elf_info {
  bool is_elf64_le;      /* a 64-bit little-endian ELF file */
  bool has_fatbin;       /* a .nv_fatbin section: CUDA device code */
  bool has_rpath;        /* DT_RPATH, which outranks LD_LIBRARY_PATH */
  int cudart_major;      /* N of a DT_NEEDED libcudart.so.N, else 0 */
  char asan_runtime[32]; /* a DT_NEEDED libasan.so.N (a sanitizer build of
                            ptxsim's runtime), else "" */
} exec_elf_info;

/* Reads path's ELF headers.  Returns 0, or -1 with a message in err when
 * the file cannot be read; a file that is not a 64-bit little-endian ELF
 * is not an error (is_elf64_le is false). */
int exec_elf_inspect(const char *path, exec_elf_info *out, char *err, size_t errlen);
/* The same for the size bytes of a file already in memory (the fuzzer's
 * entry point); never fails. */
void exec_elf_inspect_bytes(const void *data, size_t size, exec_elf_info *out);

#endif /* PTXSIM_SRC_EXEC_ELF_H */
