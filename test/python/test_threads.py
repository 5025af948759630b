"""One session run from 8 Python threads at once (run() releases the GIL),
each thread with inputs of its own, every result checked against a
reference: computed single-threaded before, or by NumPy."""

import threading

import numpy as np
import pytest

import seam

THREADS = 8
RUNS = 4


def run_in_threads(work):
    """Calls work(t) on THREADS threads that start together; re-raises the
    first failure."""
    barrier = threading.Barrier(THREADS)
    errors = []

    def body(t):
        try:
            barrier.wait()
            work(t)
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=body, args=(t,)) for t in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


def test_one_session_from_eight_threads(tiny_resnet):
    path, _, _ = tiny_resnet
    backends = ["dnnl"] if "dnnl" in seam.backends() else ["none"]
    session = seam.Session(path, backends=backends, threads=1)
    rng = np.random.default_rng(1)
    inputs = [rng.standard_normal((RUNS, 1, 3, 32, 32)).astype(np.float32)
              for _ in range(THREADS)]
    # References, one run at a time.
    expected = [[session.run({"input": x})["output"] for x in per_thread]
                for per_thread in inputs]
    # All the (thread, run) references are different from each other.
    flat = np.stack([e for per_thread in expected for e in per_thread])
    assert len(np.unique(flat.reshape(len(flat), -1), axis=0)) == THREADS * RUNS

    results = [[None] * RUNS for _ in range(THREADS)]

    def work(t):
        for r in range(RUNS):
            results[t][r] = session.run({"input": inputs[t][r]})["output"]

    run_in_threads(work)
    for t in range(THREADS):
        for r in range(RUNS):
            np.testing.assert_array_equal(results[t][r], expected[t][r],
                                          err_msg=f"thread {t} run {r}")


def test_threads_against_numpy(make_model):
    """y = relu(x @ W + b) with a constant W (a dnnl gemm region when the
    build has dnnl) from 8 threads, against NumPy."""
    helper = pytest.importorskip("onnx.helper")
    rng = np.random.default_rng(2)
    w = rng.standard_normal((64, 32)).astype(np.float32)
    b = rng.standard_normal(32).astype(np.float32)
    model = make_model(
        [helper.make_node("Gemm", ["x", "w", "b"], ["g"]),
         helper.make_node("Relu", ["g"], ["y"])],
        [("x", [16, 64])], [("y", [16, 32])], [("w", w), ("b", b)])
    backends = ["dnnl"] if "dnnl" in seam.backends() else ["none"]
    session = seam.Session(model, backends=backends, threads=1)
    inputs = [rng.standard_normal((RUNS, 16, 64)).astype(np.float32)
              for _ in range(THREADS)]

    def work(t):
        for r in range(RUNS):
            x = inputs[t][r]
            y = session.run({"x": x})["y"]
            np.testing.assert_allclose(y, np.maximum(x @ w + b, 0),
                                       rtol=1e-4, atol=1e-5,
                                       err_msg=f"thread {t} run {r}")

    run_in_threads(work)
