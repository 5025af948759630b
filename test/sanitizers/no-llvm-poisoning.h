//===- no-llvm-poisoning.h - LLVM's allocators without ASan poisoning -----===//
//
// Force-included into every C++ file of an AddressSanitizer build
// (-DSEAM_SANITIZE=address...). In an ASan build, LLVM's BumpPtrAllocator
// (llvm/Support/Allocator.h, inline in our objects) poisons each new slab and
// unpoisons what it hands out. Debian's libLLVM and libMLIR are not
// instrumented: memory they allocate from the same allocator (MLIR's
// attribute and type storage) is never unpoisoned, and the first read of it
// from Seam's code is a false "use-after-poison". Poisoning is therefore
// turned off for LLVM's headers; every other check stays.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_NO_LLVM_POISONING_H
#define SEAM_NO_LLVM_POISONING_H
#if defined(__cplusplus) && __has_include(<sanitizer/asan_interface.h>)
#include <sanitizer/asan_interface.h>
#define __asan_poison_memory_region(addr, size) ((void)(addr), (void)(size))
#endif
#endif
