/* exec_elf.c -- inspect a program's ELF headers (see exec_elf.h).
 *
 * Only section headers are read: the section name table finds
 * .nv_fatbin, and the SHT_DYNAMIC section with its linked string table
 * gives DT_NEEDED and DT_RPATH.  Every offset is checked against the file
 * size; a malformed file reads as "not ELF" rather than failing.
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "src/exec_elf.h"

typedef struct elf_view {
  const unsigned char *data;
  size_t size;
} elf_view;

static bool in_file(const elf_view *v, uint64_t off, uint64_t len)
{
  return off <= v->size && len <= v->size - off;
}

/* The NUL-terminated string at off in [base, base + len), or NULL. */
static const char *string_at(const elf_view *v, uint64_t base, uint64_t len, uint64_t off)
{
  if (off >= len || !in_file(v, base, len))
    return NULL;
  const char *s = (const char *)v->data + base + off;
  return memchr(s, 0, len - off) ? s : NULL;
}

static int cudart_major_of(const char *soname)
{
  static const char prefix[] = "libcudart.so.";
  if (strncmp(soname, prefix, sizeof prefix - 1) != 0)
    return 0;
  int major = atoi(soname + sizeof prefix - 1);
  return major > 0 ? major : 0;
}

static void read_dynamic(const elf_view *v, const Elf64_Shdr *dyn, const Elf64_Shdr *str,
                         exec_elf_info *out)
{
  if (!in_file(v, dyn->sh_offset, dyn->sh_size))
    return;
  size_t n = dyn->sh_size / sizeof(Elf64_Dyn);
  for (size_t i = 0; i < n; i++) {
    Elf64_Dyn d;
    memcpy(&d, v->data + dyn->sh_offset + i * sizeof d, sizeof d);
    if (d.d_tag == DT_NULL)
      break;
    if (d.d_tag == DT_RPATH)
      out->has_rpath = true;
    if (d.d_tag == DT_NEEDED) {
      const char *name = string_at(v, str->sh_offset, str->sh_size, d.d_un.d_val);
      if (name && cudart_major_of(name))
        out->cudart_major = cudart_major_of(name);
      if (name && strncmp(name, "libasan.so.", 11) == 0 && strlen(name) < sizeof out->asan_runtime)
        strcpy(out->asan_runtime, name);
    }
  }
}

static void read_sections(const elf_view *v, exec_elf_info *out)
{
  Elf64_Ehdr eh;
  if (v->size < sizeof eh)
    return;
  memcpy(&eh, v->data, sizeof eh);
  if (memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
      eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_shentsize != sizeof(Elf64_Shdr))
    return;
  if (!in_file(v, eh.e_shoff, (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr)) ||
      eh.e_shstrndx >= eh.e_shnum)
    return;
  out->is_elf64_le = true;
  Elf64_Shdr *sh = malloc((size_t)eh.e_shnum * sizeof *sh);
  if (!sh)
    return;
  memcpy(sh, v->data + eh.e_shoff, (size_t)eh.e_shnum * sizeof *sh);
  const Elf64_Shdr *names = &sh[eh.e_shstrndx];
  for (unsigned i = 0; i < eh.e_shnum; i++) {
    const char *name = string_at(v, names->sh_offset, names->sh_size, sh[i].sh_name);
    if (name && strcmp(name, ".nv_fatbin") == 0)
      out->has_fatbin = true;
    if (sh[i].sh_type == SHT_DYNAMIC && sh[i].sh_link < eh.e_shnum)
      read_dynamic(v, &sh[i], &sh[sh[i].sh_link], out);
  }
  free(sh);
}

int exec_elf_inspect(const char *path, exec_elf_info *out, char *err, size_t errlen)
{
  memset(out, 0, sizeof *out);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) {
    snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
    if (fd >= 0)
      close(fd);
    return -1;
  }
  if (!S_ISREG(st.st_mode) || st.st_size == 0) {
    close(fd);
    return 0;
  }
  void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (map == MAP_FAILED) {
    snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
    return -1;
  }
  exec_elf_inspect_bytes(map, (size_t)st.st_size, out);
  munmap(map, (size_t)st.st_size);
  return 0;
}

void exec_elf_inspect_bytes(const void *data, size_t size, exec_elf_info *out)
{
  memset(out, 0, sizeof *out);
  elf_view v = {data, size};
  read_sections(&v, out);
}
