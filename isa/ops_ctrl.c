/* ops_ctrl.c -- bra, brx.idx, call, ret, exit, trap, brkpt, nanosleep
 * (PTX ISA 9.7.12), and the system calls nvcc emits as calls: vprintf,
 * malloc, free and __assertfail (PTX ISA 7.3 "System calls").
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "frontend/ptx_ops.h"
#include "isa/isa_bind.h"
#include "isa/simt.h"
#include "isa/simt_dyn.h"

static void bra_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  simt_branch(w, in, mask, in->target);
}

isa_exec_fn isa_bind_bra(isa_insn *in)
{
  return in->target == ISA_NONE ? NULL : bra_exec;
}

/* brx.idx: each lane jumps to targets[index]; lanes going to the same
 * target form one group, and the groups diverge like the sides of a
 * two-way branch, reconverging at the immediate post-dominator. */
static void brx_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  const uint32_t *targets = in->ext;
  uint32_t n = in->aux;
  uint32_t groups[SIMT_WARP_SIZE], gmask[SIMT_WARP_SIZE], ng = 0;
  SIMT_FOR_EACH_LANE(mask, l)
  {
    uint64_t idx = (uint32_t)w->r[in->o[0] + l];
    if (idx >= n) {
      simt_fault_at(w, in, l, SIMT_FAULT_OTHER, 0, 0, 0, false,
                    "index outside the .branchtargets list");
      return;
    }
    uint32_t t = targets[idx], g = 0;
    while (g < ng && groups[g] != t)
      g++;
    if (g == ng) {
      groups[ng] = t;
      gmask[ng++] = 0;
    }
    gmask[g] |= UINT32_C(1) << l;
  }
  /* Guarded-off lanes fall through as one more group. */
  uint32_t rest = w->active & ~mask;
  if (rest) {
    groups[ng] = w->pc;
    gmask[ng++] = rest;
  }
  simt_diverge(w, in, ng, groups, gmask);
}

isa_exec_fn isa_bind_brx(isa_insn *in)
{
  return in->ext ? brx_exec : NULL;
}

static void ret_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  if (mask)
    simt_return(w, in, mask);
}

isa_exec_fn isa_bind_ret(isa_insn *in)
{
  (void)in;
  return ret_exec;
}

static void exit_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  (void)in;
  if (mask)
    simt_exit(w, mask);
}

isa_exec_fn isa_bind_exit(isa_insn *in)
{
  (void)in;
  return exit_exec;
}

static void trap_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  if (mask)
    simt_fault_at(w, in, (uint32_t)__builtin_ctz(mask), SIMT_FAULT_TRAP, 0, 0, 0, false,
                  "the kernel trapped");
}

isa_exec_fn isa_bind_trap(isa_insn *in)
{
  (void)in;
  return trap_exec;
}

static void brkpt_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  if (mask)
    simt_fault_at(w, in, (uint32_t)__builtin_ctz(mask), SIMT_FAULT_BRKPT, 0, 0, 0, false,
                  "breakpoint (no debugger attached)");
}

isa_exec_fn isa_bind_brkpt(isa_insn *in)
{
  (void)in;
  return brkpt_exec;
}

static void nanosleep_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  /* Time is not modelled in functional mode; a sleeping warp yields so
   * that the warps it waits for (spin loops around nanosleep) run. */
  (void)in, (void)mask;
  w->is_stopped = true;
}

isa_exec_fn isa_bind_nanosleep(isa_insn *in)
{
  (void)in;
  return nanosleep_exec;
}

/* ---- calls -------------------------------------------------------------- */

