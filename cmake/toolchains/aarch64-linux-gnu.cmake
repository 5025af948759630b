#===- cmake/toolchains/aarch64-linux-gnu.cmake - Cross-compiling for AArch64 -===#
#
# Debian's cross compilers (g++-aarch64-linux-gnu) for Seam's runtimes:
#   cmake -S lib/Runtime -B build/aarch64-linux-gnu/runtime -G Ninja \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake \
#     [-DSEAM_CROSS_SYSROOT=build/aarch64-linux-gnu/sysroot]
# (scripts/build-cross.sh aarch64-linux-gnu does it all.) Libraries, headers and
# CMake packages are looked for in /usr/aarch64-linux-gnu (the cross toolchain's
# libc, libstdc++, libgomp) and in SEAM_CROSS_SYSROOT (a folder into which
# aarch64 Debian packages were unpacked with dpkg -x, e.g. libdnnl-dev) only,
# never in the host's /usr/lib/x86_64-linux-gnu; programs only on the host.
#
#===------------------------------------------------------------------------===#
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

set(SEAM_CROSS_SYSROOT "" CACHE PATH
  "A folder with aarch64 Debian packages unpacked (dpkg -x), searched after /usr/aarch64-linux-gnu")
# try_compile projects see the variable too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SEAM_CROSS_SYSROOT)

set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
if(SEAM_CROSS_SYSROOT)
  get_filename_component(_seam_cross_sysroot "${SEAM_CROSS_SYSROOT}" ABSOLUTE)
  list(APPEND CMAKE_FIND_ROOT_PATH "${_seam_cross_sysroot}")
endif()
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Under qemu-user when CMake runs a target program (try_run, tests).
find_program(_seam_qemu qemu-aarch64)
if(_seam_qemu)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${_seam_qemu};-L;/usr/aarch64-linux-gnu")
endif()
