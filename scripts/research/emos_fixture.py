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

# Per document and system (s1, s2 in document d1; s3 in d2): the mean of each metric over the
# document's translations by that system.
DOCUMENTS = {"s1": "d1", "s2": "d1", "s3": "d2"}
study["documents"] = DOCUMENTS
study["perDocument"] = []
for doc in sorted(set(DOCUMENTS.values())):
    for sysname in sorted({p[0] for p in per}):
        own = [t["metrics"] for t in study["translations"] if DOCUMENTS[t["segment"]] == doc and t["system"] == sysname]
        study["perDocument"].append({"document": doc, "system": sysname, "n": len(own), "mean": {k: float(np.mean([m[k] for m in own])) for k in ["VSS", "LMR", "EDR", "EMOS"]}})

# A project's own weights (0.6, 0.3, 0.1): EMOS per translation and per system.
W = (0.6, 0.3, 0.1)
weighted = [(t["segment"], t["system"], metrics(text_vector(STUDY["segments"][t["segment"]]), text_vector(t["vectors"]), W)["EMOS"]) for t in study["translations"]]
study["weighted"] = {
    "weights": {"vss": W[0], "lmr": W[1], "edr": W[2]},
    "translations": [{"segment": s_, "system": y, "EMOS": e} for s_, y, e in weighted],
    "systems": {y: float(np.mean([e for _, yy, e in weighted if yy == y])) for y in sorted({w[1] for w in weighted})},
}

# Mean emotion profiles: the sources' text vectors over the scored segments, each system's
# translations' text vectors over its translations.
study["profiles"] = {
    "sources": np.mean([text_vector(v) for v in STUDY["segments"].values()], axis=0).tolist(),
    "systems": {y: np.mean([text_vector(t["vectors"]) for t in study["translations"] if t["system"] == y], axis=0).tolist() for y in sorted({p[0] for p in per})},
}


# A model's vectors (a classifier's probabilities, one vector per text; none for s3/sysB), scored
# the same way; per system the model's mean and the humans' mean over the translations both scored,
# and the Pearson r per translation of the model's metric with the humans' (None when undefined:
# fewer than two translations or no variance), pooled ("all") and per system.
MODEL = "lab:emotion-classifier"
MODEL_SOURCES = {
    "s1": [0.05, 0.70, 0.15, 0.00, 0.00, 0.00, 0.10],
    "s2": [0.60, 0.00, 0.00, 0.05, 0.35, 0.00, 0.00],
    "s3": [0.00, 0.10, 0.00, 0.10, 0.00, 0.00, 0.80],
}
MODEL_TARGETS = {
    ("s1", "sysA"): [0.00, 0.80, 0.10, 0.00, 0.00, 0.00, 0.10],
    ("s1", "sysB"): [0.30, 0.10, 0.00, 0.00, 0.00, 0.00, 0.60],
    ("s2", "sysA"): [0.75, 0.00, 0.00, 0.00, 0.25, 0.00, 0.00],
    ("s2", "sysB"): [0.40, 0.00, 0.00, 0.45, 0.15, 0.00, 0.00],
    ("s3", "sysA"): [0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 1.00],
}


def pearson_or_none(x, y):
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if len(x) < 2 or np.all(x == x[0]) or np.all(y == y[0]):
        return None
    return float(np.corrcoef(x, y)[0, 1])


human = {(t["segment"], t["system"]): t["metrics"] for t in study["translations"]}
model_rows = []
for (seg, sysname), vec in MODEL_TARGETS.items():
    m = metrics(l1(MODEL_SOURCES[seg]), l1(vec))
    model_rows.append({"segment": seg, "system": sysname, "metrics": m})
model_out = {"name": MODEL, "sources": MODEL_SOURCES, "targets": [{"segment": s_, "system": y, "vector": v} for (s_, y), v in MODEL_TARGETS.items()], "translations": model_rows, "systems": {}, "agreement": []}
for sysname in sorted({r["system"] for r in model_rows}):
    own = [r for r in model_rows if r["system"] == sysname]
    model_out["systems"][sysname] = {
        "n": len(own),
        "model": {k: float(np.mean([r["metrics"][k] for r in own])) for k in ["VSS", "LMR", "EDR", "EMOS"]},
        "humans": {k: float(np.mean([human[(r["segment"], r["system"])][k] for r in own])) for k in ["VSS", "LMR", "EDR", "EMOS"]},
    }
for sysname in ["all"] + sorted({r["system"] for r in model_rows}):
    own = [r for r in model_rows if sysname == "all" or r["system"] == sysname]
    for k in ["VSS", "LMR", "EDR", "EMOS"]:
        model_out["agreement"].append({"system": sysname, "metric": k, "n": len(own), "value": pearson_or_none([r["metrics"][k] for r in own], [human[(r["segment"], r["system"])][k] for r in own])})
study["model"] = model_out

out["study"] = study
print(json.dumps(out, indent=1))
