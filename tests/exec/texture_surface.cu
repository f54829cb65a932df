/* texture_surface.cu -- CUDA host program for
 * benchmarks/cuda/texture_surface.cu; the scenarios of
 * tests/drivers/check_texture_surface.c, set up the CUDA way: texture objects
 * (cudaCreateTextureObject) on linear memory (1-D fetch), pitched memory from
 * cudaMallocPitch (the 2-D float texture), CUDA arrays (1-D, 2-D uchar4, 3-D,
 * 2-D layered, cube map) and a mipmapped array read at explicit levels;
 * surface objects (cudaCreateSurfaceObject) on arrays made with
 * cudaArraySurfaceLoadStore.  As the kernel file's header says: point
 * filtering, clamp addressing, unnormalised coordinates (the cube map takes
 * directions, the mipmap normalised coordinates), element-type reads;
 * surfaces take byte x-coordinates.
 *
 * Every texel value is random (fixed seed) and the kernels copy texels, so
 * the references are exact.  The mipmap is read at levels 0, 1, 2, 3, at
 * lod 1.6 (point mip filtering: the nearest level, 2) and at lod 7
 * (clamped to the last level); the texel a normalised coordinate
 * (x + 0.5) / w hits on a level of width lw is floor((2x + 1) lw / 2w).
 * Surface arrays start filled with a sentinel byte and are read back whole.
 *
 * Differences from the driver: the linear float buffer starts one
 * texture-alignment unit (cudaDevAttrTextureAlignment) into its allocation
 * rather than 256 bytes, as CUDA requires; array layouts are the
 * runtime's, so the padding between rows cannot be compared; destroying a
 * handle twice is undefined in CUDA and is not tried.
 *
 * Inputs, CPU reference and checks: tests/ref/texture_surface_ref.h. */
#include "../../benchmarks/cuda/texture_surface.cu"
#include "exec_util.h"
#include "../ref/texture_surface_ref.h"

static cudaTextureObject_t make_texture(const cudaResourceDesc *res, int normalized)
{
  cudaTextureDesc td;
  cudaTextureObject_t h = 0;
  memset(&td, 0, sizeof td);
  for (int i = 0; i < 3; i++)
    td.addressMode[i] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModePoint;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = normalized;
  td.mipmapFilterMode = cudaFilterModePoint;
  td.minMipmapLevelClamp = 0.0f;
  td.maxMipmapLevelClamp = 3.0f;
  EX_CHECK(cudaCreateTextureObject(&h, res, &td, NULL));
  ex_expect(h != 0, "cudaCreateTextureObject gave handle 0");
  return h;
}

static cudaTextureObject_t array_texture(cudaArray_t a)
{
  cudaResourceDesc rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  return make_texture(&rd, 0);
}

static cudaSurfaceObject_t array_surface(cudaArray_t a)
{
  cudaResourceDesc rd;
  cudaSurfaceObject_t h = 0;
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  EX_CHECK(cudaCreateSurfaceObject(&h, &rd));
  return h;
}

/* Copies a packed host image of w x h x d elements of elem bytes into or
 * out of a 3-D, layered or cube-map array. */
static void copy3d(cudaArray_t a, void *host, size_t elem, size_t w, size_t h, size_t d,
                   int to_array)
{
  cudaMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  if (to_array) {
    p.srcPtr = make_cudaPitchedPtr(host, w * elem, w, h);
    p.dstArray = a;
    p.kind = cudaMemcpyHostToDevice;
  } else {
    p.srcArray = a;
    p.dstPtr = make_cudaPitchedPtr(host, w * elem, w, h);
    p.kind = cudaMemcpyDeviceToHost;
  }
  p.extent = make_cudaExtent(w, h, d);
  EX_CHECK(cudaMemcpy3D(&p));
}

#define EX_SYNC() \
  do { \
    ex_check_(cudaGetLastError(), "launch", __FILE__, __LINE__); \
    ex_check_(cudaDeviceSynchronize(), "cudaDeviceSynchronize", __FILE__, __LINE__); \
  } while (0)

