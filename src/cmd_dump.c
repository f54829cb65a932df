/* cmd_dump.c -- `ptxsim dump`: canonical PTX of a module. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "frontend/ptx_dump.h"
#include "frontend/ptx_parse.h"
#include "src/cli.h"

int cmd_dump(int argc, char **argv)
{
  const char *in_path = NULL, *out_path = NULL;
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "-o") == 0) {
      if (++i == argc)
        return cli_usage_error("dump", "-o needs a file name");
      out_path = argv[i];
    } else if (argv[i][0] == '-' && argv[i][1]) {
      return cli_usage_error("dump", "unknown option '%s'", argv[i]);
    } else if (in_path) {
      return cli_usage_error("dump", "dump takes one file");
    } else {
      in_path = argv[i];
    }
  }
  if (!in_path)
    return cli_usage_error("dump", "no input file");
  ptx_diag d;
  ptx_diag_init(&d, stderr);
  ptx_module *m = NULL;
  int rc = ptx_parse_file(in_path, &d, &m);
  ptx_diag_free(&d);
  if (rc != 0)
    return CLI_FAIL;
  FILE *out = stdout;
  if (out_path && !(out = fopen(out_path, "w"))) {
    perror(out_path);
    ptx_module_free(m);
    return CLI_FAIL;
  }
  int err = ptx_dump(m, out) != 0 ? errno : 0;
  int status = cli_close_output(out, out_path, "the PTX", err);
  ptx_module_free(m);
  return status;
}
