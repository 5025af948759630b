"""Damages the entry of a compiled-object cache folder, or makes a changed
copy of a model, for compile-cache.test.

  damage_cache_entry.py CACHE_DIR flip|truncate|metadata
  damage_cache_entry.py MODEL change-model OUT
"""
import os
import sys


def entry(folder):
    names = [n for n in os.listdir(folder) if n.startswith("llvmcache-seam-")]
    if len(names) != 1:
        sys.exit("expected one cache entry in %s, found %s" % (folder, names))
    return os.path.join(folder, names[0])


def flip(path, offset):
    with open(path, "r+b") as f:
        f.seek(offset)
        byte = f.read(1)
        f.seek(offset)
        f.write(bytes([byte[0] ^ 0x40]))


def main():
    target, mode = sys.argv[1], sys.argv[2]
    if mode == "change-model":
        import numpy as np
        import onnx
        from onnx import numpy_helper

        model = onnx.load(target)
        init = max(model.graph.initializer, key=lambda t: np.prod(t.dims))
        values = numpy_helper.to_array(init).copy()
        values.flat[0] += 1.0
        init.CopyFrom(numpy_helper.from_array(values, init.name))
        onnx.save(model, sys.argv[3])
        return
    path = entry(target)
    size = os.path.getsize(path)
    if mode == "flip":
        flip(path, size - 8)  # inside the last weight
    elif mode == "truncate":
        with open(path, "r+b") as f:
            f.truncate(size // 2)
    elif mode == "metadata":
        flip(path, 48)  # inside the key, after the 32-byte header
    else:
        sys.exit("unknown mode " + mode)


if __name__ == "__main__":
    main()