/* ---- tex_fetch_1d ---------------------------------------------------------- */

static void test_tex_fetch_1d(void)
{
  enum { N = 1000 };
  static float tf[N], outf[N];
  static uint32_t tu[N], outu[N];
  int align = 0;

  ex_begin("tex_fetch_1d");
  tex_fetch_1d_inputs(N, tf, tu);
  EX_CHECK(cudaDeviceGetAttribute(&align, cudaDevAttrTextureAlignment, 0));
  if (!ex_expect(align > 0 && align % 4 == 0, "cudaDevAttrTextureAlignment is %d", align)) {
    ex_end();
    return;
  }
  /* The float buffer starts one alignment unit into its allocation. */
  char *base = ex_alloc<char>((size_t)align + sizeof tf);
  float *df = (float *)(base + align);
  EX_CHECK(cudaMemcpy(df, tf, sizeof tf, cudaMemcpyHostToDevice));
  unsigned *du = ex_upload(tu, sizeof tu);
  cudaResourceDesc rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = df;
  rd.res.linear.desc = cudaCreateChannelDesc<float>();
  rd.res.linear.sizeInBytes = sizeof tf;
  cudaTextureObject_t htf = make_texture(&rd, 0);
  rd.res.linear.devPtr = du;
  rd.res.linear.desc = cudaCreateChannelDesc<unsigned int>();
  rd.res.linear.sizeInBytes = sizeof tu;
  cudaTextureObject_t htu = make_texture(&rd, 0);
  float *dof = ex_alloc<float>(sizeof outf);
  unsigned *dou = ex_alloc<unsigned>(sizeof outu);
  tex_fetch_1d<<<ex_cdiv(N, 128), 128>>>(htf, htu, dof, dou, N);
  EX_SYNC();
  ex_download(outf, dof, sizeof outf);
  ex_download(outu, dou, sizeof outu);
  ex_expect_f32("tex_fetch_1d", "outf", tf, outf, N, 0);
  ex_expect_u32("tex_fetch_1d", "outu", tu, outu, N);
  EX_CHECK(cudaDestroyTextureObject(htf));
  EX_CHECK(cudaDestroyTextureObject(htu));
  ex_end();
}

/* ---- tex_1d_2d --------------------------------------------------------------- */

static void test_tex_1d_2d(void)
{
  enum { W = 37, H = 23 };
  static float t1[W], t2[H][W], outf[2 * W * H], expf_[2 * W * H];
  static uint8_t t2u8[H][W][4];
  static uint32_t outu[W * H], expu[W * H];

  ex_begin("tex_1d_2d");
  tex_1d_2d_inputs(W, H, t1, &t2[0][0], &t2u8[0][0][0], expf_, expu);
  /* t1: a 1-D array */
  cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>();
  cudaChannelFormatDesc cu8 = cudaCreateChannelDesc<uchar4>();
  cudaArray_t a1 = NULL, a3 = NULL;
  EX_CHECK(cudaMallocArray(&a1, &cf, W, 0, cudaArrayDefault));
  EX_CHECK(cudaMemcpy2DToArray(a1, 0, 0, t1, sizeof t1, sizeof t1, 1, cudaMemcpyHostToDevice));
  /* t2: pitched linear memory */
  void *d2 = NULL;
  size_t pitch = 0;
  EX_CHECK(cudaMallocPitch(&d2, &pitch, W * sizeof(float), H));
  EX_CHECK(cudaMemcpy2D(d2, pitch, t2, W * sizeof(float), W * sizeof(float), H,
                        cudaMemcpyHostToDevice));
  /* t2u8: a 2-D array of uchar4 */
  EX_CHECK(cudaMallocArray(&a3, &cu8, W, H, cudaArrayDefault));
  EX_CHECK(cudaMemcpy2DToArray(a3, 0, 0, t2u8, W * 4, W * 4, H, cudaMemcpyHostToDevice));

  cudaTextureObject_t h1 = array_texture(a1);
  cudaResourceDesc rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypePitch2D;
  rd.res.pitch2D.devPtr = d2;
  rd.res.pitch2D.desc = cf;
  rd.res.pitch2D.width = W;
  rd.res.pitch2D.height = H;
  rd.res.pitch2D.pitchInBytes = pitch;
  cudaTextureObject_t h2 = make_texture(&rd, 0);
  cudaTextureObject_t h3 = array_texture(a3);
  float *dof = ex_alloc<float>(sizeof outf);
  unsigned *dou = ex_alloc<unsigned>(sizeof outu);
  tex_1d_2d<<<ex_cdiv(W * H, 128), 128>>>(h1, h2, h3, dof, dou, W, H);
  EX_SYNC();
  ex_download(outf, dof, sizeof outf);
  ex_download(outu, dou, sizeof outu);
  ex_expect_f32("tex_1d_2d", "outf", expf_, outf, 2 * W * H, 0);
  ex_expect_u32("tex_1d_2d", "outu", expu, outu, W * H);
  EX_CHECK(cudaDestroyTextureObject(h1));
  EX_CHECK(cudaDestroyTextureObject(h2));
  EX_CHECK(cudaDestroyTextureObject(h3));
  EX_CHECK(cudaFreeArray(a1));
  EX_CHECK(cudaFreeArray(a3));
  EX_CHECK(cudaFree(d2));
  ex_end();
}

