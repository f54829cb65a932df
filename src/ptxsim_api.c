/* ptxsim_api.c -- the public C interface (include/ptxsim.h) over the
 * front end.  No global state: each module owns its IR. */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "frontend/ptx_parse.h"
#include "isa/fp_common.h"
#include "isa/isa_prog.h"
#include "isa/simt.h"
#include "isa/simt_dyn.h"
#include "isa/tex_sample.h"
#include "ptxsim.h"
#include "src/ptxsim_api_int.h"
#include "src/report.h"

_Static_assert(PTX_EPARSE == (int)PTXSIM_E_PARSE && PTX_ENOMEM == (int)PTXSIM_E_NOMEM &&
                 PTX_EIO == (int)PTXSIM_E_IO && PTX_EINVAL == (int)PTXSIM_E_INVALID &&
                 PTX_ENOTFOUND == (int)PTXSIM_E_NOTFOUND,
               "internal and public error codes differ");

struct ptxsim_module {
  ptx_module *ir;
};

const char *ptxsim_version(void)
{
  return PACKAGE_VERSION;
}

const char *ptxsim_status_string(int status)
{
  switch (status) {
  case PTXSIM_OK: return "success";
  case PTXSIM_E_INVALID: return "invalid argument";
  case PTXSIM_E_PARSE: return "the PTX has errors";
  case PTXSIM_E_NOMEM: return "out of memory";
  case PTXSIM_E_IO: return "input/output error";
  case PTXSIM_E_NOTFOUND: return "not found";
  case PTXSIM_E_UNSUPPORTED: return "the module uses an instruction ptxsim cannot execute";
  case PTXSIM_E_LAUNCH: return "invalid launch";
  case PTXSIM_E_FAULT: return "the kernel made an invalid memory access";
  case PTXSIM_E_TRAP: return "the kernel trapped";
  case PTXSIM_E_DEADLOCK: return "barrier deadlock";
  case PTXSIM_E_TIMEOUT: return "the kernel exceeded the instruction limit";
  default: return "unknown status";
  }
}

void ptxsim_free(void *p)
{
  free(p);
}

static int finish_load(int rc, ptx_module *ir, ptx_diag *d, ptxsim_module **out, char **messages)
{
  if (messages) {
    const char *text = ptx_diag_text(d);
    *messages = *text ? strdup(text) : NULL;
  }
  if (rc != 0) {
    ptx_diag_free(d);
    return rc; /* PTX_E* codes equal PTXSIM_E_* */
  }
  ptx_diag_free(d);
  ptxsim_module *m = malloc(sizeof *m);
  if (!m) {
    ptx_module_free(ir);
    return PTXSIM_E_NOMEM;
  }
  m->ir = ir;
  *out = m;
  return PTXSIM_OK;
}

int ptxsim_module_load_file(const char *path, ptxsim_module **out, char **messages)
{
  if (messages)
    *messages = NULL;
  if (!path || !out)
    return PTXSIM_E_INVALID;
  *out = NULL;
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ptx_module *ir = NULL;
  int rc = ptx_parse_file(path, &d, &ir);
  return finish_load(rc, ir, &d, out, messages);
}

int ptxsim_module_load_string(const char *ptx, size_t len, const char *name, ptxsim_module **out,
                              char **messages)
{
  if (messages)
    *messages = NULL;
  if (!ptx || !out)
    return PTXSIM_E_INVALID;
  *out = NULL;
  ptx_diag d;
  ptx_diag_init(&d, NULL);
  ptx_module *ir = NULL;
  int rc = ptx_parse_string(ptx, len, name ? name : "<string>", &d, &ir);
  return finish_load(rc, ir, &d, out, messages);
}

void ptxsim_module_free(ptxsim_module *m)
{
  if (!m)
    return;
  ptx_module_free(m->ir);
  free(m);
}

static const ptx_func *kernel_at(const ptx_module *ir, size_t i)
{
  for (uint32_t k = 0; k < ir->n_funcs; k++) {
    const ptx_func *f = ir->funcs[k];
    if (f->is_entry && f->has_body && i-- == 0)
      return f;
  }
  return NULL;
}

size_t ptxsim_module_kernel_count(const ptxsim_module *m)
{
  size_t n = 0;
  while (m && kernel_at(m->ir, n))
    n++;
  return n;
}

const char *ptxsim_module_kernel_name(const ptxsim_module *m, size_t i)
{
  const ptx_func *f = m ? kernel_at(m->ir, i) : NULL;
  return f ? f->sym.name->str : NULL;
}

int ptxsim_module_kernel_param_count(const ptxsim_module *m, const char *kernel)
{
  if (!m || !kernel)
    return PTXSIM_E_INVALID;
  const ptx_func *f = ptx_module_find_func(m->ir, kernel);
  if (!f || !f->is_entry)
    return PTXSIM_E_NOTFOUND;
  return (int)f->n_params;
}

/* ------------------------------------------------------------------ */
/* Devices.                                                             */

typedef struct loaded_program {
  const ptxsim_module *module;
  isa_program *prog;
} loaded_program;

/* A module variable placed in device memory. */
typedef struct device_symbol {
  const char *name;
  const ptxsim_module *module; /* the module that defined it */
  uint64_t addr, size;
} device_symbol;

