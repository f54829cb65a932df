/* check_texture_surface.c -- host driver for benchmarks/cuda/texture_surface.cu.
 *
 * INTERIM EXPECTATION: ptxsim does not execute texture and surface
 * instructions (tex, suld, sust) yet.  Until it does, this driver checks
 * that the module parses, and that loading it onto a device is refused
 * with PTXSIM_E_UNSUPPORTED and a GNU-format message naming the first
 * such instruction and its file:line:col ("texture_surface.ptx:47:2:
 * error: tex.1d.v4.f32.s32: ..."), and that the refusal leaves the
 * device usable.  When texture support lands, replace this with launches
 * of tex_fetch_1d, tex_1d_2d, tex_3d_layered_cube_lod, surf_write and
 * surf_read_2d against the per-kernel references in the .cu header.
 */
#include "tests/drivers/drv_util.h"

#include <stdio.h>
#include <string.h>

/* The first texture instruction of the module (in tex_fetch_1d), where
 * nvcc 13 placed it in benchmarks/ptx/texture_surface.ptx. */
static const struct {
  const char *text;
  unsigned line;
} first_unsupported = { "tex.1d.v4.f32.s32", 47 };

/* Returns the line of msg that contains needle, copied into buf, or NULL. */
static const char *line_with(const char *msg, const char *needle, char *buf, size_t n)
{
  const char *p = strstr(msg, needle);
  if (p == NULL)
    return NULL;
  const char *b = p;
  while (b > msg && b[-1] != '\n')
    b--;
  const char *e = strchr(p, '\n');
  size_t len = e ? (size_t)(e - b) : strlen(b);
  if (len >= n)
    len = n - 1;
  memcpy(buf, b, len);
  buf[len] = '\0';
  return buf;
}

START_TEST(test_texture_surface_refused)
{
  ptxsim_module *mod = NULL;
  ptxsim_device *dev = NULL;
  char *msgs = NULL;
  const char *path = drv_ptx_path("texture_surface");
  int rc = ptxsim_module_load_file(path, &mod, &msgs);
  ck_assert_msg(rc == PTXSIM_OK, "texture_surface: parsing %s failed: %s (%d)\n%s", path,
                ptxsim_status_string(rc), rc, msgs ? msgs : "");
  ptxsim_free(msgs);
  ck_assert_uint_eq(ptxsim_module_kernel_count(mod), 5);

  ck_assert_int_eq(ptxsim_device_create(&dev), PTXSIM_OK);
  rc = ptxsim_device_load(dev, mod);
  const char *err = ptxsim_device_error(dev);
  ck_assert_msg(rc == PTXSIM_E_UNSUPPORTED,
                "texture_surface: ptxsim_device_load: expected %s, got %s (%d): %s",
                ptxsim_status_string(PTXSIM_E_UNSUPPORTED), ptxsim_status_string(rc), rc, err);

  /* "<path>:47:2: error: tex.1d.v4.f32.s32: ..." */
  char want[4200], line[4200];
  snprintf(want, sizeof want, "%s:%u:", path, first_unsupported.line);
  ck_assert_msg(line_with(err, first_unsupported.text, line, sizeof line) != NULL,
                "texture_surface: the refusal does not name %s:\n%s", first_unsupported.text, err);
  ck_assert_msg(strncmp(line, want, strlen(want)) == 0,
                "texture_surface: the refusal of %s does not start with \"%s\": %s",
                first_unsupported.text, want, line);
  ck_assert_msg(strstr(line, "error:") != NULL && strstr(line, "tex_fetch_1d") != NULL,
                "texture_surface: expected an error naming function tex_fetch_1d: %s", line);

  /* The refusal loads nothing: the kernels cannot be launched. */
  ptxsim_devptr p = 0;
  int n = 1;
  const void *args[] = { &p, &p, &p, &p, &n };
  rc = ptxsim_launch(dev, "tex_fetch_1d", drv_dim(1, 1, 1), drv_dim(32, 1, 1), 0, args, 5);
  ck_assert_msg(rc != PTXSIM_OK, "texture_surface: tex_fetch_1d launched after a refused load");

  /* The device stays usable after the refusal. */
  ck_assert_int_eq(ptxsim_malloc(dev, 64, &p), PTXSIM_OK);
  ck_assert_int_eq(ptxsim_memset(dev, p, 7, 64), PTXSIM_OK);

  ptxsim_device_destroy(dev);
  ptxsim_module_free(mod);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("texture_surface");
  DRV_ADD(s, test_texture_surface_refused);
  return drv_run(s);
}
