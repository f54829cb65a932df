/* ptxsim.h -- public C interface of libptxsim.
 *
 * ptxsim reads and executes PTX, the virtual ISA that NVIDIA's nvcc emits.
 * This header is the only one installed.  Every function that can fail
 * returns a ptxsim_status (0 on success, a negative code otherwise) and can
 * hand back a message; the library has no global state, so independent
 * modules can be used from several threads.
 */
#ifndef PTXSIM_H
#define PTXSIM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes. */
typedef enum ptxsim_status {
  PTXSIM_OK = 0,
  PTXSIM_E_INVALID = -1,   /* a bad argument */
  PTXSIM_E_PARSE = -2,     /* the PTX has errors; see the messages */
  PTXSIM_E_NOMEM = -3,     /* out of memory */
  PTXSIM_E_IO = -4,        /* a file could not be read */
  PTXSIM_E_NOTFOUND = -5   /* no such kernel, function or symbol */
} ptxsim_status;

/* A short English description of a status code. */
const char *ptxsim_status_string(int status);
/* The library's version, "MAJOR.MINOR.PATCH". */
const char *ptxsim_version(void);

/* A parsed and validated PTX module. */
typedef struct ptxsim_module ptxsim_module;

/* Loads PTX from a file or from memory (len bytes; name is used in
 * messages).  On success *out receives the module.  messages, when not
 * NULL, receives the errors and warnings as text in the GNU
 * "FILE:LINE:COL: error: ..." format (or NULL when there are none); free it
 * with ptxsim_free().  Warnings do not make loading fail. */
int ptxsim_module_load_file(const char *path, ptxsim_module **out, char **messages);
int ptxsim_module_load_string(const char *ptx, size_t len, const char *name, ptxsim_module **out,
                              char **messages);
void ptxsim_module_free(ptxsim_module *m);

/* Kernels (.entry functions with a body) of a module, in source order. */
size_t ptxsim_module_kernel_count(const ptxsim_module *m);
/* The name of kernel i (NULL when i is out of range). */
const char *ptxsim_module_kernel_name(const ptxsim_module *m, size_t i);
/* The number of parameters of a kernel, or PTXSIM_E_NOTFOUND. */
int ptxsim_module_kernel_param_count(const ptxsim_module *m, const char *kernel);

/* Frees memory the library handed out (messages). */
void ptxsim_free(void *p);

#ifdef __cplusplus
}
#endif

#endif /* PTXSIM_H */