struct ptxsim_device {
  simt_mem mem;
  loaded_program *progs;
  size_t n_progs;
  device_symbol *syms;
  size_t n_syms, cap_syms;
  FILE *out;
  uint64_t max_insns, stack_limit;
  unsigned host_threads;         /* ptxsim_device_set_threads */
  char *error;
  ptxsim_stats stats;
  char *stats_kernel;
  ptxsim_device_props profile; /* the GPU it presents itself as */
  ptxsim_device_props props;   /* what it reports: api_props_update */
  isa_tex_table tex;     /* texture and surface objects (ptxsim_tex.c) */
  report_state *report;  /* run-time reports and trace (report_*.c), NULL: off */
  api_timing timing;     /* timing mode (ptxsim_timing.c) */
  api_progress progress; /* the progress line (ptxsim_progress.c) */
  simt_children children; /* device-side launches of the running launch */
};


static int set_error(ptxsim_device *d, int status, const char *fmt, ...) PTX_PRINTF(3, 4);
static int set_error(ptxsim_device *d, int status, const char *fmt, ...)
{
  char buf[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  free(d->error);
  d->error = strdup(buf);
  return status;
}

static void clear_error(ptxsim_device *d)
{
  free(d->error);
  d->error = NULL;
}

/* For the API's other files (ptxsim_api_int.h). */
int api_error(ptxsim_device *d, int status, const char *msg)
{
  return set_error(d, status, "%s", msg);
}

void api_clear_error(ptxsim_device *d)
{
  clear_error(d);
}

simt_mem *api_mem(ptxsim_device *d)
{
  return &d->mem;
}

/* Each of count devices gets an equal, 64 GiB aligned slice of the global
 * range below the generic windows; a single device keeps all of it. */
int ptxsim_device_set_address_slice(ptxsim_device *d, unsigned index, unsigned count)
{
  if (!d || count == 0 || index >= count || count > SIMT_MEM_MAX_PEERS + 1)
    return PTXSIM_E_INVALID;
  uint64_t span = ((ISA_SHARED_WINDOW - ISA_GLOBAL_BASE) / count) & ~((UINT64_C(1) << 36) - 1);
  uint64_t base = ISA_GLOBAL_BASE + index * span;
  uint64_t limit = index + 1 == count ? ISA_SHARED_WINDOW : base + span;
  return simt_mem_set_range(&d->mem, base, limit) ? PTXSIM_E_INVALID : PTXSIM_OK;
}

int ptxsim_device_set_peer(ptxsim_device *d, ptxsim_device *peer, int mode)
{
  if (!d || !peer || d == peer || mode < 0 || mode > 2)
    return PTXSIM_E_INVALID;
  return simt_mem_set_peer(&d->mem, &peer->mem, mode != 0, mode == 2) ? PTXSIM_E_NOMEM
                                                                       : PTXSIM_OK;
}

isa_tex_table *api_tex(ptxsim_device *d)
{
  return &d->tex;
}

api_timing *api_timing_of(ptxsim_device *d)
{
  return &d->timing;
}

api_progress *api_progress_of(ptxsim_device *d)
{
  return &d->progress;
}

report_state **api_report(ptxsim_device *d)
{
  return &d->report;
}

void api_set_profile(ptxsim_device *d, const ptxsim_device_props *p)
{
  d->profile = *p;
  api_props_update(d);
}

void api_props_update(ptxsim_device *d)
{
  d->props = d->profile;
  if (d->timing.mode == PTXSIM_MODE_TIMING)
    api_timing_props(&d->timing, &d->props);
}

int ptxsim_device_create(ptxsim_device **out)
{
  if (!out)
    return PTXSIM_E_INVALID;
  ptxsim_device *d = calloc(1, sizeof *d);
  if (!d)
    return PTXSIM_E_NOMEM;
  simt_mem_init(&d->mem);
  d->mem.heap_limit = UINT64_C(8) << 20;
  d->max_insns = UINT64_C(1) << 40;
  d->stack_limit = UINT64_C(64) << 10;
  (void)ptxsim_device_set_threads(d, 0);
  api_set_profile(d, api_profile_props(PTXSIM_DEFAULT_PROFILE));
  *out = d;
  return PTXSIM_OK;
}

void ptxsim_device_destroy(ptxsim_device *d)
{
  if (!d)
    return;
  /* Timing mode's kernels point into the programs: free them first. */
  api_timing_release(&d->timing);
  for (size_t i = 0; i < d->n_progs; i++)
    isa_program_free(d->progs[i].prog);
  free(d->progs);
  free(d->syms);
  simt_mem_release(&d->mem);
  isa_tex_table_release(&d->tex);
  report_state_free(d->report);
  free(d->error);
  free(d->stats_kernel);
  simt_children_release(&d->children);
  free(d);
}

const char *ptxsim_device_error(const ptxsim_device *d)
{
  return d && d->error ? d->error : "";
}

void ptxsim_device_set_output(ptxsim_device *d, FILE *out)
{
  if (d)
    d->out = out;
}

int ptxsim_device_set_threads(ptxsim_device *d, unsigned n)
{
  if (!d)
    return PTXSIM_E_INVALID;
  if (!n) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    n = cores > 0 ? (unsigned)cores : 1;
  }
  d->host_threads = n;
  return PTXSIM_OK;
}

int ptxsim_device_set_limit(ptxsim_device *d, ptxsim_limit which, uint64_t value)
{
  if (!d)
    return PTXSIM_E_INVALID;
  switch (which) {
  case PTXSIM_LIMIT_INSTRUCTIONS: d->max_insns = value; break;
  case PTXSIM_LIMIT_STACK_SIZE: d->stack_limit = value; break;
  case PTXSIM_LIMIT_MALLOC_HEAP_SIZE: d->mem.heap_limit = value; break;
  default: return set_error(d, PTXSIM_E_INVALID, "unknown limit %d", (int)which);
  }
  return PTXSIM_OK;
}

