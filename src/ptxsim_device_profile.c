/* ptxsim_device_profile.c -- device profiles in the public interface: the
 * table made from device_profiles.def, looking profiles up by name, and
 * making a device present itself as one. */
#include "config.h"

#include <string.h>

#include "ptxsim.h"
#include "src/ptxsim_api_int.h"

typedef struct device_profile {
  const char *id;
  const char *description;
  ptxsim_device_props props;
} device_profile;

/* What every profile shares (a row may still set any of it). */
#define DEVICE_PROFILE_COMMON                                                              \
  .const_mem_bytes = 64 << 10, .warp_size = 32, .max_threads_per_block = 1024,             \
  .max_block_dim = {1024, 1024, 64}, .max_grid_dim = {2147483647, 65535, 65535}

/* A row's designated initialisers follow the common ones; a row setting a
 * common field again would be flagged by -Woverride-init (in -Wextra). */
static const device_profile profiles[] = {
#define DEVICE_PROFILE(id_, description_, ...) \
  {.id = id_, .description = description_, .props = {DEVICE_PROFILE_COMMON, .profile = id_, __VA_ARGS__}},
#include "src/device_profiles.def"
#undef DEVICE_PROFILE
};

size_t ptxsim_device_profile_count(void)
{
  return sizeof profiles / sizeof profiles[0];
}

const char *ptxsim_device_profile_name(size_t i, const char **description)
{
  if (i >= ptxsim_device_profile_count())
    return NULL;
  if (description)
    *description = profiles[i].description;
  return profiles[i].id;
}

const ptxsim_device_props *api_profile_props(const char *name)
{
  for (size_t i = 0; name && i < ptxsim_device_profile_count(); i++)
    if (strcmp(profiles[i].id, name) == 0)
      return &profiles[i].props;
  return NULL;
}

int ptxsim_device_set_profile(ptxsim_device *d, const char *name)
{
  if (!d || !name)
    return PTXSIM_E_INVALID;
  const ptxsim_device_props *p = api_profile_props(name);
  if (!p)
    return PTXSIM_E_NOTFOUND;
  api_set_profile(d, p);
  return PTXSIM_OK;
}
