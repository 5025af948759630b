#===- cmake/toolchains/DebianCross.cmake - Debian's cross compilers ------===#
#
# What every toolchain file here shares; each sets SEAM_CROSS_TRIPLE (the
# Debian multiarch triple, e.g. aarch64-linux-gnu) and its processor, then
# includes this file:
#   cmake -S lib/Runtime -B build/<triple>/runtime -G Ninja \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/<triple>.cmake \
#     [-DSEAM_CROSS_SYSROOT=build/<triple>/sysroot]
# (scripts/build-cross.sh <triple> does it all.) The compilers are Debian's
# <triple>-gcc / <triple>-g++ (package g++-<triple>). Libraries, headers and
# CMake packages are looked for in /usr/<triple> (the cross toolchain's libc,
# libstdc++, libgomp) and in SEAM_CROSS_SYSROOT (a folder into which the
# target's Debian packages were unpacked with dpkg -x, e.g. libdnnl-dev) only,
# never in the host's /usr/lib/x86_64-linux-gnu; programs only on the host.
#
#===------------------------------------------------------------------------===#
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_LIBRARY_ARCHITECTURE ${SEAM_CROSS_TRIPLE})

set(CMAKE_C_COMPILER ${SEAM_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${SEAM_CROSS_TRIPLE}-g++)

set(SEAM_CROSS_SYSROOT "" CACHE PATH
  "A folder with the target's Debian packages unpacked (dpkg -x), searched after /usr/${SEAM_CROSS_TRIPLE}")
# try_compile projects see the variable too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SEAM_CROSS_SYSROOT)

set(CMAKE_FIND_ROOT_PATH /usr/${SEAM_CROSS_TRIPLE})
if(SEAM_CROSS_SYSROOT)
  get_filename_component(_seam_cross_sysroot "${SEAM_CROSS_SYSROOT}" ABSOLUTE)
  list(APPEND CMAKE_FIND_ROOT_PATH "${_seam_cross_sysroot}")
endif()
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Under qemu-user when CMake runs a target program (try_run, tests).
find_program(_seam_qemu qemu-${CMAKE_SYSTEM_PROCESSOR})
if(_seam_qemu)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${_seam_qemu};-L;/usr/${SEAM_CROSS_TRIPLE}")
endif()