/* ---- module variables ----------------------------------------------- */

typedef struct load_ctx {
  ptxsim_device *d;
  const ptxsim_module *module;
  const ptx_module *ir;
  ptx_diag *diag;
} load_ctx;

/* The variable called name that module m defined, or (m NULL) the most
 * recently loaded module's. */
static device_symbol *find_symbol(ptxsim_device *d, const ptxsim_module *m, const char *name)
{
  for (size_t i = d->n_syms; i-- > 0;)
    if ((!m || d->syms[i].module == m) && !strcmp(d->syms[i].name, name))
      return &d->syms[i];
  return NULL;
}

static int resolve_var(void *ctx, const ptx_var *v, uint64_t *addr)
{
  load_ctx *lc = ctx;
  ptxsim_device *d = lc->d;
  /* An .extern declaration refers to a variable another module defined. */
  if (v->linkage == PTX_LINK_EXTERN) {
    device_symbol *s = find_symbol(d, NULL, v->sym.name->str);
    if (s) {
      *addr = s->addr;
      return 0;
    }
  }
  uint64_t size = ptx_var_size_bytes(v);
  /* .attribute(.managed) variables (CUDA's __managed__) are unified
   * memory: the host uses them at their device address. */
  int rc = v->space == PTX_SPACE_GLOBAL && (v->flags & PTX_VARF_MANAGED)
             ? simt_mem_alloc_unified(&d->mem, size, addr)
             : simt_mem_alloc(&d->mem, size,
                              v->space == PTX_SPACE_CONST ? SIMT_ALLOC_CONST : SIMT_ALLOC_GLOBAL,
                              v->sym.name->str, addr);
  if (rc)
    return rc;
  if (d->n_syms == d->cap_syms) {
    size_t cap = d->cap_syms ? 2 * d->cap_syms : 16;
    device_symbol *s = realloc(d->syms, cap * sizeof *s);
    if (!s)
      return PTX_ENOMEM;
    d->syms = s;
    d->cap_syms = cap;
  }
  d->syms[d->n_syms++] = (device_symbol){v->sym.name->str, lc->module, *addr, size};
  return 0;
}

/* Writes an initializer of element type t at host h (bounded by end). */
static void write_scalar(uint8_t *h, uint8_t *end, unsigned bytes, uint64_t v)
{
  if (h + bytes <= end)
    memcpy(h, &v, bytes);
}

static uint64_t init_value(ptxsim_device *d, const isa_program *p, const ptx_init *in,
                           uint8_t type)
{
  switch (in->kind) {
  case PTX_INIT_INT:
    if (ptx_type_kind_of((ptx_type)type) == PTX_TK_FLOAT) {
      /* An integer written for a float element is its value. */
      double v = in->is_unsigned ? (double)in->u.bits : (double)(int64_t)in->u.bits;
      if (type == PTX_TYPE_F32)
        return isa_f32_bits((float)v);
      if (type == PTX_TYPE_F64)
        return isa_f64_bits(v);
    }
    return in->u.bits;
  case PTX_INIT_F32:
    return type == PTX_TYPE_F64 ? isa_f64_bits((double)isa_f32_from_bits((uint32_t)in->u.bits))
                                : in->u.bits;
  case PTX_INIT_F64:
    return type == PTX_TYPE_F32 ? isa_f32_bits((float)isa_f64_from_bits(in->u.bits))
                                : in->u.bits;
  case PTX_INIT_SYM: {
    const ptx_sym *s = in->u.sym.sym;
    uint64_t base = 0;
    if (s->kind == PTX_SYM_VAR) {
      device_symbol *ds = find_symbol(d, NULL, s->name->str);
      base = ds ? ds->addr : 0;
    } else if (s->kind == PTX_SYM_FUNC) {
      for (uint32_t i = 0; i < p->n_funcs; i++)
        if (!strcmp(p->funcs[i].name, s->name->str))
          base = isa_func_address(&p->funcs[i]);
    }
    return base + (uint64_t)in->u.sym.offset;
  }
  case PTX_INIT_MASK: {
    uint64_t v = init_value(d, p, in->u.mask.inner, PTX_TYPE_B64);
    uint64_t m = in->u.mask.mask;
    unsigned shift = m ? (unsigned)__builtin_ctzll(m) : 0;
    return (v & m) >> shift;
  }
  default:
    return 0;
  }
}

static uint8_t *write_init(ptxsim_device *d, const isa_program *p, const ptx_init *in,
                           uint8_t type, unsigned bytes, uint8_t *h, uint8_t *end)
{
  if (in->kind == PTX_INIT_LIST) {
    for (uint32_t i = 0; i < in->n; i++)
      h = write_init(d, p, &in->u.elems[i], type, bytes, h, end);
    return h;
  }
  write_scalar(h, end, bytes, init_value(d, p, in, type));
  return h + bytes;
}

static int init_globals(ptxsim_device *d, const isa_program *p)
{
  const ptx_module *m = p->ir;
  for (uint32_t i = 0; i < m->n_vars; i++) {
    const ptx_var *v = m->vars[i];
    if ((v->space != PTX_SPACE_GLOBAL && v->space != PTX_SPACE_CONST) || !v->init)
      continue;
    device_symbol *s = find_symbol(d, NULL, v->sym.name->str);
    uint8_t *h = s ? simt_mem_host(&d->mem, s->addr, s->size) : NULL;
    if (!h)
      continue;
    unsigned bytes = ptx_type_bits((ptx_type)v->type) / 8;
    if (bytes == 0)
      bytes = 1;
    write_init(d, p, v->init, v->type, bytes, h, h + s->size);
  }
  return 0;
}

