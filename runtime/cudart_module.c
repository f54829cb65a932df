/* cudart_module.c -- registered fatbinaries, kernels and variables, and
 * loading their PTX onto the simulated GPU.
 *
 * nvcc's start-up code registers each translation unit's fatbinary, then
 * its kernels (host stub -> .entry name) and variables (host shadow -> PTX
 * name), then ends the registration; cudart_register.c receives those calls
 * and records them here.  Loading is: fatbinary -> the PTX best suited to
 * the simulated GPU (frontend/ptx_fatbin.h: decompressed, the highest arch
 * not above the GPU's) -> ptxsim_module_load_string -> ptxsim_device_load.
 * A module that cannot be loaded is reported once, on stderr, and its
 * kernels then fail to launch with the error kept in load_error:
 * cudaErrorNoKernelImageForDevice when the executable holds no PTX (the
 * reader's message says how to rebuild), cudaErrorInvalidPtx when ptxsim
 * cannot parse or execute the PTX (the "JIT compilation" failed).
 *
 * PTXSIM_DUMP_PTX=DIR writes each module's PTX to DIR/NAME, the name
 * messages use, so that "NAME:LINE:COL" locations can be looked up.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_fatbin.h"
#include "frontend/ptx_link.h"
#include "runtime/cudart_state.h"

/* Appends p to the growable array *a (n, cap); false when out of memory. */
static bool push_ptr(void ***a, size_t *n, size_t *cap, void *p)
{
  if (*n == *cap) {
    size_t c = *cap ? 2 * *cap : 16;
    void **na = realloc(*a, c * sizeof *na);
    if (!na)
      return false;
    *a = na;
    *cap = c;
  }
  (*a)[(*n)++] = p;
  return true;
}

rt_module *rt_module_add(rt_state *st, const void *wrapper)
{
  rt_module *m = calloc(1, sizeof *m);
  if (!m || !push_ptr((void ***)&st->mods, &st->n_mods, &st->cap_mods, m)) {
    free(m);
    return NULL;
  }
  m->wrapper = wrapper;
  m->index = (unsigned)(st->n_mods - 1);
  if (m->index == 0)
    snprintf(m->name, sizeof m->name, "%s.ptx", rt_program_name());
  else
    snprintf(m->name, sizeof m->name, "%s.%u.ptx", rt_program_name(), m->index + 1);
  return m;
}

rt_module *rt_module_of_handle(rt_state *st, void **handle)
{
  /* The handle is the rt_module itself; check it is one of ours. */
  for (size_t i = st->n_mods; i-- > 0;)
    if ((void *)st->mods[i] == (void *)handle)
      return st->mods[i];
  return NULL;
}

static void dump_ptx(const rt_module *m, const char *text, size_t len)
{
  const char *dir = getenv("PTXSIM_DUMP_PTX");
  if (!dir || !*dir)
    return;
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, m->name);
  FILE *f = fopen(path, "w");
  if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
    rt_message("warning: PTXSIM_DUMP_PTX: cannot write %s", path);
    if (f)
      fclose(f);
  }
}

/* The simulated GPU's compute capability as a fatbinary arch (90). */
static unsigned target_arch(const rt_state *st)
{
  if (!st->has_props)
    return 90;
  return (unsigned)(st->props.cc_major * 10 + st->props.cc_minor);
}

/* The PTX of the fatbinary at wrapper for a GPU of arch target (see
 * ptx_fatbin_ptx_for_arch), refused as the CUDA driver refuses it when
 * every PTX is for a newer GPU: PTX_ENOTFOUND with what to do in err. */
static int ptx_for_device(const void *wrapper, unsigned target, char **text, size_t *len,
                          char *err, size_t errlen)
{
  ptx_fatbin_entry *entries;
  size_t n;
  int rc = ptx_fatbin_parse(wrapper, SIZE_MAX, &entries, &n, err, errlen);
  if (rc)
    return rc;
  int i = ptx_fatbin_select_ptx(entries, n, target, err, errlen);
  if (i >= 0 && entries[i].arch > target) {
    unsigned need = entries[i].arch;
    snprintf(err, errlen,
             "no kernel image for the device: the kernels are built for compute capability "
             "%u.%u (compute_%u) and the simulated GPU is %u.%u (sm_%u); choose a newer one "
             "with ptxsim exec --device, or rebuild for sm_%u",
             need / 10, need % 10, need, target / 10, target % 10, target, target);
    i = PTXSIM_E_NOTFOUND;
  }
  rc = i < 0 ? i : ptx_fatbin_extract_ptx(&entries[i], text, len, err, errlen);
  free(entries);
  return rc;
}

