# numpy reference for the bench's side-by-side block (bench/cases/numpy.ts): one JSON command per
# stdin line, one JSON reply per stdout line. The same statistics as the guards, written as numpy
# users write them (BLAS products, vectorised index generation); timings exclude loading the data.
import ctypes
import glob
import json
import math
import os
import sys
import time
from statistics import NormalDist

import numpy as np

EULER_GAMMA = 0.5772156649015329
E = 2.718281828459045
DATA = {}


def blas_kernel():
    """The OpenBLAS kernel numpy's BLAS runs (e.g. SkylakeX), or why it is unknown."""
    libs = glob.glob(os.path.join(os.path.dirname(np.__file__), "..", "numpy.libs", "*openblas*"))
    for path in libs:
        lib = ctypes.CDLL(path)
        for name in ("scipy_openblas_get_corename64_", "openblas_get_corename64_", "openblas_get_corename"):
            if hasattr(lib, name):
                f = getattr(lib, name)
                f.restype = ctypes.c_char_p
                return f().decode()
    return "unknown (no bundled OpenBLAS found)"


def load(d):
    """Reads the bench's little-endian float64 files: each SPA set's benchmark and n x k models, the panel."""
    n, k = d["spa"]["n"], d["spa"]["k"]
    for name in d["spa"]["sets"]:
        bench = np.fromfile(os.path.join(d["dir"], f"{name}_bench.f64"))
        DATA[name] = (bench, np.fromfile(os.path.join(d["dir"], f"{name}_models.f64")).reshape(n, k))
    DATA["panel"] = np.fromfile(os.path.join(d["dir"], "panel.f64")).reshape(d["t"], d["n_configs"])
    DATA["sharpes"] = np.fromfile(os.path.join(d["dir"], "sharpes.f64"))
    return {}


def politis_white(e):
    """Politis-White (2004) block length with the PPW (2009) correction, column by column (as the guard)."""
    n, k = e.shape
    kn = max(5, math.ceil(math.sqrt(math.log10(n))))
    m_max = math.ceil(math.sqrt(n)) + kn
    c = 2 * math.sqrt(math.log10(n) / n)
    r = np.stack([(e[: n - j] * e[j:]).sum(axis=0) / n for j in range(m_max + 1)])
    out = []
    for col in range(k):
        rc = r[:, col]
        if rc[0] == 0:
            out.append(None)
            continue
        rho = rc / rc[0]
        m_hat = significant_lag(rho, kn, m_max, c)
        big_m = min(2 * m_hat, m_max)
        j = np.arange(1, big_m + 1)
        s = np.abs(j / big_m)
        w = 2 * np.where(s <= 0.5, 1.0, np.where(s <= 1, 2 * (1 - s), 0.0)) * rc[1 : big_m + 1]
        g, g0 = float((w * j).sum()), rc[0] + float(w.sum())
        b = (2 * g * g / (2 * g0 * g0)) ** (1 / 3) * n ** (1 / 3) if g0 != 0 else None
        out.append(None if b is None or not math.isfinite(b) else min(b, math.ceil(min(3 * math.sqrt(n), n / 3))))
    return out


def significant_lag(rho, kn, m_max, c):
    for m in range(1, m_max - kn + 1):
        if np.all(np.abs(rho[m + 1 : m + kn + 1]) < c):
            return m
    for j in range(m_max, 0, -1):
        if abs(rho[j]) >= c:
            return j
    return 1


def block_size(e, requested):
    if requested != "auto":
        return float(requested)
    b = [x for x in politis_white(e) if x is not None]
    if not b:
        return max(1, math.floor(e.shape[0] ** (1 / 3) + 0.5))
    return max(1, math.floor(max(b) + 0.5))


def sb_variance(e, q):
    """Hansen's stationary-bootstrap variance per column, from circular autocovariances by FFT."""
    n = e.shape[0]
    f = np.fft.rfft(e, axis=0)
    circ = np.fft.irfft(f * np.conj(f), n=n, axis=0) / n  # circ[i] = gamma(i) + gamma(n - i)
    i = np.arange(1, n)
    weights = (1 - i / n) * (1 - q) ** i
    return circ[0] + 2 * (weights[:, None] * circ[1:]).sum(axis=0)


def spa_setup(name, n, k, block):
    """The first k models over the first n days of set `name`: demeaned differentials, block, scales, recentrings."""
    bench, models = DATA[name]
    d = models[:n, :k] - bench[:n, None]
    means = d.mean(axis=0)
    e = d - means
    b = block_size(e, block)
    omega2 = sb_variance(e, 1 / b)
    n = d.shape[0]
    omega = np.sqrt(omega2)
    z = np.sqrt(n) * means / omega
    offset_lower = np.sqrt(n) * np.minimum(means, 0) / omega
    kept = means >= -np.sqrt(omega2 / n * 2 * np.log(np.log(n)))
    offset_consistent = np.where(kept, 0.0, z)
    return e, b, 1 / (np.sqrt(n) * omega), offset_lower, offset_consistent, max(0.0, float(z.max()))


