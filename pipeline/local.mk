## pipeline/local.mk -- the SM timing model, the GPU clock loop, the
## configuration and the statistics registry.