/* Relocatable device code (nvcc -rdc=true): the wrapper (version 2)
 * points at nvlink's fatbinary, which holds the linked SASS only, and at
 * the NULL-terminated list of the translation units' own fatbinaries
 * (crt/link.stub's __cudaPrelinkedFatbins), which hold their PTX.  The
 * PTX of every unit that has one is linked into one text
 * (frontend/ptx_link.h); a unit without PTX (SASS-only) is skipped, and
 * what it alone defines is then reported missing when the module loads. */
static int linked_ptx_for_device(const ptx_fatbin_wrapper *w, unsigned target, char **text,
                                 size_t *len, char *err, size_t errlen)
{
  const void *const *units = w->filename_or_fatbins;
  size_t n = 0;
  while (units && units[n])
    n++;
  char **texts = calloc(n ? n : 1, sizeof *texts);
  size_t *lens = calloc(n ? n : 1, sizeof *lens);
  int rc = texts && lens ? 0 : PTXSIM_E_NOMEM;
  size_t got = 0;
  for (size_t i = 0; i < n && !rc; i++) {
    int r = ptx_for_device(units[i], target, &texts[got], &lens[got], err, errlen);
    if (r == PTXSIM_E_NOMEM)
      rc = r;
    else if (r == 0)
      got++;
  }
  if (!rc && !got) {
    if (!n)
      snprintf(err, errlen, "relocatable device code without its translation units' "
               "fatbinaries");
    rc = PTXSIM_E_NOTFOUND;
  }
  if (!rc) {
    int r = ptx_link((const char *const *)texts, lens, got, text, len, err, errlen);
    rc = r == PTXSIM_E_NOMEM ? r : r ? PTXSIM_E_PARSE : 0; /* PTX_E* equal PTXSIM_E_* */
  }
  for (size_t i = 0; i < got; i++)
    free(texts[i]);
  free(texts);
  free(lens);
  return rc;
}

/* Fatbinary -> parsed module; sets load_error on failure. */
static void parse_module(rt_state *st, rt_module *m)
{
  m->is_parsed = true;
  char err[1024];
  size_t len = 0;
  const ptx_fatbin_wrapper *w = m->wrapper;
  bool is_linked = w && w->magic == PTX_FATBIN_WRAPPER_MAGIC && w->version == 2;
  int rc = is_linked ? linked_ptx_for_device(w, target_arch(st), &m->ptx, &len, err, sizeof err)
                     : ptx_for_device(m->wrapper, target_arch(st), &m->ptx, &len, err,
                                      sizeof err);
  if (rc) {
    if (rc == PTXSIM_E_PARSE) {
      rt_message("error: %s: %s", rt_program_name(), err);
      m->load_error = cudaErrorInvalidPtx;
      return;
    }
    if (m->index == 0)
      rt_message("error: %s: %s", rt_program_name(), err);
    else
      rt_message("error: %s (fatbinary %u): %s", rt_program_name(), m->index + 1, err);
    m->load_error = rc == PTXSIM_E_NOMEM ? cudaErrorMemoryAllocation
                                        : cudaErrorNoKernelImageForDevice;
    return;
  }
  dump_ptx(m, m->ptx, len);
  char *messages = NULL;
  rc = ptxsim_module_load_string(m->ptx, len, m->name, &m->module, &messages);
  if (rc) {
    rt_message("error: the PTX of %s does not load:\n%s", m->name,
               messages ? messages : ptxsim_status_string(rc));
    m->load_error = rc == PTXSIM_E_NOMEM ? cudaErrorMemoryAllocation : cudaErrorInvalidPtx;
  }
  ptxsim_free(messages);
}

/* After loading: the kernels' parameter counts, the managed variables'
 * host pointers. */
static void bind_module(rt_state *st, rt_module *m)
{
  for (size_t i = 0; i < st->n_kernels; i++) {
    rt_kernel *k = st->kernels[i];
    if (k->mod != m)
      continue;
    int n = ptxsim_module_kernel_param_count(m->module, k->name);
    k->is_found = n >= 0;
    k->n_params = n >= 0 ? (size_t)n : 0;
  }
  for (size_t i = 0; i < st->n_vars; i++) {
    rt_var *v = st->vars[i];
    if (v->mod != m || !v->managed_ptr)
      continue;
    /* .attribute(.managed) variables are unified memory on the device:
     * their device address is also the host's pointer to them. */
    ptxsim_devptr addr;
    size_t size;
    if (ptxsim_symbol_address_in(st->dev, m->module, v->name, &addr, &size) != PTXSIM_OK)
      continue;
    *v->managed_ptr = (void *)(uintptr_t)addr;
    /* C++ code names the variable by its address (cudaMemcpyToSymbol(mv,
     * ...) takes &mv, which is this pointer's target): map that too. */
    (void)rt_map_put(&st->var_by_host, (uintptr_t)addr, v);
  }
}