static void call_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  if (!mask)
    return;
  const isa_call_site *cs = in->ext;
  const isa_func *callee = cs->callee;
  if (!callee) {
    /* Indirect: the lanes may name different functions. */
    uint32_t first = (uint32_t)__builtin_ctz(mask);
    uint64_t addr = w->r[cs->target_slot + first];
    callee = isa_program_func_at(w->launch->prog, addr);
    if (!callee) {
      simt_fault_at(w, in, first, SIMT_FAULT_BAD_CALL, 0, addr, 0, false,
                    "indirect call to an address that is not a function");
      return;
    }
    uint32_t same = 0;
    SIMT_FOR_EACH_LANE(mask, l)
    if (w->r[cs->target_slot + l] == addr)
      same |= UINT32_C(1) << l;
    if (same != mask) {
      /* Serialise: the lanes calling the first lane's function re-execute
       * the call now, the others after them, and all reconverge after
       * the call (a divergent "branch" whose both sides are the call). */
      const uint32_t at = (uint32_t)(in - w->code);
      isa_insn split = *in;
      split.reconv = at + 1;
      const uint32_t targets[2] = {at, at}, masks[2] = {same, mask & ~same};
      simt_diverge(w, &split, 2, targets, masks);
      return;
    }
  }
  simt_call(w, in, callee, mask);
}

/* Reads n bytes of a lane's .param argument i (bound by address). */
static bool read_arg(simt_warp *w, const isa_insn *in, uint32_t lane, uint32_t i, void *out,
                     uint32_t n)
{
  const isa_call_site *cs = in->ext;
  if (i >= cs->n_args)
    return false;
  if (!cs->args[i].by_address) {
    uint64_t v = w->r[cs->args[i].slot + lane];
    memcpy(out, &v, n);
    return true;
  }
  uint8_t *h = simt_mem_slow(w, in, lane, ISA_SPACE_LOCAL, w->r[cs->args[i].slot + lane], n, 1,
                             false);
  if (!h)
    return false;
  memcpy(out, h, n);
  return true;
}

static void write_ret(simt_warp *w, const isa_insn *in, uint32_t lane, uint64_t v, uint32_t n)
{
  const isa_call_site *cs = in->ext;
  if (cs->n_rets == 0)
    return;
  if (!cs->rets[0].by_address) {
    w->r[cs->rets[0].slot + lane] = v;
    return;
  }
  uint8_t *h = simt_mem_slow(w, in, lane, ISA_SPACE_LOCAL, w->r[cs->rets[0].slot + lane], n, 1,
                             true);
  if (h)
    memcpy(h, &v, n);
}

/* A NUL-terminated string in device memory (generic address). */
static const char *device_string(simt_warp *w, const isa_insn *in, uint32_t lane, uint64_t a,
                                 size_t *len)
{
  uint8_t *h = simt_mem_slow(w, in, lane, ISA_SPACE_GENERIC, a, 1, 1, false);
  if (!h)
    return NULL;
  /* The string must end inside its allocation. */
  size_t n = 0;
  for (;;) {
    uint8_t *c = simt_mem_slow(w, in, lane, ISA_SPACE_GENERIC, a + n, 1, 1, false);
    if (!c)
      return NULL;
    if (!*c)
      break;
    n++;
  }
  *len = n;
  return (const char *)h;
}

/* The format string comes from the kernel: each conversion is copied
 * into a spec of its own whose argument type this code checks, so the
 * non-literal formats below are safe. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

/* vprintf(fmt, args): args point at the arguments, each aligned to its
 * size (8 for doubles, pointers and long long), as nvcc packs them. */
