## memsys/local.mk -- the timing model's memory hierarchy: coalescing,
## L1/shared/constant caches, interconnect, L2 slices and DRAM.
