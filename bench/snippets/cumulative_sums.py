"""nb_coin's sampling step: draw one value per (individual, box) from unnormalised weights.
Microseconds per call, population 150, 9 boxes, 9 values; every way gives the same draws.
Self-contained on purpose (bench/wasm_compare.py runs it in a bare Pyodide, without our
package), so `adds_values_first` restates nb_coin's `cumulative` rather than importing it."""
import time

import numpy as np


def per_call(f, n=400):
    f()
    start = time.perf_counter()
    for _ in range(n):
        f()
    return round((time.perf_counter() - start) / n * 1e6, 1)


P, N = 150, 9
rng = np.random.default_rng(0)
w = rng.random((P, N, N))                      # [individual, box, value]
u = rng.random((P, N))
w_values_first = np.ascontiguousarray(w.transpose(2, 0, 1))
upper = np.triu(np.ones((N, N)))


def matrix_product():
    c = (w.reshape(-1, N) @ upper).reshape(P, N, N)
    return (c > (u * c[..., -1])[..., None]).argmax(-1)


def cumsum_last_axis():
    c = np.cumsum(w, axis=-1)
    return (c > (u * c[..., -1])[..., None]).argmax(-1)


def adds_values_first():
    c = np.empty_like(w_values_first)
    c[0] = w_values_first[0]
    for i in range(1, N):
        np.add(c[i - 1], w_values_first[i], out=c[i])
    return np.count_nonzero(c <= u * c[-1], axis=0)


ways = {"matrix_product": matrix_product, "cumsum_last_axis": cumsum_last_axis,
        "adds_values_first": adds_values_first}
assert all((f() == matrix_product()).all() for f in ways.values())
for f in ways.values():                        # warm up first: WebAssembly tiers up while running
    per_call(f, 200)
RESULT = {name: per_call(f) for name, f in ways.items()}