static void do_printf(simt_warp *w, const isa_insn *in, uint32_t lane)
{
  uint64_t fmt_addr = 0, args = 0;
  if (!read_arg(w, in, lane, 0, &fmt_addr, 8) || !read_arg(w, in, lane, 1, &args, 8))
    return;
  size_t flen;
  const char *fmt = device_string(w, in, lane, fmt_addr, &flen);
  if (!fmt)
    return;
  FILE *out = w->launch->out ? w->launch->out : stdout;
  simt_progress *pg = w->launch->progress;
  if (pg && pg->is_shown)
    pg->hide(pg->ctx);
  uint64_t off = 0;
  int written = 0;
  for (size_t i = 0; i < flen; i++) {
    if (fmt[i] != '%') {
      fputc(fmt[i], out);
      written++;
      continue;
    }
    if (i + 1 < flen && fmt[i + 1] == '%') {
      fputc('%', out);
      written++;
      i++;
      continue;
    }
    /* Copy one conversion spec: flags, width, precision, length, type. */
    char spec[32];
    size_t k = 0;
    spec[k++] = '%';
    size_t j = i + 1;
    int longs = 0;
    while (j < flen && k < sizeof spec - 4 && strchr("-+ #0123456789.", fmt[j]))
      spec[k++] = fmt[j++];
    while (j < flen && strchr("hlLzjt", fmt[j])) {
      if (fmt[j] == 'l' || fmt[j] == 'z' || fmt[j] == 'j' || fmt[j] == 't' || fmt[j] == 'L')
        longs++;
      j++;
    }
    if (j >= flen)
      break;
    char conv = fmt[j];
    i = j;
    char buf[512];
    int n = 0;
    switch (conv) {
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': case 'c': {
      uint64_t v = 0;
      unsigned size = longs ? 8 : 4;
      off = (off + size - 1) / size * size;
      uint8_t *h = simt_mem_slow(w, in, lane, ISA_SPACE_GENERIC, args + off, size, 1, false);
      if (!h)
        return;
      memcpy(&v, h, size);
      off += size;
      spec[k++] = 'l', spec[k++] = 'l', spec[k++] = conv == 'i' ? 'd' : conv, spec[k] = 0;
      if (conv == 'c') {
        spec[k - 3] = 'c';
        spec[k - 2] = 0;
        n = snprintf(buf, sizeof buf, spec, (int)(unsigned char)v);
      } else if (conv == 'd' || conv == 'i')
        n = snprintf(buf, sizeof buf, spec,
                     size == 8 ? (long long)v : (long long)(int32_t)(uint32_t)v);
      else
        n = snprintf(buf, sizeof buf, spec,
                     size == 8 ? (unsigned long long)v : (unsigned long long)(uint32_t)v);
      break;
    }
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
      double v;
      off = (off + 7) / 8 * 8;
      uint8_t *h = simt_mem_slow(w, in, lane, ISA_SPACE_GENERIC, args + off, 8, 1, false);
      if (!h)
        return;
      memcpy(&v, h, 8);
      off += 8;
      spec[k++] = conv, spec[k] = 0;
      n = snprintf(buf, sizeof buf, spec, v);
      break;
    }
    case 's': case 'p': {
      uint64_t p;
      off = (off + 7) / 8 * 8;
      uint8_t *h = simt_mem_slow(w, in, lane, ISA_SPACE_GENERIC, args + off, 8, 1, false);
      if (!h)
        return;
      memcpy(&p, h, 8);
      off += 8;
      if (conv == 'p') {
        n = snprintf(buf, sizeof buf, "0x%" PRIx64, p);
        break;
      }
      size_t slen;
      const char *s = p ? device_string(w, in, lane, p, &slen) : "(null)";
      if (!s)
        return;
      spec[k++] = 's', spec[k] = 0;
      /* %.*s bounds the read by the string's length in device memory. */
      spec[k - 1] = 0;
      char spec2[40];
      snprintf(spec2, sizeof spec2, "%s%s", spec, strchr(spec, '.') ? "s" : ".*s");
      if (strchr(spec, '.'))
        n = snprintf(buf, sizeof buf, spec2, s);
      else
        n = snprintf(buf, sizeof buf, spec2, (int)(p ? slen : 6), s);
      break;
    }
    default:
      n = snprintf(buf, sizeof buf, "%%%c", conv);
      break;
    }
    if (n > 0) {
      fwrite(buf, 1, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1, out);
      written += n;
    }
  }
  write_ret(w, in, lane, (uint64_t)(uint32_t)written, 4);
}

#pragma GCC diagnostic pop