int ptxsim_device_load(ptxsim_device *d, const ptxsim_module *m)
{
  if (!d || !m)
    return PTXSIM_E_INVALID;
  clear_error(d);
  ptx_diag diag;
  ptx_diag_init(&diag, NULL);
  load_ctx lc = {d, m, m->ir, &diag};
  isa_program *p = NULL;
  int rc = isa_decode(m->ir, resolve_var, &lc, &diag, &p);
  if (rc) {
    const char *text = ptx_diag_text(&diag);
    set_error(d, rc == PTX_EINVAL ? PTXSIM_E_UNSUPPORTED : rc, "%s",
              *text ? text : "could not decode the module\n");
    ptx_diag_free(&diag);
    return rc == PTX_EINVAL ? PTXSIM_E_UNSUPPORTED : rc;
  }
  ptx_diag_free(&diag);
  loaded_program *lp = realloc(d->progs, (d->n_progs + 1) * sizeof *lp);
  if (!lp) {
    isa_program_free(p);
    return PTXSIM_E_NOMEM;
  }
  d->progs = lp;
  d->progs[d->n_progs++] = (loaded_program){m, p};
  init_globals(d, p);
  return PTXSIM_OK;
}

/* ---- memory ------------------------------------------------------------ */

int ptxsim_malloc(ptxsim_device *d, size_t bytes, ptxsim_devptr *out)
{
  if (!d || !out)
    return PTXSIM_E_INVALID;
  clear_error(d);
  if (d->mem.bytes_live + bytes > d->props.global_mem_bytes ||
      simt_mem_alloc(&d->mem, bytes, SIMT_ALLOC_HEAP, NULL, out))
    return set_error(d, PTXSIM_E_NOMEM,
                     "cannot allocate %zu bytes of device memory (%" PRIu64 " of %zu in use)",
                     bytes, d->mem.bytes_live, d->props.global_mem_bytes);
  return PTXSIM_OK;
}

int ptxsim_malloc_unified(ptxsim_device *d, size_t bytes, void **out)
{
  if (!d || !out)
    return PTXSIM_E_INVALID;
  clear_error(d);
  uint64_t addr;
  if (d->mem.bytes_live + bytes > d->props.global_mem_bytes ||
      simt_mem_alloc_unified(&d->mem, bytes, &addr))
    return set_error(d, PTXSIM_E_NOMEM, "cannot allocate %zu bytes of unified memory", bytes);
  *out = (void *)(uintptr_t)addr;
  return PTXSIM_OK;
}

int ptxsim_pointer_info(ptxsim_device *d, ptxsim_devptr p, ptxsim_devptr *base, size_t *size)
{
  if (!d)
    return PTXSIM_E_INVALID;
  clear_error(d);
  const simt_alloc *a = simt_mem_find(&d->mem, p);
  if (!a || a->is_freed)
    return set_error(d, PTXSIM_E_NOTFOUND, "0x%" PRIx64 " is not device memory", p);
  if (base)
    *base = a->base;
  if (size)
    *size = a->size;
  return PTXSIM_OK;
}

int ptxsim_mem_get_info(ptxsim_device *d, size_t *free_bytes, size_t *total_bytes)
{
  if (!d)
    return PTXSIM_E_INVALID;
  size_t total = d->props.global_mem_bytes;
  size_t used = d->mem.bytes_live < total ? (size_t)d->mem.bytes_live : total;
  if (free_bytes)
    *free_bytes = total - used;
  if (total_bytes)
    *total_bytes = total;
  return PTXSIM_OK;
}

int ptxsim_device_get_props(const ptxsim_device *d, ptxsim_device_props *out)
{
  if (!d || !out)
    return PTXSIM_E_INVALID;
  *out = d->props;
  return PTXSIM_OK;
}

int ptxsim_mem_free(ptxsim_device *d, ptxsim_devptr p)
{
  if (!d)
    return PTXSIM_E_INVALID;
  clear_error(d);
  simt_alloc *a = simt_mem_find(&d->mem, p);
  bool user_alloc = a && (a->kind == SIMT_ALLOC_HEAP || a->kind == SIMT_ALLOC_UNIFIED);
  if (!user_alloc || a->base != p || a->is_freed)
    return set_error(d, PTXSIM_E_INVALID,
                     "ptxsim_mem_free: 0x%" PRIx64 " is not the start of a live allocation%s", p,
                     a && a->is_freed ? " (it was freed already)" : "");
  return simt_mem_free(&d->mem, p) ? PTXSIM_E_INVALID : PTXSIM_OK;
}

static uint8_t *host_range(ptxsim_device *d, ptxsim_devptr p, size_t n, const char *what)
{
  if (n == 0) {
    static uint8_t none;
    return &none;
  }
  uint8_t *h = simt_mem_host(&d->mem, p, n);
  if (!h)
    set_error(d, PTXSIM_E_INVALID,
              "%s: [0x%" PRIx64 ", +%zu) is not inside one live device allocation", what, p, n);
  return h;
}

int ptxsim_memcpy_htod(ptxsim_device *d, ptxsim_devptr dst, const void *src, size_t n)
{
  if (!d || (!src && n))
    return PTXSIM_E_INVALID;
  clear_error(d);
  uint8_t *h = host_range(d, dst, n, "ptxsim_memcpy_htod");
  if (!h)
    return PTXSIM_E_INVALID;
  if (n)
    memcpy(h, src, n);
  return PTXSIM_OK;
}