cudaError_t rt_module_load(rt_state *st, rt_module *m)
{
  if (m->is_loaded || m->is_unregistered)
    return m->load_error;
  if (!m->is_parsed)
    parse_module(st, m);
  if (m->load_error != cudaSuccess || !st->dev)
    return m->load_error;
  int rc = ptxsim_device_load(st->dev, m->module);
  if (rc) {
    const char *why = ptxsim_device_error(st->dev);
    rt_message("error: %s cannot run on ptxsim:\n%s", m->name,
               *why ? why : ptxsim_status_string(rc));
    m->load_error = rc == PTXSIM_E_NOMEM ? cudaErrorMemoryAllocation : cudaErrorInvalidPtx;
    return m->load_error;
  }
  m->is_loaded = true;
  bind_module(st, m);
  return cudaSuccess;
}

void rt_modules_load_all(rt_state *st)
{
  for (size_t i = 0; i < st->n_mods; i++)
    (void)rt_module_load(st, st->mods[i]);
}

rt_kernel *rt_kernel_add(rt_state *st, rt_module *m, const void *host_fun, const char *name)
{
  rt_kernel *k = calloc(1, sizeof *k);
  char *copy = strdup(name);
  if (!k || !copy || !push_ptr((void ***)&st->kernels, &st->n_kernels, &st->cap_kernels, k)) {
    free(k);
    free(copy);
    return NULL;
  }
  *k = (rt_kernel){.host_fun = host_fun, .name = copy, .mod = m, .max_dyn_shared = -1,
                   .carveout = -1};
  /* A host stub registered twice (a module registered again) maps to the
   * latest registration. */
  if (!rt_map_put(&st->kernel_by_host, (uintptr_t)host_fun, k) ||
      !rt_map_put(&st->kernel_by_handle, (uintptr_t)k, k))
    return NULL;
  if (m->is_loaded)
    bind_module(st, m);
  return k;
}

rt_var *rt_var_add(rt_state *st, rt_module *m, const void *host_var, const char *name,
                   size_t size, bool is_constant, void **managed_ptr)
{
  rt_var *v = calloc(1, sizeof *v);
  char *copy = strdup(name);
  if (!v || !copy || !push_ptr((void ***)&st->vars, &st->n_vars, &st->cap_vars, v)) {
    free(v);
    free(copy);
    return NULL;
  }
  *v = (rt_var){.host_var = host_var, .name = copy, .mod = m, .size = size,
                .is_constant = is_constant, .managed_ptr = managed_ptr};
  if (!rt_map_put(&st->var_by_host, (uintptr_t)host_var, v))
    return NULL;
  if (m->is_loaded)
    bind_module(st, m);
  return v;
}

rt_kernel *rt_kernel_find(rt_state *st, const void *func)
{
  rt_kernel *k = rt_map_get(&st->kernel_by_host, (uintptr_t)func);
  return k ? k : rt_map_get(&st->kernel_by_handle, (uintptr_t)func);
}

rt_var *rt_var_find(rt_state *st, const void *symbol)
{
  return rt_map_get(&st->var_by_host, (uintptr_t)symbol);
}

void rt_modules_free(rt_state *st)
{
  for (size_t i = 0; i < st->n_kernels; i++) {
    free(st->kernels[i]->name);
    free(st->kernels[i]);
  }
  for (size_t i = 0; i < st->n_vars; i++) {
    free(st->vars[i]->name);
    free(st->vars[i]);
  }
  for (size_t i = 0; i < st->n_mods; i++) {
    ptxsim_module_free(st->mods[i]->module);
    free(st->mods[i]->ptx);
    free(st->mods[i]);
  }
  free(st->kernels);
  free(st->vars);
  free(st->mods);
  st->kernels = NULL;
  st->vars = NULL;
  st->mods = NULL;
  st->n_kernels = st->n_vars = st->n_mods = 0;
  st->cap_kernels = st->cap_vars = st->cap_mods = 0;
  rt_map_clear(&st->kernel_by_host);
  rt_map_clear(&st->kernel_by_handle);
  rt_map_clear(&st->var_by_host);
}
