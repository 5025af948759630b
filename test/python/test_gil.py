"""Session() and run() release the GIL: a Python thread that notes the time
every millisecond keeps doing so in the middle of a compile and of a run. (A
thread can note nothing while another holds the GIL inside C++.)"""

import threading
import time

import numpy as np
import pytest

import seam

MATMUL = """
func.func @main(%a: tensor<{n}x{n}xf32> {{seam.name = "a"}},
                %b: tensor<{n}x{n}xf32> {{seam.name = "b"}})
    -> (tensor<{n}x{n}xf32> {{seam.name = "c"}}) {{
  %c = seam.matmul %a, %b : (tensor<{n}x{n}xf32>, tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32>
  return %c : tensor<{n}x{n}xf32>
}}
"""


class Ticker:
    """Notes time.perf_counter() every millisecond on a thread of its own."""

    def __enter__(self):
        self.stamps, self.stop = [], threading.Event()
        self.thread = threading.Thread(target=self.tick)
        self.thread.start()
        return self

    def tick(self):
        while not self.stop.is_set():
            self.stamps.append(time.perf_counter())
            time.sleep(0.001)

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()

    def ticked_in_the_middle_of(self, call):
        """Calls `call` and says whether the ticker noted a time in the middle
        half of it."""
        start = time.perf_counter()
        result = call()
        end = time.perf_counter()
        quarter = (end - start) / 4
        assert end - start > 0.02, "the call is too short to tell"
        return result, any(start + quarter < t < end - quarter
                           for t in self.stamps)


def test_compile_releases_the_gil(tiny_resnet):
    path, x, expected = tiny_resnet
    with Ticker() as ticker:
        session, ticked = ticker.ticked_in_the_middle_of(
            lambda: seam.Session(path, backends=["none"], opt_level=3))
    assert ticked
    np.testing.assert_allclose(session.run([x])["output"], expected,
                               rtol=1e-4, atol=1e-6)


def test_run_releases_the_gil(tmp_path):
    n = 1536
    model = tmp_path / "matmul.mlir"
    model.write_text(MATMUL.format(n=n))
    session = seam.Session(model, threads=1)
    rng = np.random.default_rng(3)
    a = rng.standard_normal((n, n)).astype(np.float32)
    b = rng.standard_normal((n, n)).astype(np.float32)
    with Ticker() as ticker:
        out, ticked = ticker.ticked_in_the_middle_of(
            lambda: session.run({"a": a, "b": b}))
    assert ticked
    np.testing.assert_allclose(out["c"], a @ b, rtol=1e-3, atol=1e-3)
