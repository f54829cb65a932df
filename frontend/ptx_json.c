/* ptx_json.c -- the JSON string writer (see ptx_json.h). */
#include "config.h"

#include "frontend/ptx_json.h"

void ptx_json_string(FILE *out, const char *s)
{
  fputc('"', out);
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\')
      fprintf(out, "\\%c", ch);
    else if (ch < 0x20)
      fprintf(out, "\\u%04x", ch);
    else
      fputc(ch, out);
  }
  fputc('"', out);
}
