/* tm_config_int.h -- what tm_config.c, tm_config_dump.c and the generated
 * tm_config_default.c share: the option table built from tm_options.def
 * and the embedded configuration texts.  Not for use outside pipeline/.
 */
#ifndef PTXSIM_PIPELINE_TM_CONFIG_INT_H
#define PTXSIM_PIPELINE_TM_CONFIG_INT_H

#include <stddef.h>
#include <stdint.h>

#include "pipeline/tm_config.h"

typedef enum tm_opt_kind {
  TM_K_SECTION, /* a dump heading, not an option */
  TM_K_U32,
  TM_K_U64,
  TM_K_BOOL,
  TM_K_CORE_PIPELINE,
  TM_K_POLICY,
  TM_K_PIPE_WIDTHS,
  TM_K_LAT_LIST,
  TM_K_CACHE,
  TM_K_DRAM,
  TM_K_ADDR_MAP,
  TM_K_CLOCKS,
  TM_K_KERNEL_REGS,
  TM_K_SEAM,
  TM_K_CHOICE,
  TM_K_F64
} tm_opt_kind;

/* The value lists of the CHOICE options (their arg in tm_options.def). */
typedef enum tm_choice {
  TM_CHOICE_STEERING,
  TM_CHOICE_SCALAR_MODE,
  TM_CHOICE_REDUNDANCY,
  TM_CHOICE_PREEMPT_MODE,
  TM_CHOICE_COUNT
} tm_choice;
/* Each list's names, NULL-terminated; a value is its name's index. */
extern const char *const *const tm_choice_names[TM_CHOICE_COUNT];

typedef struct tm_opt {
  const char *name;    /* "-gpgpu_n_clusters"; the title for TM_K_SECTION */
  uint8_t kind;        /* tm_opt_kind */
  size_t offset;       /* of the field in tm_config */
  unsigned arg;        /* kind-specific (tm_options.def) */
  uint64_t min, max;   /* the range of each number of the value (tm_options.def) */
  const char *doc;
} tm_opt;

typedef struct tm_alias {
  const char *name, *canonical;
} tm_alias;

/* The rows of tm_options.def. */
extern const tm_opt tm_opts[];
extern const size_t tm_n_opts;
extern const tm_alias tm_aliases[];
extern const size_t tm_n_aliases;
extern const char *const tm_ignored[];
extern const size_t tm_n_ignored;

/* The modelled option called name (aliases resolved), or NULL. */
const tm_opt *tm_opt_find(const char *name);

/* configs/<name>.config, embedded by the build (tm_config_default.c). */
extern const char tm_config_text_gtx480[];
extern const char tm_config_text_gtx280[];
extern const char tm_config_text_gtx280_ilp[];
extern const char tm_config_text_gtx285_scalar[];
extern const char tm_config_text_sm75[];

/* Formats one option's value as the config format writes it. */
void tm_opt_format(const tm_config *cfg, const tm_opt *o, char *buf, size_t size);

#endif /* PTXSIM_PIPELINE_TM_CONFIG_INT_H */
