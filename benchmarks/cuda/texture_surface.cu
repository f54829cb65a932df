// texture_surface.cu - texture objects (1-D linear fetch, 1-D/2-D/3-D arrays, 2-D layered,
//   cube map, explicit level of detail) and surface objects (1-D, 2-D, 3-D, 2-D layered writes
//   and a 2-D read).
//
// Exercises: tex.1d.v4.f32.s32 / tex.1d.v4.u32.s32 (tex1Dfetch), tex.1d.v4.f32.f32 (tex1D),
//   tex.2d.v4.f32.f32 / tex.2d.v4.u32.f32 (tex2D of float / uchar4 element type),
//   tex.3d.v4.f32.f32, tex.a2d.v4.f32.f32 (tex2DLayered), tex.cube.v4.f32.f32 (texCubemap),
//   tex.level.2d.v4.f32.f32 (tex2DLod), sust.b.1d.v4.b32.trap, sust.b.2d.b32.trap,
//   sust.b.2d.v4.b8.trap, sust.b.3d.b8.trap, sust.b.a2d.v4.b32.trap, suld.b.2d.b32.trap.
//   Texture and surface objects are plain 64-bit handles passed as kernel parameters.
//
// Host setup expected by the CPU reference: every texture uses point filtering
//   (cudaFilterModePoint), clamp addressing, unnormalised coordinates (except the cube map, which
//   takes a direction vector, and the mipmapped texture) and cudaReadModeElementType; texel (x, y, z/layer) of each array
//   is read at coordinates (x + 0.5, y + 0.5, z + 0.5) so it returns exactly that texel.
//   Surfaces use byte x-coordinates (x * element size), as CUDA requires.
//
// Kernels (n = number of threads doing work; g = global thread index; all 1-D launches):
//   tex_fetch_1d(cudaTextureObject_t tf, cudaTextureObject_t tu, float *outf, unsigned int *outu, int n)
//     tf: linear float buffer, tu: linear uint buffer: outf[g] = tf[g], outu[g] = tu[g].
//   tex_1d_2d(cudaTextureObject_t t1, cudaTextureObject_t t2, cudaTextureObject_t t2u8,
//             float *outf, unsigned int *outu, int width, int height)
//     t1: 1-D float array of `width` texels; t2: width x height float array;
//     t2u8: width x height uchar4 array. For g < width*height, x = g % width, y = g / width:
//     outf[2g] = t1[x], outf[2g+1] = t2[y][x], outu[g] = packed uchar4 t2u8[y][x]
//     (r | g<<8 | b<<16 | a<<24).
//   tex_3d_layered_cube_lod(cudaTextureObject_t t3, cudaTextureObject_t tl, cudaTextureObject_t tc,
//             cudaTextureObject_t tm, float *out, int w, int h, int d, float lod)
//     t3: w x h x d float 3-D array; tl: w x h float layered array with d layers; tc: a cube map
//     of float faces w x w (w == h); tm: mipmapped w x h float array (level 0 is w x h) read at
//     level `lod` with point mip filtering and NORMALISED coordinates ((x+0.5)/w, (y+0.5)/h), as
//     CUDA requires for mipmaps (lod = 0 selects the base level).
//     For g < w*h*d (x = g % w, y = (g / w) % h, z = g / (w*h)):
//     out[4g] = t3[z][y][x], out[4g+1] = layer z of tl at (x, y), out[4g+2] = the cube map sampled
//     with direction (1, 1 - 2*(y+0.5)/h, 1 - 2*(x+0.5)/w): major axis +X, so face 0 at
//     s = (-dz + 1)/2 * w = x + 0.5, t = (-dy + 1)/2 * h = y + 0.5, i.e. face 0 texel [y][x];
//     out[4g+3] = tm at level lod (for lod = 0: texel [y][x] of level 0).
//   surf_write(cudaSurfaceObject_t s1, cudaSurfaceObject_t s2, cudaSurfaceObject_t s2u8,
//              cudaSurfaceObject_t s3, cudaSurfaceObject_t sl, int w, int h, int d)
//     For g < w*h*d with (x, y, z) as above: s1 (1-D float4, w elements, written when y == z == 0)
//     [x] = (x, y, z, 1); s2 (2-D int, z == 0)[y][x] = x + 1000*y; s2u8 (2-D uchar4, z == 0)
//     [y][x] = (x, y, 7, 255) bytes; s3 (3-D uchar)[z][y][x] = (x + y + z) & 255;
//     sl (2-D layered float4, d layers)[z][y][x] = (x, y, z, -1).
//   surf_read_2d(cudaSurfaceObject_t s2f, float *out, int w, int h)
//     s2f: 2-D float surface: out[g] = s2f[y][x] * 2 for g < w*h.
// CPU reference: as stated per kernel (pure copies of texels; exact).

