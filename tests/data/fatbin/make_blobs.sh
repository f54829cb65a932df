#!/bin/sh
# make_blobs.sh -- rebuilds the fatbinary test blobs of this directory from
# vadd.cu with nvcc (see README).  Not run by the build: `make check` uses
# the checked-in blobs and needs no CUDA toolkit.  Needs nvcc and objcopy.
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# section NAME NVCC-OPTIONS...: builds vadd.cu and leaves the bytes of the
# executable's .nv_fatbin section in $tmp/NAME.
section() {
  name=$1
  shift
  nvcc -cudart shared "$@" -o "$tmp/$name.exe" vadd.cu
  objcopy -O binary --only-section=.nv_fatbin "$tmp/$name.exe" "$tmp/$name"
}

# last_container FILE: the last container of a section, the one nvcc's
# registration code hands to __cudaRegisterFatBinary (wrapper version 1;
# the first container belongs to a version-2 wrapper).  A container header
# is 16 bytes with the size of what follows as a little-endian uint64 at 8.
last_container() {
  size=$(wc -c <"$1")
  off=0
  while :; do
    fat=$(od -An -tu8 -j$((off + 8)) -N8 "$1" | tr -d ' ')
    next=$((off + 16 + fat))
    [ "$next" -ge "$size" ] && break
    off=$next
  done
  tail -c +$((off + 1)) "$1"
}

nvcc -ptx -arch=sm_75 -o vadd.ptx vadd.cu

section zstd -arch=sm_75
last_container "$tmp/zstd" >zstd.fatbin
cp "$tmp/zstd" zstd.nv_fatbin

section lz4 -arch=sm_75 --compress-mode=speed
last_container "$tmp/lz4" >lz4.fatbin

section plain -arch=sm_75 --no-compress
last_container "$tmp/plain" >plain.fatbin

section size -arch=sm_75 --compress-mode=size
last_container "$tmp/size" >zstd_elf.fatbin

section sass -gencode arch=compute_75,code=sm_75
last_container "$tmp/sass" >sass_only.fatbin

section multi -gencode arch=compute_75,code=compute_75 \
  -gencode arch=compute_80,code=compute_80 -gencode arch=compute_90,code=compute_90
cp "$tmp/multi" multi_ptx.nv_fatbin

# The PTX nvcc embeds is vadd.ptx without comments and with each run of
# blanks made one space; check that on the uncompressed blob, with tools
# independent of ptxsim (the payload follows the 16-byte container header,
# the 64-byte ELF entry header and its payload, and an 80-byte PTX header).
elf_size=$(od -An -tu8 -j24 -N8 plain.fatbin | tr -d ' ')
tail -c +$((16 + 64 + elf_size + 80 + 1)) plain.fatbin | tr -d '\000' >"$tmp/embedded.ptx"
sed -e 's://.*$::' -e 's/[[:blank:]][[:blank:]]*/ /g' -e 's/^ //' -e 's/ $//' vadd.ptx >"$tmp/expected.ptx"
cmp "$tmp/embedded.ptx" "$tmp/expected.ptx"
ls -l ./*.fatbin ./*.nv_fatbin
