## benchmarks/local.mk -- the kernel corpus and `make bench`.