#include <cuda_runtime.h>

extern "C" __global__ void tex_fetch_1d(cudaTextureObject_t tf, cudaTextureObject_t tu, float *outf,
                                        unsigned int *outu, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n)
        return;
    outf[g] = tex1Dfetch<float>(tf, g);
    outu[g] = tex1Dfetch<unsigned int>(tu, g);
}

extern "C" __global__ void tex_1d_2d(cudaTextureObject_t t1, cudaTextureObject_t t2, cudaTextureObject_t t2u8,
                                     float *outf, unsigned int *outu, int width, int height)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= width * height)
        return;
    int x = g % width, y = g / width;
    float fx = x + 0.5f, fy = y + 0.5f;
    outf[2 * g] = tex1D<float>(t1, fx);
    outf[2 * g + 1] = tex2D<float>(t2, fx, fy);
    uchar4 c = tex2D<uchar4>(t2u8, fx, fy);
    outu[g] = (unsigned)c.x | ((unsigned)c.y << 8) | ((unsigned)c.z << 16) | ((unsigned)c.w << 24);
}

extern "C" __global__ void tex_3d_layered_cube_lod(cudaTextureObject_t t3, cudaTextureObject_t tl,
                                                   cudaTextureObject_t tc, cudaTextureObject_t tm, float *out,
                                                   int w, int h, int d, float lod)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= w * h * d)
        return;
    int x = g % w, y = (g / w) % h, z = g / (w * h);
    float fx = x + 0.5f, fy = y + 0.5f, fz = z + 0.5f;
    out[4 * g + 0] = tex3D<float>(t3, fx, fy, fz);
    out[4 * g + 1] = tex2DLayered<float>(tl, fx, fy, z);
    out[4 * g + 2] = texCubemap<float>(tc, 1.0f, 1.0f - 2.0f * fy / h, 1.0f - 2.0f * fx / w);
    out[4 * g + 3] = tex2DLod<float>(tm, fx / w, fy / h, lod);
}

extern "C" __global__ void surf_write(cudaSurfaceObject_t s1, cudaSurfaceObject_t s2, cudaSurfaceObject_t s2u8,
                                      cudaSurfaceObject_t s3, cudaSurfaceObject_t sl, int w, int h, int d)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= w * h * d)
        return;
    int x = g % w, y = (g / w) % h, z = g / (w * h);
    if (y == 0 && z == 0)
        surf1Dwrite(make_float4((float)x, (float)y, (float)z, 1.0f), s1, x * (int)sizeof(float4));
    if (z == 0) {
        surf2Dwrite(x + 1000 * y, s2, x * (int)sizeof(int), y);
        surf2Dwrite(make_uchar4((unsigned char)x, (unsigned char)y, 7, 255), s2u8, x * (int)sizeof(uchar4), y);
    }
    surf3Dwrite((unsigned char)((x + y + z) & 255), s3, x, y, z);
    surf2DLayeredwrite(make_float4((float)x, (float)y, (float)z, -1.0f), sl, x * (int)sizeof(float4), y, z);
}

extern "C" __global__ void surf_read_2d(cudaSurfaceObject_t s2f, float *out, int w, int h)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= w * h)
        return;
    int x = g % w, y = g / w;
    out[g] = surf2Dread<float>(s2f, x * (int)sizeof(float), y) * 2.0f;
}
