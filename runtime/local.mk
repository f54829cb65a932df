## runtime/local.mk -- libcudart.so.13: ptxsim's CUDA runtime, which runs
## programs built with `nvcc -cudart shared` unmodified (ptxsim exec).

## Installed in $(pkglibdir), not $(libdir): it must not shadow a real CUDA
## runtime; `ptxsim exec` points the dynamic linker at it.  -version-info
## 13:0:0 gives the soname libcudart.so.13, and cudart.map the symbol
## version node NVIDIA's library has, so binaries linked by nvcc 13 resolve
## against it.  It carries the whole of libptxsim (its sources, compiled
## again with the runtime's flags, and libptxsim_core) so that it needs no
## other ptxsim library at run time; the map keeps all of that hidden.
pkglib_LTLIBRARIES = runtime/libcudart.la
runtime_libcudart_la_SOURCES = \
	runtime/cudart_types.h runtime/cudart_api.h runtime/cudart_state.h \
	runtime/cudart_memory.h runtime/cudart_map.h runtime/cudart_texture_types.h \
	runtime/cudart_errors.def runtime/cudart_attrs.def runtime/cudart_unsupported.def \
	runtime/cudart_state.c runtime/cudart_map.c runtime/cudart_module.c \
	runtime/cudart_register.c runtime/cudart_launch.c runtime/cudart_func.c \
	runtime/cudart_memory.c runtime/cudart_mempool.c runtime/cudart_memcpy.c runtime/cudart_symbol.c \
	runtime/cudart_device.c runtime/cudart_error.c runtime/cudart_stream.c \
	runtime/cudart_stats.c runtime/cudart_texture.c runtime/cudart_unsupported.c \
	runtime/cudart_report.c \
	runtime/cudart_devices.h runtime/cudart_devices.c \
	runtime/cudart_graph.h runtime/cudart_graph.c runtime/cudart_graph_exec.c \
	runtime/cudart_graph_symbol.c runtime/cudart_capture.c \
	$(libptxsim_la_SOURCES)
## -shared (read by libtool, compiling and linking): a static libcudart
## would serve no one, so its objects are built once, PIC.
runtime_libcudart_la_CFLAGS = $(AM_CFLAGS) -pthread -shared
runtime_libcudart_la_LIBADD = $(libptxsim_la_LIBADD)
runtime_libcudart_la_LDFLAGS = $(AM_LDFLAGS) -shared -version-info 13:0:0 -no-undefined -pthread \
	-Wl,--version-script=$(srcdir)/runtime/cudart.map
EXTRA_runtime_libcudart_la_DEPENDENCIES = runtime/cudart.map
EXTRA_DIST += runtime/cudart.map