int ptxsim_memcpy_dtoh(ptxsim_device *d, void *dst, ptxsim_devptr src, size_t n)
{
  if (!d || (!dst && n))
    return PTXSIM_E_INVALID;
  clear_error(d);
  uint8_t *h = host_range(d, src, n, "ptxsim_memcpy_dtoh");
  if (!h)
    return PTXSIM_E_INVALID;
  if (n)
    memcpy(dst, h, n);
  return PTXSIM_OK;
}

int ptxsim_memcpy_dtod(ptxsim_device *d, ptxsim_devptr dst, ptxsim_devptr src, size_t n)
{
  if (!d)
    return PTXSIM_E_INVALID;
  clear_error(d);
  uint8_t *s = host_range(d, src, n, "ptxsim_memcpy_dtod (source)");
  uint8_t *t = s ? host_range(d, dst, n, "ptxsim_memcpy_dtod (destination)") : NULL;
  if (!s || !t)
    return PTXSIM_E_INVALID;
  if (n)
    memmove(t, s, n);
  return PTXSIM_OK;
}

int ptxsim_memset(ptxsim_device *d, ptxsim_devptr dst, int byte, size_t n)
{
  if (!d)
    return PTXSIM_E_INVALID;
  clear_error(d);
  uint8_t *h = host_range(d, dst, n, "ptxsim_memset");
  if (!h)
    return PTXSIM_E_INVALID;
  if (n)
    memset(h, byte, n);
  return PTXSIM_OK;
}

int ptxsim_symbol_address(ptxsim_device *d, const char *name, ptxsim_devptr *addr, size_t *size)
{
  return ptxsim_symbol_address_in(d, NULL, name, addr, size);
}

int ptxsim_symbol_address_in(ptxsim_device *d, const ptxsim_module *m, const char *name,
                             ptxsim_devptr *addr, size_t *size)
{
  if (!d || !name)
    return PTXSIM_E_INVALID;
  clear_error(d);
  device_symbol *s = find_symbol(d, m, name);
  if (!s)
    return set_error(d, PTXSIM_E_NOTFOUND, "no .global or .const variable named '%s'", name);
  if (addr)
    *addr = s->addr;
  if (size)
    *size = s->size;
  return PTXSIM_OK;
}

static int symbol_range(ptxsim_device *d, const ptxsim_module *m, const char *name,
                        size_t offset, size_t n, uint8_t **h)
{
  if (!d || !name)
    return PTXSIM_E_INVALID;
  clear_error(d);
  device_symbol *s = find_symbol(d, m, name);
  if (!s)
    return set_error(d, PTXSIM_E_NOTFOUND, "no .global or .const variable named '%s'", name);
  if (offset > s->size || n > s->size - offset)
    return set_error(d, PTXSIM_E_INVALID,
                     "'%s' has %" PRIu64 " bytes; cannot access %zu bytes at offset %zu", name,
                     s->size, n, offset);
  *h = simt_mem_host(&d->mem, s->addr, s->size);
  if (!*h)
    return set_error(d, PTXSIM_E_INVALID, "'%s' is not in device memory", name);
  *h += offset;
  return PTXSIM_OK;
}

int ptxsim_symbol_write(ptxsim_device *d, const char *name, size_t offset, const void *src,
                        size_t n)
{
  return ptxsim_symbol_write_in(d, NULL, name, offset, src, n);
}

int ptxsim_symbol_write_in(ptxsim_device *d, const ptxsim_module *m, const char *name,
                           size_t offset, const void *src, size_t n)
{
  uint8_t *h;
  int rc = symbol_range(d, m, name, offset, n, &h);
  if (!rc && n)
    memcpy(h, src, n);
  return rc;
}

int ptxsim_symbol_read(ptxsim_device *d, const char *name, size_t offset, void *dst, size_t n)
{
  return ptxsim_symbol_read_in(d, NULL, name, offset, dst, n);
}

int ptxsim_symbol_read_in(ptxsim_device *d, const ptxsim_module *m, const char *name,
                          size_t offset, void *dst, size_t n)
{
  uint8_t *h;
  int rc = symbol_range(d, m, name, offset, n, &h);
  if (!rc && n)
    memcpy(dst, h, n);
  return rc;
}

/* ---- launches ------------------------------------------------------------ */

/* The kernel called name in module m, or (m NULL) in the first loaded
 * module that has one. */
static const isa_kernel *find_kernel(ptxsim_device *d, const ptxsim_module *m, const char *name,
                                     const isa_program **p)
{
  for (size_t i = 0; i < d->n_progs; i++) {
    if (m && d->progs[i].module != m)
      continue;
    const isa_kernel *k = isa_program_kernel(d->progs[i].prog, name);
    if (k) {
      *p = d->progs[i].prog;
      return k;
    }
  }
  return NULL;
}

int ptxsim_kernel_param_info(ptxsim_device *d, const char *kernel, size_t i, size_t *size,
                             const char **type_name)
{
  return ptxsim_kernel_param_info_in(d, NULL, kernel, i, size, type_name);
}

