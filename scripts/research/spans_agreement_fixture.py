#!/usr/bin/python3
"""Reference values for lib/reports/scheme-spans-agreement.test.ts: agreement of a `spans` field
per character (issue 14 point 6), computed independently of Tropos.

Coding (the convention documented in lib/reports/scheme-agreement.ts and lib/reports/README.md):
every non-whitespace character of the text a value marks is a unit, coded with the label of the
span covering it, "none" where no span does, the sorted labels joined by "+" where spans with
different labels overlap. The fixture's texts are in the Basic Multilingual Plane, so Python's
string indices are the UTF-16 offsets Tropos stores.

Then, per system (A, B) and pooled ("all"): Krippendorff's alpha, nominal (nltk's AnnotationTask
with binary_distance), Cohen's kappa per annotator pair (sklearn's cohen_kappa_score, labels from
the data), Fleiss' kappa (statsmodels' aggregate_raters + fleiss_kappa; every unit has 3 raters)
and exact agreement (% of units on which all agree).

Debian bookworm: statsmodels 0.13.5, sklearn 1.2.1, nltk 3.8.
Run: /usr/bin/python3 scripts/research/spans_agreement_fixture.py   (prints the JSON to paste)
Input: lib/reports/fixtures/spans-agreement-data.json (frozen).
"""
import itertools
import json
import os

from nltk.metrics.agreement import AnnotationTask
from nltk.metrics.distance import binary_distance
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

here = os.path.dirname(os.path.abspath(__file__))
data = json.load(open(os.path.join(here, "../../lib/reports/fixtures/spans-agreement-data.json"), encoding="utf-8"))
coders = data["annotators"]


def char_codes(text, spans):
    """Unit offset -> code, for the non-whitespace characters of text."""
    out = {}
    for i, ch in enumerate(text):
        if ch.isspace():
            continue
        covering = sorted({s["label"] for s in spans if s["start"] <= i < s["end"]})
        out[i] = "+".join(covering) if covering else "none"
    return out


def matrix(units):
    """coders x units (unit = text#offset); every coder codes every text in the fixture."""
    cols = []
    for u in units:
        text = data["texts"][u]
        per = [char_codes(text, data["spans"][c][u]) for c in coders]
        for off in sorted(per[0].keys()):
            cols.append((f"{u}#{off}", [p[off] for p in per]))
    return cols


out = {}
systems = {"A": [u for u in data["texts"] if u.startswith("A:")], "B": [u for u in data["texts"] if u.startswith("B:")]}
systems["all"] = systems["A"] + systems["B"]
for system, units in systems.items():
    cols = matrix(sorted(units))
    key = f"errors|{system}"
    triples = [(c, unit, codes[i]) for unit, codes in cols for i, c in enumerate(coders)]
    out[f"{key}|krippendorff_alpha|nominal|"] = AnnotationTask(data=triples, distance=binary_distance).alpha()
    cats = sorted({code for _, codes in cols for code in codes})
    table = [[cats.index(code) for code in codes] for _, codes in cols]
    counts, _ = aggregate_raters(table, n_cat=len(cats))
    out[f"{key}|fleiss_kappa||"] = fleiss_kappa(counts, method="fleiss")
    for i, j in itertools.combinations(range(len(coders)), 2):
        a = [codes[i] for _, codes in cols]
        b = [codes[j] for _, codes in cols]
        out[f"{key}|cohen_kappa|unweighted|{coders[i]}+{coders[j]}"] = cohen_kappa_score(a, b)
    out[f"{key}|exact_agreement||"] = 100 * sum(1 for _, codes in cols if len(set(codes)) == 1) / len(cols)
    out[f"{key}|units"] = len(cols)

print(json.dumps({k: round(float(v), 12) for k, v in sorted(out.items())}, indent=2))
