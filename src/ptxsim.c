/* ptxsim.c -- the ptxsim command: dispatches to subcommands.
 *
 * The command is a thin layer over the library: each subcommand parses
 * its arguments, calls into the layers and prints.  Only this file calls
 * exit(), through main's return.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "src/cli.h"

static const cli_command commands[] = {
  {"check", "parse and validate PTX files; summarise each kernel",
   "usage: ptxsim check FILE.ptx...\n"
   "  Parses and validates each file and prints, for every kernel, its parameters,\n"
   "  register declarations and shared, local and constant memory.\n",
   cmd_check},
  {"dump", "print a PTX file in canonical form",
   "usage: ptxsim dump [-o OUT] FILE.ptx\n"
   "  Prints the module as canonical PTX (one statement per line, exact\n"
   "  hexadecimal literals) that parses back to the same program.\n",
   cmd_dump},
};

static const cli_command *find_command(const char *name)
{
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp(commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

static void print_help(FILE *out)
{
  fprintf(out,
          "ptxsim %s -- a functional and cycle-level emulator for NVIDIA PTX\n"
          "\n"
          "usage: ptxsim COMMAND [ARGS]\n"
          "       ptxsim COMMAND --help\n"
          "\n"
          "commands:\n",
          PACKAGE_VERSION);
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf(out,
          "\n"
          "options:\n"
          "  --help       this text\n"
          "  --version    the version\n"
          "  --list-ops   every PTX opcode ptxsim knows, with its operands and unit\n"
          "\n"
          "Exit status: 0 success, 1 invalid input, 2 usage error.\n"
          "Report bugs to <%s>.\n",
          PACKAGE_BUGREPORT);
}

int cli_usage_error(const char *command, const char *fmt, ...)
{
  va_list ap;
  fputs("ptxsim: error: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  const cli_command *c = command ? find_command(command) : NULL;
  if (c)
    fputs(c->usage, stderr);
  else
    fputs("Try 'ptxsim --help'.\n", stderr);
  return CLI_USAGE;
}

int main(int argc, char **argv)
{
  if (argc < 2)
    return cli_usage_error(NULL, "no command given");
  const char *arg = argv[1];
  if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0 || strcmp(arg, "help") == 0) {
    print_help(stdout);
    return CLI_OK;
  }
  if (strcmp(arg, "--version") == 0) {
    printf("ptxsim %s\n", PACKAGE_VERSION);
    return CLI_OK;
  }
  if (strcmp(arg, "--list-ops") == 0) {
    cmd_list_ops(stdout);
    return CLI_OK;
  }
  const cli_command *c = find_command(arg);
  if (!c)
    return cli_usage_error(NULL, "unknown command '%s'", arg);
  for (int i = 2; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0)
      break;
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(c->usage, stdout);
      return CLI_OK;
    }
  }
  return c->run(argc - 2, argv + 2);
}
