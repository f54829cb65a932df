/* ptxsim_api.c -- the public C interface (include/ptxsim.h) over the
 * front end.  No global state: each module owns its IR. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "frontend/ptx_parse.h"
#include "ptxsim.h"

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