/* ---- tex_3d_layered_cube_lod ---------------------------------------------------- */

static void run_tex_3d(float lod, int level)
{
  static float t3[CD][CH][CW], tl[CD][CH][CW], tc[6][CH][CW];
  static float tm[CLEVELS][CH][CW]; /* level k uses [0..lh)[0..lw) */
  static float out[4 * CW * CH * CD], exp[4 * CW * CH * CD];
  char scenario[64];

  snprintf(scenario, sizeof scenario, "tex_3d_layered_cube_lod (lod %g)", (double)lod);
  ex_begin(scenario);
  tex_3d_inputs(level, &t3[0][0][0], &tl[0][0][0], &tc[0][0][0], &tm[0][0][0], exp);

  cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>();
  cudaArray_t a3 = NULL, al = NULL, ac = NULL;
  EX_CHECK(cudaMalloc3DArray(&a3, &cf, make_cudaExtent(CW, CH, CD), cudaArrayDefault));
  copy3d(a3, t3, 4, CW, CH, CD, 1);
  EX_CHECK(cudaMalloc3DArray(&al, &cf, make_cudaExtent(CW, CH, CD), cudaArrayLayered));
  copy3d(al, tl, 4, CW, CH, CD, 1);
  EX_CHECK(cudaMalloc3DArray(&ac, &cf, make_cudaExtent(CW, CW, 6), cudaArrayCubemap));
  copy3d(ac, tc, 4, CW, CW, 6, 1);
  cudaTextureObject_t h3 = array_texture(a3);
  cudaTextureObject_t hl = array_texture(al);
  cudaTextureObject_t hc = array_texture(ac);

  /* The mipmap: level k is max(1, 12 >> k) square. */
  cudaMipmappedArray_t mm = NULL;
  EX_CHECK(cudaMallocMipmappedArray(&mm, &cf, make_cudaExtent(CW, CH, 0), CLEVELS,
                                    cudaArrayDefault));
  int lw[CLEVELS];
  for (int k = 0; k < CLEVELS; k++) {
    static float packed[CW * CH];
    cudaArray_t lev = NULL;
    lw[k] = mip_width(k);
    for (int y = 0; y < lw[k]; y++)
      for (int x = 0; x < lw[k]; x++)
        packed[y * lw[k] + x] = tm[k][y][x];
    EX_CHECK(cudaGetMipmappedArrayLevel(&lev, mm, (unsigned)k));
    EX_CHECK(cudaMemcpy2DToArray(lev, 0, 0, packed, lw[k] * sizeof(float), lw[k] * sizeof(float),
                                 lw[k], cudaMemcpyHostToDevice));
  }
  cudaResourceDesc rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeMipmappedArray;
  rd.res.mipmap.mipmap = mm;
  cudaTextureObject_t hm = make_texture(&rd, 1);

  float *dout = ex_alloc<float>(sizeof out);
  tex_3d_layered_cube_lod<<<ex_cdiv(CW * CH * CD, 96), 96>>>(h3, hl, hc, hm, dout, CW, CH, CD,
                                                              lod);
  EX_SYNC();
  ex_download(out, dout, sizeof out);
  char what[64];
  snprintf(what, sizeof what, "out (lod %g)", (double)lod);
  ex_expect_f32("tex_3d_layered_cube_lod", what, exp, out, 4 * CW * CH * CD, 0);
  EX_CHECK(cudaDestroyTextureObject(h3));
  EX_CHECK(cudaDestroyTextureObject(hl));
  EX_CHECK(cudaDestroyTextureObject(hc));
  EX_CHECK(cudaDestroyTextureObject(hm));
  EX_CHECK(cudaFreeArray(a3));
  EX_CHECK(cudaFreeArray(al));
  EX_CHECK(cudaFreeArray(ac));
  EX_CHECK(cudaFreeMipmappedArray(mm));
  ex_end();
}

