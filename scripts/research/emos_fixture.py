#!/usr/bin/python3
"""Independent values of the EMOS metrics (issue 18) for lib/scoring/emos.test.ts.

numpy implementation of the definitions pinned in lib/scoring/EMOS.md, written from the issue's
text, not from lib/scoring/emos.ts. Run with Debian's /usr/bin/python3 (python3-numpy):
    /usr/bin/python3 scripts/research/emos_fixture.py > lib/scoring/__fixtures__/emos-numpy.json
"""
import json
import numpy as np

DIMS = ["happiness", "sadness", "fear", "anger", "surprise", "disgust", "neutrality"]


def l1(v):
    v = np.asarray(v, dtype=float)
    s = v.sum()
    return v / s if s > 0 else v


def text_vector(annotators):
    return np.mean([l1(a) for a in annotators], axis=0)


def entropy(x):
    nz = x[x > 0]
    return float(-(nz * np.log2(nz)).sum())


def metrics(A, B, weights=(0.5, 0.35, 0.15)):
    cs = float(A @ B / (np.linalg.norm(A) * np.linalg.norm(B)))
    md = float(np.abs(A - B).sum())
    ed = float(np.sqrt(((A - B) ** 2).sum()))
    vss = 0.5 * cs + 0.25 * (1 - md / 2) + 0.25 * (1 - ed / np.sqrt(2))
    da = set(np.flatnonzero(np.isclose(A, A.max(), rtol=0, atol=1e-12)))
    db = set(np.flatnonzero(np.isclose(B, B.max(), rtol=0, atol=1e-12)))
    lmr = len(da & db) / max(len(da), len(db))
    ha, hb = entropy(A), entropy(B)
    edr = 1.0 if ha == 0 and hb == 0 else min(ha, hb) / max(ha, hb)
    a, b, g = weights
    return {"CS": cs, "MD": md, "ED": ed, "VSS": float(vss), "LMR": lmr, "EDR": edr, "EMOS": float(a * vss + b * lmr + g * edr)}


# Cases: source annotators' raw vectors, translation annotators' raw vectors (intensities 0-3 or
# the paper's proportions), in DIMS order.
CASES = {
    "identical": ([[0, 2, 0, 0, 1, 0, 0]], [[0, 2, 0, 0, 1, 0, 0]]),
    "one-hot same": ([[0, 0, 0, 3, 0, 0, 0]], [[0, 0, 0, 1, 0, 0, 0]]),
    "one-hot different": ([[3, 0, 0, 0, 0, 0, 0]], [[0, 3, 0, 0, 0, 0, 0]]),
    "tie for the maximum": ([[2, 2, 0, 0, 0, 0, 0]], [[2, 0, 0, 0, 1, 0, 0]]),
    "both entropy 0": ([[0, 0, 0, 0, 0, 0, 3]], [[0, 0, 0, 0, 0, 0, 1]]),
    "one entropy 0": ([[0, 0, 0, 0, 0, 0, 3]], [[1, 0, 0, 0, 0, 0, 2]]),
    "three annotators": ([[0, 2, 1, 0, 0, 0, 0], [0, 3, 0, 0, 0, 0, 0], [1, 2, 0, 0, 0, 0, 0]], [[0, 1, 1, 0, 0, 0, 0], [0, 2, 0, 0, 0, 0, 1]]),
    # EMOS paper, Table 6 (Water Margin), source vs DeepL, its order [Ang, Dis, Fear, Hap, Sad, Sur, Neu] mapped to DIMS
    "paper table 6 deepl": ([[0.00, 0.10, 0.05, 0.65, 0.00, 0.20, 0.00]], [[0.00, 0.15, 0.00, 0.70, 0.00, 0.15, 0.00]]),
    # EMOS paper, Table 4 (Great Learning), source vs Google Translate
    "paper table 4 google": ([[0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 1.00]], [[0.50, 0.00, 0.00, 0.00, 0.00, 0.00, 0.50]]),
}

out = {"source": "scripts/research/emos_fixture.py (numpy " + np.__version__ + ")", "dimensions": DIMS, "cases": []}
for name, (src, tgt) in CASES.items():
    A, B = text_vector(src), text_vector(tgt)
    out["cases"].append({"name": name, "source": src, "translation": tgt, "A": A.tolist(), "B": B.tolist(), "metrics": metrics(A, B)})


# A small study for lib/reports/emos-analysis.test.ts: three segments, two systems, two annotators
# per text, equivalence ratings; per-system means and the Pearson r of each metric with the mean
# equivalence per translation (numpy.corrcoef).
STUDY = {
    "segments": {
        "s1": [[0, 3, 1, 0, 0, 0, 0], [0, 2, 1, 0, 0, 0, 1]],
        "s2": [[3, 0, 0, 0, 1, 0, 0], [2, 0, 0, 0, 2, 0, 0]],
        "s3": [[0, 0, 0, 0, 0, 0, 3], [0, 0, 0, 1, 0, 0, 2]],
    },
    "translations": {
        ("s1", "sysA"): ([[0, 3, 0, 0, 0, 0, 0], [0, 2, 1, 0, 0, 0, 0]], [5, 4]),
        ("s1", "sysB"): ([[1, 0, 0, 0, 0, 0, 2], [0, 1, 0, 0, 0, 0, 2]], [2, 1]),
        ("s2", "sysA"): ([[3, 0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 1, 0, 0]], [4, 4]),
        ("s2", "sysB"): ([[2, 0, 0, 1, 1, 0, 0], [1, 0, 0, 2, 0, 0, 0]], [3, 2]),
        ("s3", "sysA"): ([[0, 0, 0, 0, 0, 0, 3], [0, 0, 0, 0, 0, 0, 2]], [5, 5]),
        ("s3", "sysB"): ([[0, 1, 0, 0, 0, 0, 2], [0, 0, 0, 0, 1, 0, 2]], [3, 4]),
    },
}
study = {"segments": STUDY["segments"], "translations": [], "systems": {}, "correlations": {}}
per = []
for (seg, sysname), (vecs, eq) in STUDY["translations"].items():
    m = metrics(text_vector(STUDY["segments"][seg]), text_vector(vecs))
    per.append((sysname, m, float(np.mean(eq))))
    study["translations"].append({"segment": seg, "system": sysname, "vectors": vecs, "equivalence": eq, "metrics": m})
for sysname in sorted({p[0] for p in per}):
    study["systems"][sysname] = {k: float(np.mean([p[1][k] for p in per if p[0] == sysname])) for k in ["VSS", "LMR", "EDR", "EMOS"]}
for k in ["VSS", "LMR", "EDR", "EMOS"]:
    study["correlations"][k] = float(np.corrcoef([p[1][k] for p in per], [p[2] for p in per])[0, 1])
out["study"] = study
print(json.dumps(out, indent=1))
