# -*- Python -*-
# lit configuration of Seam's FileCheck tests.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "Seam"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.python_executable = "/usr/bin/python3"
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.seam_obj_root, "test")
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt", "unit", "Inputs"]

# Tests of a backend say `REQUIRES: seam-<name>-backend` (the test-only
# backends `test` and `testblas` come as `seam-test-backend`).
for backend in config.seam_backends:
    config.available_features.add("seam-%s-backend" % backend)

config.substitutions.append(("%PATH%", config.environment["PATH"]))

# `dnnl-int8-exact`: oneDNN's int8 kernels add products in 32 bits here (an
# x86 CPU with VNNI, or not x86); without it Seam leaves int8 products with
# weights outside [-64, 64] to the compiler (lib/Backends/dnnl/DnnlPatterns.cpp).
def int8_products_exact():
    import platform
    if platform.machine() not in ("x86_64", "i686", "i386"):
        return True
    try:
        with open("/proc/cpuinfo") as f:
            flags = next((l for l in f if l.startswith("flags")), "").split()
    except OSError:
        return False
    return "avx512_vnni" in flags or "avx_vnni" in flags
if int8_products_exact():
    config.available_features.add("dnnl-int8-exact")

# Every test compiles: the compiled-object cache is off unless a test turns
# it on (with its own folder, `env SEAM_CACHE=on SEAM_CACHE_DIR=%t...`).
config.environment["SEAM_CACHE"] = "off"
config.substitutions.append(("%seam_src_root", config.seam_src_root))
config.substitutions.append(("%seam_obj_root", config.seam_obj_root))
# Debian's Python, which has onnx and numpy.
config.substitutions.append(("%python", config.python_executable))

# Runners built ahead of time (seam-compile --emit=exe) link Seam's runtime
# for their triple, which seam-compile finds in <build>/<triple>/lib: the
# host's is built with the tools (but its archives are instrumented in a
# sanitizer build, so its runners are not tested there), another triple's
# by scripts/build-cross.sh, and runs under qemu-user with one thread
# (OpenMP spins for minutes under emulation with more).
import shutil


def seam_has_runtime(triple, library="seam_aot_runner"):
    return os.path.exists(
        os.path.join(config.seam_obj_root, triple, "lib", "lib%s.a" % library))


if not config.seam_sanitize and seam_has_runtime("x86_64-linux-gnu"):
    config.available_features.add("seam-aot-host")
for triple in ["aarch64-linux-gnu", "riscv64-linux-gnu"]:
    arch = triple.split("-")[0]
    if seam_has_runtime(triple) and shutil.which("qemu-" + arch):
        config.available_features.add("seam-aot-" + arch)
        if seam_has_runtime(triple, "seam_dnnl_runtime"):
            config.available_features.add("seam-aot-%s-dnnl" % arch)
    config.substitutions.append(
        ("%%qemu-%s" % arch,
         "env OMP_NUM_THREADS=1 qemu-%s -L /usr/%s" % (arch, triple)))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.seam_tools_dir, config.llvm_tools_dir]
tools = [
    ToolSubst("seam-opt", unresolved="fatal"),
    ToolSubst("seam-translate", unresolved="fatal"),
    ToolSubst("seam-run", unresolved="fatal"),
    ToolSubst("seam-compile", unresolved="fatal"),
    ToolSubst("llvm-nm", unresolved="fatal"),
    ToolSubst("llvm-readelf", unresolved="fatal"),
    # `not` at the start of a RUN line (the default substitution only covers
    # `| not`).
    ToolSubst("not", unresolved="fatal"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# Remote sessions (seam-run --triple/--executor): `seam-executor-host` when
# the host's seam-executor is built, `seam-executor-aarch64` when
# scripts/build-executor.sh aarch64-linux-gnu built one and qemu-aarch64 is
# there (it runs under qemu-user).
import shutil

if os.path.exists(os.path.join(config.seam_tools_dir, "seam-executor")):
    config.available_features.add("seam-executor-host")
if os.path.exists(
    os.path.join(config.seam_obj_root, "aarch64-linux-gnu", "bin", "seam-executor")
) and shutil.which("qemu-aarch64"):
    config.available_features.add("seam-executor-aarch64")
config.substitutions.append(("%seam_obj_root", config.seam_obj_root))
if os.path.exists(
    os.path.join(config.seam_obj_root, "aarch64-linux-gnu", "lib", "libseam_dnnl_runtime.a")
) and "seam-executor-aarch64" in config.available_features:
    config.available_features.add("seam-executor-aarch64-dnnl")