int ptxsim_kernel_param_info_in(ptxsim_device *d, const ptxsim_module *m, const char *kernel,
                                size_t i, size_t *size, const char **type_name)
{
  if (!d || !kernel)
    return PTXSIM_E_INVALID;
  clear_error(d);
  const isa_program *p;
  const isa_kernel *k = find_kernel(d, m, kernel, &p);
  if (!k)
    return set_error(d, PTXSIM_E_NOTFOUND, "no kernel named '%s' is loaded", kernel);
  if (i >= k->n_params)
    return set_error(d, PTXSIM_E_NOTFOUND, "kernel '%s' has %u parameters", kernel,
                     k->n_params);
  const ptx_var *v = k->func->ir->params[i];
  if (size)
    *size = k->param_size[i];
  if (type_name)
    *type_name = ptx_type_table[v->type].name;
  return PTXSIM_OK;
}

int ptxsim_kernel_get_attrs(ptxsim_device *d, const char *kernel, ptxsim_kernel_attrs *out)
{
  return ptxsim_kernel_get_attrs_in(d, NULL, kernel, out);
}

int ptxsim_kernel_get_attrs_in(ptxsim_device *d, const ptxsim_module *m, const char *kernel,
                               ptxsim_kernel_attrs *out)
{
  if (!d || !kernel || !out)
    return PTXSIM_E_INVALID;
  clear_error(d);
  const isa_program *p;
  const isa_kernel *k = find_kernel(d, m, kernel, &p);
  if (!k)
    return set_error(d, PTXSIM_E_NOTFOUND, "no kernel named '%s' is loaded", kernel);
  const ptx_perf *perf = &k->func->ir->perf;
  int max_threads = d->props.max_threads_per_block;
  if (perf->maxntid[0]) {
    uint64_t t = (uint64_t)perf->maxntid[0] * (perf->maxntid[1] ? perf->maxntid[1] : 1) *
                 (perf->maxntid[2] ? perf->maxntid[2] : 1);
    if (t < (uint64_t)max_threads)
      max_threads = (int)t;
  }
  /* Until the liveness analysis estimates it, a register count from the
   * declared virtual registers (32-bit slots), capped at the 255 a thread
   * can have: an upper bound that occupancy calculations can use. */
  uint64_t regs = 0;
  for (uint32_t i = 0; i < p->n_funcs; i++)
    if (&p->funcs[i] == k->func)
      regs = p->funcs[i].n_slots;
  *out = (ptxsim_kernel_attrs){
    .static_shared_bytes = (size_t)k->static_shared,
    .local_bytes = (size_t)k->local_bytes,
    .param_bytes = (size_t)k->param_bytes,
    .max_threads_per_block = max_threads,
    .num_regs = regs > 255 ? 255 : (int)regs,
    .ptx_version = p->ir->version_major * 10 + p->ir->version_minor,
    .target_sm = p->ir->sm,
  };
  return PTXSIM_OK;
}

int ptxsim_launch(ptxsim_device *d, const char *kernel, ptxsim_dim3 grid, ptxsim_dim3 block,
                  size_t dynamic_shared_bytes, const void *const *args, size_t n_args)
{
  return ptxsim_launch_in(d, NULL, kernel, grid, block, dynamic_shared_bytes, args, n_args);
}

int ptxsim_launch_in(ptxsim_device *d, const ptxsim_module *m, const char *kernel,
                     ptxsim_dim3 grid, ptxsim_dim3 block, size_t dynamic_shared_bytes,
                     const void *const *args, size_t n_args)
{
  return ptxsim_launch_ex_in(d, m, kernel, grid, block, dynamic_shared_bytes, args, n_args, 0);
}

const isa_kernel *api_find_kernel(ptxsim_device *d, const ptxsim_module *m, const char *name,
                                  const isa_program **p)
{
  return find_kernel(d, m, name, p);
}

/* The checks a GPU makes of a launch configuration. */
static int check_launch(ptxsim_device *d, const isa_kernel *k, const char *kernel,
                        ptxsim_dim3 grid, ptxsim_dim3 block, size_t dynamic_shared_bytes)
{
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
    return set_error(d, PTXSIM_E_LAUNCH,
                     "launch of %s: grid (%u,%u,%u) and block (%u,%u,%u) must be non-zero", kernel,
                     grid.x, grid.y, grid.z, block.x, block.y, block.z);
  const ptxsim_device_props *pr = &d->props;
  if (threads > (uint64_t)pr->max_threads_per_block || block.x > (unsigned)pr->max_block_dim[0] ||
      block.y > (unsigned)pr->max_block_dim[1] || block.z > (unsigned)pr->max_block_dim[2] ||
      grid.x > (unsigned)pr->max_grid_dim[0] || grid.y > (unsigned)pr->max_grid_dim[1] ||
      grid.z > (unsigned)pr->max_grid_dim[2])
    return set_error(d, PTXSIM_E_LAUNCH,
                     "launch of %s: block (%u,%u,%u) or grid (%u,%u,%u) exceeds the device's "
                     "limits (%d threads per block, block (%d,%d,%d), grid (%d,%d,%d))",
                     kernel, block.x, block.y, block.z, grid.x, grid.y, grid.z,
                     pr->max_threads_per_block, pr->max_block_dim[0], pr->max_block_dim[1],
                     pr->max_block_dim[2], pr->max_grid_dim[0], pr->max_grid_dim[1],
                     pr->max_grid_dim[2]);
  const ptx_perf *perf = &k->func->ir->perf;
  if (perf->reqntid[0] && (block.x != perf->reqntid[0] ||
                           (perf->reqntid[1] && block.y != perf->reqntid[1]) ||
                           (perf->reqntid[2] && block.z != perf->reqntid[2])))
    return set_error(d, PTXSIM_E_LAUNCH,
                     "launch of %s: block (%u,%u,%u) differs from .reqntid %u,%u,%u", kernel,
                     block.x, block.y, block.z, perf->reqntid[0], perf->reqntid[1],
                     perf->reqntid[2]);
  if (perf->maxntid[0] &&
      threads > (uint64_t)perf->maxntid[0] * (perf->maxntid[1] ? perf->maxntid[1] : 1) *
                    (perf->maxntid[2] ? perf->maxntid[2] : 1))
    return set_error(d, PTXSIM_E_LAUNCH, "launch of %s: %" PRIu64 " threads exceed .maxntid",
                     kernel, threads);
  if (k->static_shared + dynamic_shared_bytes > pr->shared_per_block_optin)
    return set_error(d, PTXSIM_E_LAUNCH,
                     "launch of %s: %" PRIu64 " bytes of shared memory (static %" PRIu64
                     " + dynamic %zu) exceed the device's %zu per block",
                     kernel, k->static_shared + dynamic_shared_bytes, k->static_shared,
                     dynamic_shared_bytes, pr->shared_per_block_optin);
  return PTXSIM_OK;
}

