"""The lit test format of Seam's hostile-input suite (test/hostile).

One lit test per case of make_hostile.py. A test builds its case's files in
Output/<case>/ of the lit output folder, runs seam-translate and seam-run on
them and checks that they fail cleanly (make_hostile.run_case). Cases marked
xfail in make_hostile.py are lit XFAILs.

The cases need Debian's Python with onnx and numpy (config.python_executable).
When lit runs on that same interpreter, make_hostile is imported into lit's
worker processes (onnx is loaded once per worker); otherwise each test runs
`make_hostile.py run CASE` with it. Without onnx the suite is one UNSUPPORTED
test.

This is a module of its own, not a class in lit.local.cfg, because lit
pickles the test format to send the tests to its worker processes.
"""

import io
import json
import os
import subprocess
import sys

import lit.formats
import lit.Test

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "make_hostile.py")


def same_python(python):
    return os.path.realpath(python) == os.path.realpath(sys.executable)


def import_generator(python):
    """make_hostile as a module if this interpreter is `python` and has
    onnx, else None."""
    if not same_python(python):
        return None
    if HERE not in sys.path:
        sys.path.insert(0, HERE)
    try:
        import make_hostile
    except ImportError:
        return None
    return make_hostile


class HostileTest(lit.formats.TestFormat):
    """Lists the cases of make_hostile.py and runs one case per test."""

    def __init__(self, python, tools_dir, rlimit):
        self.python = python
        self.tools_dir = tools_dir
        self.rlimit = rlimit
        self.list_error = None

    def list_cases(self):
        """[{name, xfail, ...}] of every case; sets list_error on a
        failure."""
        gen = import_generator(self.python)
        if gen:
            return [{"name": c.name, "xfail": c.xfail}
                    for c in gen.all_cases()]
        try:
            listing = subprocess.run([self.python, SCRIPT, "list"],
                                     capture_output=True, text=True,
                                     timeout=300)
        except (OSError, subprocess.SubprocessError) as e:
            self.list_error = str(e)
            return []
        if listing.returncode != 0:
            self.list_error = listing.stderr or "exit status %d" % \
                listing.returncode
            return []
        return [json.loads(line) for line in listing.stdout.splitlines()]

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig,
                            localConfig):
        cases = self.list_cases()
        if self.list_error is not None:
            yield lit.Test.Test(testSuite,
                                path_in_suite + ("make_hostile.py",),
                                localConfig, file_path=SCRIPT)
            return
        for case in cases:
            test = lit.Test.Test(testSuite, path_in_suite + (case["name"],),
                                 localConfig, file_path=SCRIPT)
            if case["xfail"]:
                test.xfails = ["*"]
            yield test

    def execute(self, test, litConfig):
        if self.list_error is not None:
            if "No module named" in self.list_error:
                return lit.Test.UNSUPPORTED, "%s cannot import onnx/numpy:" \
                    "\n%s" % (self.python, self.list_error)
            return (lit.Test.FAIL,
                    "make_hostile.py list failed:\n" + self.list_error)
        name = test.path_in_suite[-1]
        out_dir = os.path.join(os.path.dirname(test.getExecPath()), "Output")
        gen = import_generator(self.python)
        if gen:
            case = next(c for c in gen.all_cases() if c.name == name)
            log = io.StringIO()
            status = gen.run_case(case, out_dir, self.tools_dir, self.rlimit,
                                  verbose=True, log=log,
                                  env=dict(test.config.environment))
            report = log.getvalue()
        else:
            env = dict(test.config.environment)
            if not self.rlimit:
                env["SEAM_HOSTILE_NO_RLIMIT"] = "1"
            cmd = [self.python, SCRIPT, "run", "-v", "--tools",
                   self.tools_dir, "--dir", out_dir, name]
            try:
                run = subprocess.run(cmd, capture_output=True, text=True,
                                     env=env, timeout=900)
            except subprocess.TimeoutExpired:
                return lit.Test.FAIL, "make_hostile.py did not end in 900 s"
            report = "$ %s\n%s%s" % (" ".join(cmd), run.stdout, run.stderr)
            last = run.stdout.strip().splitlines()[-1:] or [""]
            status = last[0].split(":")[0]
        # The raw result: lit turns a FAIL into XFAIL (and a PASS into
        # XPASS) for the tests marked xfail.
        code = {"PASS": lit.Test.PASS, "XPASS": lit.Test.PASS,
                "FAIL": lit.Test.FAIL, "XFAIL": lit.Test.FAIL,
                "SKIP": lit.Test.UNSUPPORTED}.get(status, lit.Test.UNRESOLVED)
        return code, report