def stationary_indices(rng, reps, n, q):
    """Stationary-bootstrap positions, reps x n, vectorised: a block restarts where u < q."""
    starts = rng.integers(0, n, size=(reps, n))
    restart = rng.random((reps, n)) < q
    restart[:, 0] = True
    t = np.arange(n)
    last = np.maximum.accumulate(np.where(restart, t, 0), axis=1)
    first = np.take_along_axis(starts, last, axis=1)
    return (first + (t - last)) % n


def spa_pvalues(e, idx, scale, lower, consistent, stat):
    """Counts of each resample's positions times the demeaned differentials (one BLAS product)."""
    reps, n = idx.shape
    counts = np.bincount((idx + n * np.arange(reps)[:, None]).ravel(), minlength=reps * n).reshape(reps, n)
    v = (counts.astype(np.float64) @ e) * scale
    tu = np.maximum(v.max(axis=1), 0)
    tc = np.maximum((v + consistent).max(axis=1), 0)
    tl = np.maximum((v + lower).max(axis=1), 0)
    share = lambda t: float((t >= stat).mean())  # noqa: E731
    return {"lower": share(tl), "consistent": share(tc), "upper": share(tu)}


def spa(d):
    t0 = time.perf_counter()
    e, b, scale, lower, consistent, stat = spa_setup(d["set"], d["n"], d["k"], d["block"])
    n = e.shape[0]
    if "replay" in d:
        idx = np.fromfile(d["replay"], dtype=np.int32).reshape(d["reps"], n)
    else:
        idx = stationary_indices(np.random.default_rng(d["seed"]), d["reps"], n, 1 / b)
    p = spa_pvalues(e, idx, scale, lower, consistent, stat)
    return {"ms": (time.perf_counter() - t0) * 1000, "pvalues": p, "block_size": b, "statistic": stat}


def cscv(d):
    """PBO over all C(S, S/2) splits from per-block sums: one 0/1 split matrix times block moments."""
    t0 = time.perf_counter()
    x = DATA["panel"]
    t, n_cfg = x.shape
    s = d["S"]
    edges = [(j * t) // s for j in range(s + 1)]
    s1 = np.stack([x[edges[b] : edges[b + 1]].sum(axis=0) for b in range(s)])
    s2 = np.stack([(x[edges[b] : edges[b + 1]] ** 2).sum(axis=0) for b in range(s)])
    cnt = np.diff(edges).astype(np.float64)
    combos = combinations_matrix(s, s // 2)
    is_score = sharpe_of(combos, s1, s2, cnt)
    os_score = sharpe_of(1 - combos, s1, s2, cnt)
    winner = is_score.argmax(axis=1)
    os_w = os_score[np.arange(len(winner)), winner]
    rank = 1 + (os_score < os_w[:, None]).sum(axis=1)
    pbo = float((2 * rank <= n_cfg + 1).mean())
    return {"ms": (time.perf_counter() - t0) * 1000, "pbo": pbo, "splits": int(combos.shape[0])}


def combinations_matrix(n, k):
    """Every k-subset of n blocks as a 0/1 row (the PBO does not depend on their order)."""
    bits = (np.arange(1 << n)[:, None] >> np.arange(n)) & 1
    return bits[bits.sum(axis=1) == k].astype(np.float64)


def sharpe_of(m, s1, s2, cnt):
    n = m @ cnt
    mean = (m @ s1) / n[:, None]
    var = ((m @ s2) - n[:, None] * mean * mean) / (n[:, None] - 1)
    return mean / np.sqrt(var)


def dsr(d):
    """Deflated Sharpe (Bailey and Lopez de Prado 2014) of the best of the trial Sharpes."""
    t0 = time.perf_counter()
    sh = DATA["sharpes"]
    n_trials, p, t = sh.size, d["periods_per_year"], d["n_obs"]
    var = float(sh.var(ddof=1))
    inv = NormalDist().inv_cdf
    emax = math.sqrt(var) * ((1 - EULER_GAMMA) * inv(1 - 1 / n_trials) + EULER_GAMMA * inv(1 - 1 / (n_trials * E)))
    sr = d["best_sharpe"] / math.sqrt(p)
    factor = 1 - d["skew"] * sr + (d["kurtosis"] - 1) / 4 * sr * sr
    z = (sr - emax / math.sqrt(p)) * math.sqrt(t - 1) / math.sqrt(factor)
    value = 0.5 * math.erfc(-z / math.sqrt(2))
    return {"ms": (time.perf_counter() - t0) * 1000, "dsr": value, "expected_max_sharpe": emax}


OPS = {
    "load": load,
    "spa": spa,
    "cscv": cscv,
    "dsr": dsr,
    "info": lambda d: {"numpy": np.__version__, "blas": blas_kernel()},
}

for line in sys.stdin:
    cmd = json.loads(line)
    try:
        reply = OPS[cmd["op"]](cmd)
    except Exception as exc:  # the bench prints it and skips the block
        reply = {"error": f"{type(exc).__name__}: {exc}"}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
