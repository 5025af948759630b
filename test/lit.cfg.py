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

# Every test compiles: the compiled-object cache is off unless a test turns
# it on (with its own folder, `env SEAM_CACHE=on SEAM_CACHE_DIR=%t...`).
config.environment["SEAM_CACHE"] = "off"
config.substitutions.append(("%seam_src_root", config.seam_src_root))
# Debian's Python, which has onnx and numpy.
config.substitutions.append(("%python", config.python_executable))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.seam_tools_dir, config.llvm_tools_dir]
tools = [
    ToolSubst("seam-opt", unresolved="fatal"),
    ToolSubst("seam-translate", unresolved="fatal"),
    ToolSubst("seam-run", unresolved="fatal"),
    # `not` at the start of a RUN line (the default substitution only covers
    # `| not`).
    ToolSubst("not", unresolved="fatal"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)
