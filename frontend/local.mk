## frontend/local.mk -- lexer, parser, module IR, opcode and modifier tables.

noinst_LTLIBRARIES += libptxsim_core.la

## The C files of the front end, also compiled into the fuzzer.
FRONTEND_C_SOURCES = \
	frontend/ptx_arena.c frontend/ptx_names.c frontend/ptx_vec.c frontend/ptx_diag.c frontend/ptx_json.c \
	frontend/ptx_table.c \
	frontend/ptx_types.c frontend/ptx_mods.c frontend/ptx_sregs.c frontend/ptx_ops.c \
	frontend/ptx_lex.c frontend/ptx_expr.c \
	frontend/ptx_build.c frontend/ptx_build_decl.c frontend/ptx_build_insn.c \
	frontend/ptx_validate.c frontend/ptx_module.c frontend/ptx_dump.c frontend/ptx_usage.c

libptxsim_core_la_SOURCES = $(FRONTEND_C_SOURCES) \
	frontend/ptx_compiler.h frontend/ptx_table.h frontend/ptx_arena.h frontend/ptx_names.h frontend/ptx_vec.h \
	frontend/ptx_diag.h frontend/ptx_json.h \
	frontend/ptx_types.h frontend/ptx_types.def frontend/ptx_mods.h frontend/ptx_mods.def \
	frontend/ptx_sregs.h frontend/ptx_sregs.def frontend/ptx_ops.h frontend/ptx_ops.def \
	frontend/ptx_ir.h frontend/ptx_parse.h frontend/ptx_parse_int.h frontend/ptx_build_int.h \
	frontend/ptx_dump.h \
	frontend/ptx_parser.y
libptxsim_core_la_LIBADD = libptxsim_lexer.la libptxsim_fatbin.la $(GMP_LIBS)

## The fatbinary reader is the only front-end code that needs the
## decompressors' headers, so it gets a library (and flags) of its own; the
## other front-end objects, and the fuzzer that compiles their sources,
## stay as they are.
noinst_LTLIBRARIES += libptxsim_fatbin.la
libptxsim_fatbin_la_SOURCES = frontend/ptx_fatbin.c frontend/ptx_fatbin.h \
	frontend/ptx_link.c frontend/ptx_link.h
libptxsim_fatbin_la_CPPFLAGS = $(AM_CPPFLAGS) $(ZSTD_CFLAGS) $(LZ4_CFLAGS)
libptxsim_fatbin_la_LIBADD = $(ZSTD_LIBS) $(LZ4_LIBS)

## The flex-generated scanner is compiled on its own so that warnings about
## code we do not write (unused helpers, signed/unsigned compares in flex's
## skeleton) do not hide ours; the rules in ptx_lexer.l get the full set.
noinst_LTLIBRARIES += libptxsim_lexer.la
libptxsim_lexer_la_SOURCES = frontend/ptx_lexer.l
libptxsim_lexer_la_CFLAGS = $(AM_CFLAGS) -Wno-unused-function -Wno-sign-compare \
	-Wno-missing-prototypes -Wno-unused-parameter

BUILT_SOURCES += frontend/ptx_parser.h frontend/ptx_parser.c frontend/ptx_lexer.c

lib_LTLIBRARIES += libptxsim.la
libptxsim_la_SOURCES = src/ptxsim_api.c
libptxsim_la_LIBADD = libptxsim_core.la $(GMP_LIBS) $(ZSTD_LIBS) $(LZ4_LIBS)
libptxsim_la_LDFLAGS = -version-info 0:0:0 -export-symbols-regex '^ptxsim_'
include_HEADERS += include/ptxsim.h