/* Sets *l up for a grid of kernel k (p's) on d with the parameter buffer
 * params (l owns it: simt_launch_release). */
static void launch_init(ptxsim_device *d, const isa_program *p, const isa_kernel *k,
                        ptxsim_dim3 grid, ptxsim_dim3 block, size_t dynamic_shared_bytes,
                        uint8_t *params, simt_launch *l)
{
  memset(l, 0, sizeof *l);
  l->mem = &d->mem;
  l->tex = &d->tex;
  l->prog = p;
  l->kernel = k;
  l->grid[0] = grid.x, l->grid[1] = grid.y, l->grid[2] = grid.z;
  l->block[0] = block.x, l->block[1] = block.y, l->block[2] = block.z;
  l->dyn_shared = dynamic_shared_bytes;
  l->out = d->out;
  l->max_insns = d->max_insns;
  l->host_threads = d->host_threads;
  l->stack_limit = d->stack_limit;
  l->param_bytes = k->param_bytes;
  l->params = params;
}

/* The checks a GPU makes of a host launch of k with args, then its
 * parameter buffer in *params (malloc'd).  PTXSIM_OK or the error, set on
 * d. */
static int host_launch_params(ptxsim_device *d, const isa_kernel *k, const char *kernel,
                              ptxsim_dim3 grid, ptxsim_dim3 block, size_t dynamic_shared_bytes,
                              const void *const *args, size_t n_args, unsigned flags,
                              uint8_t **params)
{
  int rc = check_launch(d, k, kernel, grid, block, dynamic_shared_bytes);
  if (rc)
    return rc;
  if (n_args != k->n_params)
    return set_error(d, PTXSIM_E_LAUNCH, "launch of %s: it takes %u arguments, %zu given",
                     kernel, k->n_params, n_args);
  if (flags & ~(unsigned)PTXSIM_LAUNCH_COOPERATIVE)
    return set_error(d, PTXSIM_E_INVALID, "launch of %s: unknown flags 0x%x", kernel, flags);
  uint8_t *buf = calloc(1, k->param_bytes ? k->param_bytes : 1);
  if (!buf)
    return set_error(d, PTXSIM_E_NOMEM, "out of memory");
  for (size_t i = 0; i < n_args; i++) {
    if (!args || !args[i]) {
      free(buf);
      return set_error(d, PTXSIM_E_LAUNCH, "launch of %s: argument %zu is NULL", kernel, i);
    }
    memcpy(buf + k->param_offset[i], args[i], k->param_size[i]);
  }
  *params = buf;
  return PTXSIM_OK;
}

/* Runs one grid of kernel k (p's) with the parameter buffer params
 * (taken over: freed here), adding its statistics to *acc. */