/* ---- surf_write, surf_read_2d ------------------------------------------------------ */

static void test_surf_write(void)
{
  /* packed host images: s1 float4[SW], s2 int[SH][SW], s2u8 uchar4[SH][SW],
   * s3 uchar[SD][SH][SW], sl float4[SD][SH][SW] */
  const size_t b1 = SW * 16, b2 = SW * SH * 4, b2u8 = SW * SH * 4, b3 = SW * SH * SD,
               bl = SW * SH * SD * 16;
  static uint8_t e1[SW * 16], e2[SW * SH * 4], e2u8[SW * SH * 4], e3[SW * SH * SD],
    el[SW * SH * SD * 16];
  static uint8_t g1[SW * 16], g2[SW * SH * 4], g2u8[SW * SH * 4], g3[SW * SH * SD],
    gl[SW * SH * SD * 16];

  ex_begin("surf_write");
  /* every array starts as sentinel bytes */
  memset(g1, SENTINEL, b1), memset(g2, SENTINEL, b2), memset(g2u8, SENTINEL, b2u8);
  memset(g3, SENTINEL, b3), memset(gl, SENTINEL, bl);
  cudaChannelFormatDesc cf4 = cudaCreateChannelDesc<float4>();
  cudaChannelFormatDesc ci = cudaCreateChannelDesc<int>();
  cudaChannelFormatDesc cu4 = cudaCreateChannelDesc<uchar4>();
  cudaChannelFormatDesc cu = cudaCreateChannelDesc<unsigned char>();
  cudaArray_t a1 = NULL, a2 = NULL, a2u8 = NULL, a3 = NULL, al = NULL;
  EX_CHECK(cudaMallocArray(&a1, &cf4, SW, 0, cudaArraySurfaceLoadStore));
  EX_CHECK(cudaMemcpy2DToArray(a1, 0, 0, g1, b1, b1, 1, cudaMemcpyHostToDevice));
  EX_CHECK(cudaMallocArray(&a2, &ci, SW, SH, cudaArraySurfaceLoadStore));
  EX_CHECK(cudaMemcpy2DToArray(a2, 0, 0, g2, SW * 4, SW * 4, SH, cudaMemcpyHostToDevice));
  EX_CHECK(cudaMallocArray(&a2u8, &cu4, SW, SH, cudaArraySurfaceLoadStore));
  EX_CHECK(cudaMemcpy2DToArray(a2u8, 0, 0, g2u8, SW * 4, SW * 4, SH, cudaMemcpyHostToDevice));
  EX_CHECK(cudaMalloc3DArray(&a3, &cu, make_cudaExtent(SW, SH, SD), cudaArraySurfaceLoadStore));
  copy3d(a3, g3, 1, SW, SH, SD, 1);
  EX_CHECK(cudaMalloc3DArray(&al, &cf4, make_cudaExtent(SW, SH, SD),
                             cudaArrayLayered | cudaArraySurfaceLoadStore));
  copy3d(al, gl, 16, SW, SH, SD, 1);
  cudaSurfaceObject_t h1 = array_surface(a1), h2 = array_surface(a2);
  cudaSurfaceObject_t h2u8 = array_surface(a2u8), h3 = array_surface(a3);
  cudaSurfaceObject_t hl = array_surface(al);

  /* The references: sentinels with the written texels. */
  surf_write_expect(e1, b1, e2, SW * 4, b2, e2u8, SW * 4, b2u8, e3, SW, SW * SH, b3, el,
                    SW * 16, SW * SH * 16, bl);
  surf_write<<<ex_cdiv(SW * SH * SD, 64), 64>>>(h1, h2, h2u8, h3, hl, SW, SH, SD);
  EX_SYNC();
  EX_CHECK(cudaMemcpy2DFromArray(g1, b1, a1, 0, 0, b1, 1, cudaMemcpyDeviceToHost));
  EX_CHECK(cudaMemcpy2DFromArray(g2, SW * 4, a2, 0, 0, SW * 4, SH, cudaMemcpyDeviceToHost));
  EX_CHECK(cudaMemcpy2DFromArray(g2u8, SW * 4, a2u8, 0, 0, SW * 4, SH, cudaMemcpyDeviceToHost));
  copy3d(a3, g3, 1, SW, SH, SD, 0);
  copy3d(al, gl, 16, SW, SH, SD, 0);
  ex_expect_u8("surf_write", "s1 (bytes)", e1, g1, b1);
  ex_expect_u8("surf_write", "s2 (bytes)", e2, g2, b2);
  ex_expect_u8("surf_write", "s2u8 (bytes)", e2u8, g2u8, b2u8);
  ex_expect_u8("surf_write", "s3 (bytes)", e3, g3, b3);
  ex_expect_u8("surf_write", "sl (bytes)", el, gl, bl);
  EX_CHECK(cudaDestroySurfaceObject(h1));
  EX_CHECK(cudaDestroySurfaceObject(h2));
  EX_CHECK(cudaDestroySurfaceObject(h2u8));
  EX_CHECK(cudaDestroySurfaceObject(h3));
  EX_CHECK(cudaDestroySurfaceObject(hl));
  EX_CHECK(cudaFreeArray(a1));
  EX_CHECK(cudaFreeArray(a2));
  EX_CHECK(cudaFreeArray(a2u8));
  EX_CHECK(cudaFreeArray(a3));
  EX_CHECK(cudaFreeArray(al));
  ex_end();
}

