## policies/local.mk -- swappable timing-model policies: warp schedulers,
## CTA dispatch and resource accounting, registered by name.