static int run_grid(ptxsim_device *d, const isa_program *p, const isa_kernel *k,
                    const char *kernel, ptxsim_dim3 grid, ptxsim_dim3 block,
                    size_t dynamic_shared_bytes, uint8_t *params, unsigned flags, uint32_t depth,
                    ptxsim_stats *acc)
{
  simt_launch l;
  launch_init(d, p, k, grid, block, dynamic_shared_bytes, params, &l);
  l.children = &d->children;
  l.depth = depth;
  /* A fresh workspace per cooperative launch, zeroed as the barrier's
   * protocol expects (isa/simt_grid.c). */
  l.is_cooperative = (flags & PTXSIM_LAUNCH_COOPERATIVE) != 0;
  if (l.is_cooperative && simt_grid_ws_alloc(&d->mem, &l.grid_ws)) {
    free(l.params);
    return set_error(d, PTXSIM_E_NOMEM, "out of memory for a grid workspace");
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  report_set_time_unit(d->report, d->timing.mode == PTXSIM_MODE_TIMING ? "cycles"
                                                                       : "warp instructions");
  uint32_t pp_interval, pag;
  api_timing_preemption(&d->timing, &pp_interval, &pag);
  report_set_preemption(d->report, pp_interval, pag);
  if (report_attach(d->report, &l)) {
    free(l.params);
    return set_error(d, PTXSIM_E_NOMEM, "out of memory for the run-time reports");
  }
  api_progress_begin(&d->progress, &l, d->out ? d->out : stdout);
  int rc = d->timing.mode == PTXSIM_MODE_TIMING ? api_timing_run(d, &l) : simt_run(&l);
  api_progress_end(&d->progress, &l);
  report_finish(d->report, &l);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (l.grid_ws && simt_mem_free(&d->mem, l.grid_ws))
    rc = rc ? rc : PTXSIM_E_INVALID;
  if (l.out)
    fflush(l.out);
  else
    fflush(stdout);
  acc->thread_instructions += l.thread_insns;
  acc->warp_instructions += l.warp_insns;
  acc->ctas += l.n_ctas;
  acc->warps += l.n_warps;
  acc->threads += l.n_threads;
  acc->wall_seconds +=
    (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  if (d->timing.mode == PTXSIM_MODE_TIMING)
    acc->cycles += d->timing.last.cycles;
  if (rc) {
    set_error(d, rc, "%s", l.message ? l.message : "the launch failed\n");
    simt_launch_release(&l);
    return rc;
  }
  simt_launch_release(&l);
  return PTXSIM_OK;
}

int ptxsim_timing_preempt_by(ptxsim_device *d, const ptxsim_module *m, const char *kernel,
                             ptxsim_dim3 grid, ptxsim_dim3 block, size_t dynamic_shared_bytes,
                             const void *const *args, size_t n_args, uint64_t at_cycle,
                             unsigned n_sms)
{
  if (!d || !kernel)
    return PTXSIM_E_INVALID;
  clear_error(d);
  if (d->timing.mode != PTXSIM_MODE_TIMING)
    return set_error(d, PTXSIM_E_INVALID, "a preempting kernel needs timing mode");
  const isa_program *p;
  const isa_kernel *k = find_kernel(d, m, kernel, &p);
  if (!k)
    return set_error(d, PTXSIM_E_NOTFOUND, "no kernel named '%s' is loaded", kernel);
  uint8_t *params;
  int rc = host_launch_params(d, k, kernel, grid, block, dynamic_shared_bytes, args, n_args, 0,
                              &params);
  if (rc)
    return rc;
  simt_launch *l = malloc(sizeof *l);
  if (!l) {
    free(params);
    return set_error(d, PTXSIM_E_NOMEM, "out of memory");
  }
  launch_init(d, p, k, grid, block, dynamic_shared_bytes, params, l);
  if (api_timing_set_second(&d->timing, l, at_cycle, n_sms)) {
    simt_launch_release(l);
    free(l);
    return set_error(d, PTXSIM_E_NOMEM, "out of memory");
  }
  return PTXSIM_OK;
}

int ptxsim_launch_ex_in(ptxsim_device *d, const ptxsim_module *m, const char *kernel,
                        ptxsim_dim3 grid, ptxsim_dim3 block, size_t dynamic_shared_bytes,
                        const void *const *args, size_t n_args, unsigned flags)
{
  if (!d || !kernel)
    return PTXSIM_E_INVALID;
  clear_error(d);
  const isa_program *p;
  const isa_kernel *k = find_kernel(d, m, kernel, &p);
  if (!k)
    return set_error(d, PTXSIM_E_NOTFOUND, "no kernel named '%s' is loaded", kernel);
  uint8_t *params;
  int rc = host_launch_params(d, k, kernel, grid, block, dynamic_shared_bytes, args, n_args,
                              flags, &params);
  if (rc)
    return rc;
  ptxsim_stats acc = {0};
  d->children.head = d->children.n = 0;
  d->children.last_error = 0;
  rc = run_grid(d, p, k, kernel, grid, block, dynamic_shared_bytes, params, flags, 0, &acc);
  /* Device-side launches (isa/simt_dyn.h), in the order they were made,
   * each after the grid that made it; their own launches join the queue. */
  while (d->children.head < d->children.n) {
    simt_child c = d->children.q[d->children.head++];
    if (rc == PTXSIM_OK && c.is_launched) {
      ptxsim_dim3 cg = {c.grid[0], c.grid[1], c.grid[2]};
      ptxsim_dim3 cb = {c.block[0], c.block[1], c.block[2]};
      const char *name = c.kernel->func->name;
      uint8_t *cp = malloc(c.kernel->param_bytes ? c.kernel->param_bytes : 1);
      const uint8_t *h = simt_mem_host(&d->mem, c.params, c.kernel->param_bytes);
      rc = !cp || (c.kernel->param_bytes && !h) ? set_error(d, PTXSIM_E_NOMEM, "out of memory")
                                               : check_launch(d, c.kernel, name, cg, cb, c.shmem);
      if (rc == PTXSIM_OK) {
        if (c.kernel->param_bytes)
          memcpy(cp, h, c.kernel->param_bytes);
        rc = run_grid(d, p, c.kernel, name, cg, cb, c.shmem, cp, 0, c.depth, &acc);
      } else
        free(cp);
    }
    if (simt_mem_free(&d->mem, c.params) && rc == PTXSIM_OK)
      rc = set_error(d, PTXSIM_E_INVALID, "a device launch's parameter buffer is gone");
  }
  d->children.head = d->children.n = 0;
  free(d->stats_kernel);
  d->stats_kernel = strdup(kernel);
  acc.kernel = d->stats_kernel;
  acc.simd_efficiency = acc.warp_instructions ? (double)acc.thread_instructions /
                                                  (32.0 * (double)acc.warp_instructions)
                                              : 0;
  if (d->timing.mode == PTXSIM_MODE_TIMING)
    acc.ipc = acc.cycles ? (double)acc.thread_instructions / (double)acc.cycles : 0;
  d->stats = acc;
  return rc;
}

int ptxsim_last_stats(const ptxsim_device *d, ptxsim_stats *out)
{
  if (!d || !out)
    return PTXSIM_E_INVALID;
  *out = d->stats;
  return PTXSIM_OK;
}