/* __cudaCDP2GetParameterBufferV2(func, gridDim, blockDim, sharedMem): a
 * zeroed parameter buffer for a launch of the kernel at address func, and
 * the launch recorded as pending (simt_dyn.h); NULL (the <<<>>> is then
 * skipped) when func is no kernel or device launches are off. */
static void cdp_param_buffer(simt_warp *w, const isa_insn *in, uint32_t lane)
{
  simt_launch *l = w->launch;
  const isa_call_site *cs = in->ext;
  uint64_t func = 0, addr = 0;
  uint32_t shmem = 0;
  simt_child c = {.depth = l->depth + 1};
  if (!read_arg(w, in, lane, 0, &func, 8) || cs->n_args < 4 || !cs->args[1].by_address ||
      !cs->args[2].by_address || !read_arg(w, in, lane, 1, c.grid, 12) ||
      !read_arg(w, in, lane, 2, c.block, 12) || !read_arg(w, in, lane, 3, &shmem, 4))
    return;
  c.shmem = shmem;
  const isa_func *f = isa_program_func_at(l->prog, func);
  for (uint32_t k = 0; f && k < l->prog->n_kernels; k++)
    if (l->prog->kernels[k].func == f)
      c.kernel = &l->prog->kernels[k];
  if (c.kernel && l->children &&
      simt_mem_alloc(l->mem, c.kernel->param_bytes ? c.kernel->param_bytes : 1,
                     SIMT_ALLOC_GLOBAL, NULL, &addr) == 0) {
    c.params = addr;
    if (simt_children_add(l->children, &c)) {
      /* Out of memory: NULL, and the buffer just made goes back. */
      int gone = simt_mem_free(l->mem, addr);
      (void)gone;
      addr = 0;
    }
  }
  write_ret(w, in, lane, addr, 8);
}

/* __cudaCDP2LaunchDeviceV2(paramBuffer, stream): launches the pending
 * launch of that buffer; returns a cudaError_t. */
static void cdp_launch(simt_warp *w, const isa_insn *in, uint32_t lane)
{
  simt_launch *l = w->launch;
  uint64_t buf = 0;
  if (!read_arg(w, in, lane, 0, &buf, 8))
    return;
  simt_child *c = l->children ? simt_children_find(l->children, buf) : NULL;
  uint32_t err = 0;
  if (!c || c->is_launched)
    err = SIMT_DYN_ERR_INVALID;
  else if (c->depth > SIMT_DYN_MAX_DEPTH)
    err = SIMT_DYN_ERR_MAX_DEPTH;
  else
    c->is_launched = true;
  if (err && l->children)
    l->children->last_error = err;
  write_ret(w, in, lane, err, 4);
}

/* The device runtime's other calls that device code using <<<>>> makes
 * (cuda_device_runtime_api.h).  Streams and events need no work: every
 * child grid runs after its parent in launch order, which honours any
 * order they could ask for; they get distinct non-NULL handles. */
static void cdp_misc(simt_warp *w, const isa_insn *in, uint32_t lane)
{
  simt_launch *l = w->launch;
  uint64_t out = 0, v = 0;
  uint32_t size = 4;
  switch (in->aux) {
  case 7:  /* GetLastError: returns and clears */
  case 12: /* PeekAtLastError */
    v = l->children ? l->children->last_error : 0;
    if (l->children && in->aux == 7)
      l->children->last_error = 0;
    write_ret(w, in, lane, v, 4);
    return;
  case 8: /* Stream/EventCreateWithFlags(handle *, flags) */
    v = l->children ? ++l->children->n_handles : 1;
    size = 8;
    break;
  case 13: { /* Malloc(void **, size): the device heap, as malloc */
    uint64_t bytes = 0;
    if (!read_arg(w, in, lane, 1, &bytes, 8))
      return;
    if (bytes <= l->mem->heap_limit - l->mem->heap_used &&
        simt_mem_alloc(l->mem, bytes, SIMT_ALLOC_DEVHEAP, NULL, &v) == 0)
      l->mem->heap_used += bytes;
    else {
      write_ret(w, in, lane, 2, 4); /* cudaErrorMemoryAllocation */
      return;
    }
    size = 8;
    break;
  }
  case 9: v = 0; break;  /* GetDevice(int *): the one device */
  case 10: v = 1; break; /* GetDeviceCount(int *) */
  default: write_ret(w, in, lane, 0, 4); return; /* 11: nothing to do */
  }
  if (!read_arg(w, in, lane, 0, &out, 8))
    return;
  uint8_t *h = simt_mem_slow(w, in, lane, ISA_SPACE_GENERIC, out, size, size, true);
  if (!h)
    return;
  memcpy(h, &v, size);
  write_ret(w, in, lane, 0, 4);
}

