#===- cmake/toolchains/aarch64-linux-gnu.cmake - Cross-compiling for aarch64 ---===#
# Debian's g++-aarch64-linux-gnu; see DebianCross.cmake.
set(SEAM_CROSS_TRIPLE aarch64-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/DebianCross.cmake)
