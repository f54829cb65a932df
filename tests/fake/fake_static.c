/* fake_static.c -- stands in for a program linked with nvcc's default
 * static CUDA runtime: it carries device code (a .nv_fatbin section) but
 * needs no libcudart.so.  `ptxsim exec` must refuse it and say how to
 * rebuild.  It prints a line if it is ever run, which the test treats as
 * a failure. */
#include <stdio.h>

__attribute__((used, section(".nv_fatbin"))) static const unsigned char fatbin[16] = {
  0x50, 0xed, 0x55, 0xba, 1, 0, 16, 0};

int main(void)
{
  puts("fake_static ran");
  return fatbin[0] == 0x50 ? 0 : 1;
}