static void syscall_exec(simt_warp *w, const isa_insn *in, uint32_t mask)
{
  simt_launch *l = w->launch;
  SIMT_FOR_EACH_LANE(mask, lane)
  {
    switch (in->aux) {
    case 1: /* vprintf */
      do_printf(w, in, lane);
      break;
    case 2: { /* malloc */
      uint64_t size = 0, addr = 0;
      if (!read_arg(w, in, lane, 0, &size, 8))
        return;
      if (size <= l->mem->heap_limit - l->mem->heap_used &&
          simt_mem_alloc(l->mem, size, SIMT_ALLOC_DEVHEAP, NULL, &addr) == 0)
        l->mem->heap_used += size;
      else
        addr = 0; /* out of heap: malloc returns NULL, as CUDA's does */
      write_ret(w, in, lane, addr, 8);
      break;
    }
    case 3: { /* free */
      uint64_t p = 0;
      if (!read_arg(w, in, lane, 0, &p, 8))
        return;
      if (!p) {
        write_ret(w, in, lane, 0, 4); /* the device runtime's cudaFree(NULL) */
        break;
      }
      simt_alloc *al = simt_mem_find(l->mem, p);
      if (!al || al->base != p || al->kind != SIMT_ALLOC_DEVHEAP || al->is_freed) {
        simt_fault_at(w, in, lane, SIMT_FAULT_OTHER, ISA_SPACE_GLOBAL, p, 0, false,
                      "free() of a pointer that device malloc() did not return, or a double free");
        return;
      }
      l->mem->heap_used -= al->size;
      simt_mem_cache_forget(&l->cache, p);
      if (simt_mem_free(l->mem, p))
        return;
      write_ret(w, in, lane, 0, 4); /* the device runtime's cudaFree: cudaSuccess */
      break;
    }
    case 5: cdp_param_buffer(w, in, lane); break;
    case 6: cdp_launch(w, in, lane); break;
    case 7: case 8: case 9: case 10: case 11: case 12: case 13: cdp_misc(w, in, lane); break;
    default: { /* __assertfail(message, file, line, function, charSize) */
      uint64_t msg = 0, file = 0;
      uint32_t line = 0;
      char text[160] = "assertion failed";
      if (read_arg(w, in, lane, 0, &msg, 8) && read_arg(w, in, lane, 1, &file, 8) &&
          read_arg(w, in, lane, 2, &line, 4)) {
        size_t ml, fl;
        const char *m = device_string(w, in, lane, msg, &ml);
        const char *f = m ? device_string(w, in, lane, file, &fl) : NULL;
        if (m && f)
          snprintf(text, sizeof text, "%.*s:%u: assertion '%.*s' failed", (int)fl, f, line,
                   (int)ml, m);
      }
      simt_fault_at(w, in, lane, SIMT_FAULT_TRAP, 0, 0, 0, false, text);
      return;
    }
    }
    if (l->has_fault)
      return;
  }
}

isa_exec_fn isa_bind_call(isa_insn *in)
{
  const isa_call_site *cs = in->ext;
  if (!cs)
    return NULL;
  if (in->aux)
    return syscall_exec;
  return call_exec;
}
