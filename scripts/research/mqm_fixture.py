#!/usr/bin/python3
"""Independent MQM scores and paired approximate randomisation p-values (issue 20.4) for
lib/reports/mqm-analysis.test.ts.

Written from the WMT MQM release's description of its scores (Freitag et al. 2021: Major 5,
Minor 1, Neutral 0, Non-translation 25, Minor Fluency/Punctuation 0.1; a segment's score is the
mean over its raters, a system's the mean over its segments) and Marot's description of its test
(paired one-sided approximate randomisation, p = (#{trials with difference >= observed} + 1) /
(trials + 1)), not from lib/reports/*.ts. Exact tests (every swap of a small study) come from
scipy.stats.permutation_test. The randomised test draws its swaps from mulberry32 (the seeded
generator Tropos uses), ported here, one 32-bit draw per 32 segments, bit k for the k-th segment,
the segments taken in the order of their score pairs (better's score, then worse's: the data's own
order, so identical data gives identical p-values whatever the segments' ids; issue 30.5).
Run with Debian's /usr/bin/python3 (python3-numpy, python3-scipy):
    /usr/bin/python3 scripts/research/mqm_fixture.py > lib/reports/__fixtures__/mqm-scipy.json
"""
import itertools
import json
import numpy as np
from scipy import stats

CATEGORIES = ["Accuracy/Mistranslation", "Accuracy/Omission", "Fluency/Grammar", "Fluency/Punctuation", "Style/Awkward", "Non-translation", "Source error"]
SEVERITIES = ["Major", "Minor", "Neutral"]


def weight(category, severity):
    if category == "Non-translation":
        return 25.0
    if severity == "Major":
        return 5.0
    if severity == "Minor":
        return 0.1 if category == "Fluency/Punctuation" else 1.0
    return 0.0


def top(category):
    return category.split("/")[0]


def study(rng, systems, segments, raters):
    """Each translation rated by one or two raters; each rating 0-4 errors (an empty list: No error)."""
    out = []
    for seg in segments:
        for sys_ in systems:
            for rater in rng.choice(raters, size=int(rng.integers(1, 3)), replace=False):
                k = int(rng.integers(0, 5))
                errors = [[str(rng.choice(CATEGORIES, p=[0.3, 0.1, 0.2, 0.15, 0.2, 0.01, 0.04])), str(rng.choice(SEVERITIES, p=[0.4, 0.5, 0.1]))] for _ in range(k)]
                out.append({"segment": seg, "system": sys_, "rater": str(rater), "errors": errors})
    return out


def scores(ratings):
    seg = {}
    for r in ratings:
        key = (r["system"], r["segment"])
        seg.setdefault(key, []).append(r)
    per_segment = {}
    per_cat = {}
    for key, rs in seg.items():
        per_segment[key] = float(np.mean([sum(weight(c, s) for c, s in r["errors"]) for r in rs]))
        cats = {}
        for c in sorted({top(c) for r in rs for c, _ in r["errors"]}):
            cats[c] = float(np.mean([sum(weight(x, s) for x, s in r["errors"] if top(x) == c) for r in rs]))
        per_cat[key] = cats
    systems = sorted({k[0] for k in per_segment})
    out = {}
    for s in systems:
        segs = sorted(k[1] for k in per_segment if k[0] == s)
        cats = {}
        for c in sorted({c for k in per_cat if k[0] == s for c in per_cat[k]}):
            v = float(np.mean([per_cat[(s, g)].get(c, 0.0) for g in segs]))
            if v != 0:
                cats[c] = v
        out[s] = {"n": len(segs), "mean": float(np.mean([per_segment[(s, g)] for g in segs])), "categories": cats}
    return per_segment, out


def mulberry32(seed):
    state = seed & 0xFFFFFFFF

    def nxt():
        nonlocal state
        state = (state + 0x6D2B79F5) & 0xFFFFFFFF
        t = state
        t = ((t ^ (t >> 15)) * (t | 1)) & 0xFFFFFFFF
        t = (t ^ ((t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF)) & 0xFFFFFFFF
        return (t ^ (t >> 14)) & 0xFFFFFFFF

    return nxt


def par_random(better, worse, trials, seed):
    d = np.asarray(worse, float) - np.asarray(better, float)
    n = len(d)
    observed = d.sum() / n
    nxt = mulberry32(seed)
    count = 0
    for _ in range(trials):
        signs = np.empty(n)
        for i in range(n):
            if i % 32 == 0:
                bits = nxt()
            signs[i] = -1.0 if (bits >> (i % 32)) & 1 else 1.0
        if (signs * d).sum() / n >= observed - 1e-12 * max(1.0, abs(observed)):
            count += 1
    return (count + 1) / (trials + 1)


def par_exact_scipy(better, worse):
    r = stats.permutation_test((np.asarray(worse, float), np.asarray(better, float)), lambda x, y: np.mean(x) - np.mean(y),
                               permutation_type="samples", alternative="greater", n_resamples=np.inf)
    return float(r.pvalue)


def pairs(per_segment, systems_sorted, fn):
    out = []
    for a, b in itertools.combinations(systems_sorted, 2):
        common = {g for s, g in per_segment if s == a} & {g for s, g in per_segment if s == b}
        scored = sorted((per_segment[(a, g)], per_segment[(b, g)]) for g in common)
        out.append({"better": a, "worse": b, "n": len(common), "pValue": fn([x for x, _ in scored], [y for _, y in scored])})
    return out


def main():
    rng = np.random.default_rng(20)
    result = {"provenance": "scripts/research/mqm_fixture.py (numpy, scipy.stats.permutation_test, mulberry32 port)", "trials": 2000, "seed": 1}
    # a study big enough for the randomised test (45 segments, 4 systems)
    big = study(rng, ["sysA", "sysB", "sysC", "sysD"], [f"s{i:02d}" for i in range(45)], ["r1", "r2", "r3"])
    per_segment, systems = scores(big)
    order = sorted(systems, key=lambda s: (systems[s]["mean"], s))
    result["large"] = {"ratings": big, "systems": systems, "order": order,
                       "significance": pairs(per_segment, order, lambda a, b: par_random(a, b, result["trials"], result["seed"]))}
    # a study small enough for every swap (10 segments: 1024 <= trials), checked against scipy's exact test
    small = study(rng, ["sysA", "sysB", "sysC"], [f"t{i:02d}" for i in range(10)], ["r1", "r2"])
    per_segment, systems = scores(small)
    order = sorted(systems, key=lambda s: (systems[s]["mean"], s))
    result["small"] = {"ratings": small, "systems": systems, "order": order, "significance": pairs(per_segment, order, par_exact_scipy)}
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
