#===- SeamPrecompiledHeaders.cmake - precompiled MLIR/LLVM/ONNX headers ---===#
#
# A Seam source file spends most of its compile time parsing headers: MLIR's
# IR and dialect headers and seam/SeamOps.h (1.5 MB of generated op classes)
# take about 9 of the 10 s that gcc needs for a lowering pattern file. The
# libraries with many source files precompile those headers once per target
# (CMake's target_precompile_headers, with that target's own flags, so a
# sanitizer or fuzzer build gets its own), which roughly halves a build from
# scratch. -DSEAM_PRECOMPILED_HEADERS=OFF turns it off (e.g. to check that
# every file includes what it uses).
#
# ccache hashes a precompiled header's contents; scripts/build.sh and
# scripts/sanitize.sh set the sloppiness ccache needs to cache such files.
#===----------------------------------------------------------------------===#

option(SEAM_PRECOMPILED_HEADERS
  "Precompile the MLIR/LLVM/ONNX headers of Seam's larger libraries" ON)

# Headers nearly every file of the compiler includes.
set(SEAM_PCH_MLIR_CORE
  <llvm/ADT/STLExtras.h>
  <llvm/ADT/SmallVector.h>
  <llvm/ADT/StringSwitch.h>
  <llvm/Support/raw_ostream.h>
  <mlir/Dialect/Arith/IR/Arith.h>
  <mlir/Dialect/Func/IR/FuncOps.h>
  <mlir/Dialect/Tensor/IR/Tensor.h>
  <mlir/IR/Builders.h>
  <mlir/IR/BuiltinAttributes.h>
  <mlir/IR/BuiltinOps.h>
  <mlir/IR/BuiltinTypes.h>
  <mlir/IR/PatternMatch.h>
  <seam/SeamOps.h>
)
# The code generation libraries (seam -> linalg -> loops/vectors -> LLVM).
set(SEAM_PCH_MLIR_CODEGEN
  ${SEAM_PCH_MLIR_CORE}
  <mlir/Dialect/Linalg/IR/Linalg.h>
  <mlir/Dialect/Math/IR/Math.h>
  <mlir/Dialect/MemRef/IR/MemRef.h>
  <mlir/Dialect/SCF/IR/SCF.h>
  <mlir/Pass/Pass.h>
  <mlir/Transforms/DialectConversion.h>
)
# The ONNX importer and the session (ONNX's protobuf classes).
set(SEAM_PCH_ONNX
  ${SEAM_PCH_MLIR_CORE}
  <onnx/onnx_pb.h>
)
# The JIT (ORC and LLVM IR).
set(SEAM_PCH_LLVM_JIT
  <llvm/ExecutionEngine/Orc/LLJIT.h>
  <llvm/IR/IRBuilder.h>
  <llvm/IR/Module.h>
  <llvm/Target/TargetMachine.h>
  <mlir/IR/BuiltinOps.h>
)

# The object library add_mlir_library compiles <library>'s sources in, or
# <library> itself.
function(_seam_pch_target out name)
  if(TARGET obj.${name})
    set(${out} obj.${name} PARENT_SCOPE)
  else()
    set(${out} ${name} PARENT_SCOPE)
  endif()
endfunction()

# seam_precompile_headers(<library> <header>...): precompiles the headers for
# <library>'s sources.
function(seam_precompile_headers name)
  if(SEAM_PRECOMPILED_HEADERS)
    _seam_pch_target(target ${name})
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()

# seam_reuse_precompiled_headers(<library> <from>): <library> uses the headers
# <from> precompiled (CMake's REUSE_FROM) instead of precompiling the same
# list again: gcc takes about 40-60 s for each. Only for libraries with the
# same header list, compile options and definitions (include directories may
# differ); with others gcc would reject the file and parse the headers.
function(seam_reuse_precompiled_headers name from)
  if(SEAM_PRECOMPILED_HEADERS)
    _seam_pch_target(target ${name})
    _seam_pch_target(from_target ${from})
    target_precompile_headers(${target} REUSE_FROM ${from_target})
  endif()
endfunction()
