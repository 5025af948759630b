#===- cmake/toolchains/riscv64-linux-gnu.cmake - Cross-compiling for riscv64 ---===#
# Debian's g++-riscv64-linux-gnu; see DebianCross.cmake.
set(SEAM_CROSS_TRIPLE riscv64-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR riscv64)
include(${CMAKE_CURRENT_LIST_DIR}/DebianCross.cmake)
