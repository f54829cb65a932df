## tests/local.mk -- unit tests (Check) and command-line tests.
