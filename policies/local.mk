## policies/local.mk -- swappable timing-model policies: warp schedulers,
## CTA dispatch and resource accounting, registered by name.

## The registry (one table per kind of policy), warp schedulers and CTA
## dispatchers (one file per policy), and TB-level CTA resource accounting.
libptxsim_core_la_SOURCES += policies/pol_registry.h policies/pol_registry.c \
	policies/pol_sched.h policies/pol_sched_int.h \
	policies/pol_sched.c policies/pol_sched_lrr.c policies/pol_sched_gto.c \
	policies/pol_sched_two_level.c policies/pol_cta.h policies/pol_cta.c \
	policies/pol_dispatch.h policies/pol_dispatch_int.h policies/pol_dispatch.c \
	policies/pol_dispatch_tb.c

check_PROGRAMS += tests/policies/check_pol_sched tests/policies/check_pol_cta \
	tests/policies/check_pol_dispatch
tests_policies_check_pol_sched_CFLAGS = $(TEST_CFLAGS)
tests_policies_check_pol_sched_LDADD = libptxsim_testutil.la libptxsim_core.la $(CHECK_LIBS) \
	$(GMP_LIBS) $(ZSTD_LIBS) $(LZ4_LIBS) -lm
tests_policies_check_pol_cta_CFLAGS = $(TEST_CFLAGS)
tests_policies_check_pol_cta_LDADD = libptxsim_testutil.la libptxsim_core.la $(CHECK_LIBS) \
	$(GMP_LIBS) $(ZSTD_LIBS) $(LZ4_LIBS) -lm
tests_policies_check_pol_dispatch_CFLAGS = $(TEST_CFLAGS)
tests_policies_check_pol_dispatch_LDADD = libptxsim_testutil.la libptxsim_core.la $(CHECK_LIBS) \
	$(GMP_LIBS) $(ZSTD_LIBS) $(LZ4_LIBS) -lm
