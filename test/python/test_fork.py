"""A session compiles in a child process made by os.fork() after the parent
compiled: the compiler's thread pool the child inherits is the parent's,
whose threads a forked child does not have. The child's session must get a
pool of its own and compute the bundled reference, instead of waiting on
those threads forever."""

import os
import signal
import time

import numpy as np
import pytest

import seam

CHILD_SECONDS = 120


def wait_for(pid):
    """The child's exit status; kills it (and fails) after CHILD_SECONDS."""
    deadline = time.monotonic() + CHILD_SECONDS
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    pytest.fail(f"the forked child did not finish in {CHILD_SECONDS} s")


def test_session_compiles_in_a_forked_child(tiny_resnet):
    path, x, expected = tiny_resnet
    # The parent compiles first, so that its pool has threads.
    parent = seam.Session(path, backends=["none"])
    np.testing.assert_allclose(parent.run({"input": x})["output"], expected,
                               rtol=1e-4, atol=1e-6)
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            child = seam.Session(path, backends=["none"])
            y = child.run({"input": x})["output"]
            if np.allclose(y, expected, rtol=1e-4, atol=1e-6):
                code = 0
        finally:
            os._exit(code)
    status = wait_for(pid)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
