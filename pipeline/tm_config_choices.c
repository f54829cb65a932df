/* tm_config_choices.c -- the value names of the CHOICE options
 * (tm_config_int.h tm_choice): one table per option, indexed by value and
 * NULL-terminated, so that each is both the option's value list and the
 * statistics' and messages' names. */
#include "config.h"

#include <stddef.h>

#include "pipeline/tm_config_int.h"

const char *const tm_steering_names[TM_STEERING_COUNT + 1] = {
#define X(id, name) [TM_STEERING_##id] = name,
    TM_STEERINGS(X)
#undef X
    [TM_STEERING_COUNT] = NULL};

const char *const tm_scalar_mode_names[TM_SCALAR_MODE_COUNT + 1] = {
#define X(id, name) [TM_SCALAR_##id] = name,
    TM_SCALAR_MODES(X)
#undef X
    [TM_SCALAR_MODE_COUNT] = NULL};

const char *const tm_redundancy_names[TM_REDUNDANCY_COUNT + 1] = {
#define X(id, name) [TM_REDUNDANCY_##id] = name,
    TM_REDUNDANCY_MODES(X)
#undef X
    [TM_REDUNDANCY_COUNT] = NULL};

const char *const tm_preempt_mode_names[TM_PREEMPT_MODE_COUNT + 1] = {
#define X(id, name) [TM_PREEMPT_##id] = name,
    TM_PREEMPT_MODES(X)
#undef X
    [TM_PREEMPT_MODE_COUNT] = NULL};

const char *const *const tm_choice_names[TM_CHOICE_COUNT] = {
    [TM_CHOICE_STEERING] = tm_steering_names,
    [TM_CHOICE_SCALAR_MODE] = tm_scalar_mode_names,
    [TM_CHOICE_REDUNDANCY] = tm_redundancy_names,
    [TM_CHOICE_PREEMPT_MODE] = tm_preempt_mode_names,
};
