## isa/wmma.mk -- sources of the wmma semantics (isa/ops_wmma.c); included
## from Makefile.am.  Their host drivers are tests/drivers/check_wmma_*.c.

ISA_WMMA_SOURCES = isa/ops_wmma.c