static void test_surf_read_2d(void)
{
  enum { W = 29, H = 11 };
  static float s[H][W], out[W * H], exp[W * H];

  ex_begin("surf_read_2d");
  surf_read_2d_inputs(W, H, &s[0][0], exp);
  cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>();
  cudaArray_t a = NULL;
  EX_CHECK(cudaMallocArray(&a, &cf, W, H, cudaArraySurfaceLoadStore));
  EX_CHECK(cudaMemcpy2DToArray(a, 0, 0, s, W * 4, W * 4, H, cudaMemcpyHostToDevice));
  cudaSurfaceObject_t hs = array_surface(a);
  float *dout = ex_alloc<float>(sizeof out);
  surf_read_2d<<<ex_cdiv(W * H, 128), 128>>>(hs, dout, W, H);
  EX_SYNC();
  ex_download(out, dout, sizeof out);
  ex_expect_f32("surf_read_2d", "out", exp, out, W * H, 0);
  EX_CHECK(cudaDestroySurfaceObject(hs));
  EX_CHECK(cudaFreeArray(a));
  ex_end();
}

int main(void)
{
  ex_init("texture_surface");
  test_tex_fetch_1d();
  test_tex_1d_2d();
  run_tex_3d(0.0f, 0);
  run_tex_3d(1.0f, 1);
  run_tex_3d(2.0f, 2);
  run_tex_3d(3.0f, 3);
  run_tex_3d(1.6f, 2); /* nearest level */
  run_tex_3d(7.0f, 3); /* clamped to the last level */
  test_surf_write();
  test_surf_read_2d();
  return ex_finish();
}
