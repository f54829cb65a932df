/* cdp_quicksort_part.cu -- the second translation unit of cdp_quicksort
 * (-rdc=true): the small-range sort the recursive quicksort ends in, so
 * that a device-side launch with recursion crosses translation units. */
__device__ void selection_sort(unsigned *data, int left, int right)
{
  for (int i = left; i <= right; i++) {
    unsigned min_val = data[i];
    int min_idx = i;
    for (int j = i + 1; j <= right; j++)
      if (data[j] < min_val) {
        min_idx = j;
        min_val = data[j];
      }
    if (i != min_idx) {
      data[min_idx] = data[i];
      data[i] = min_val;
    }
  }
}
