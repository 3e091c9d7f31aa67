#!/usr/bin/python3
"""Token-level agreement on Meta4XNLI detection for tests/integration/meta4xnli-detection.test.ts.

Two "annotators" are perturbed copies of data/meta4xnli/detection/splits/en/meta4xnli_dev.tsv
(rules below, mirrored in the test), tags as the file writes them: an I- tag after O stays I-, as
Tropos stores an annotator's CoNLL tags since issue 30.6 (it read such a tag as B- before, which
gave a kappa other than cohen_kappa_score on the files). sklearn's cohen_kappa_score on the
flattened tags and statsmodels' fleiss_kappa on the per-token counts; spans for P/R/F1 start at a
B- tag or at an I- tag outside a chunk (conlleval's reading).
Run from the repository root with Debian's /usr/bin/python3 (python3-sklearn, python3-statsmodels).
"""
import json
from sklearn.metrics import cohen_kappa_score
from sklearn.metrics import precision_recall_fscore_support
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

PATH = "data/meta4xnli/detection/splits/en/meta4xnli_dev.tsv"


def sentences():
    out, cur = [], []
    for raw in open(PATH, encoding="utf-8").read().split("\n"):
        if raw.strip() == "":
            if cur:
                out.append(cur)
                cur = []
            continue
        tok, tag = raw.split("\t")
        cur.append(tag)
    if cur:
        out.append(cur)
    return out


def perturb(tags, every, add, drop):
    """Token k (0-based over the file) with k % every == 0: O -> B-METAPHOR when `add` and the next
    tag is not I-; B-METAPHOR -> O when `drop` and the next tag is not I-."""
    out, k = [], 0
    for sent in tags:
        s = list(sent)
        for i, t in enumerate(s):
            nxt = s[i + 1] if i + 1 < len(s) else "O"
            if k % every == 0 and not nxt.startswith("I-"):
                if add and t == "O":
                    s[i] = "B-METAPHOR"
                elif drop and t == "B-METAPHOR":
                    s[i] = "O"
            k += 1
        out.append(s)
    return out


gold = sentences()
a = perturb(gold, 11, True, False)
b = perturb(gold, 5, False, True)
fa = [t for s in a for t in s]
fb = [t for s in b for t in s]
table, _ = aggregate_raters([[x, y] for x, y in zip(fa, fb)])
def spans(tags):
    out, start = set(), -1
    for i, t in enumerate(tags + ["O"]):
        if t.startswith("B-") or t == "O" or i == len(tags):
            if start >= 0:
                out.add((start, i - 1))
            start = i if t.startswith("B-") else -1
        elif t.startswith("I-") and start < 0:
            start = i
    return out


def against_gold(ann):
    fg = [t != "O" for s in gold for t in s]
    fa = [t != "O" for s in ann for t in s]
    p, r, f, _ = precision_recall_fscore_support(fg, fa, average="binary", pos_label=True, zero_division=0)
    tp = fp = fn = 0
    for g, a in zip(gold, ann):
        sg, sa = spans(g), spans(a)
        tp += len(sg & sa)
        fp += len(sa - sg)
        fn += len(sg - sa)
    sp, sr = tp / (tp + fp), tp / (tp + fn)
    return {"token": {"precision": p, "recall": r, "f1": f}, "span": {"precision": sp, "recall": sr, "f1": 2 * sp * sr / (sp + sr)}}


print(json.dumps({
    "a_vs_gold": against_gold(a),
    "b_vs_gold": against_gold(b),
    "source": "sklearn cohen_kappa_score / statsmodels fleiss_kappa (scripts/research/meta4xnli_kappa_fixture.py)",
    "sentences": len(gold),
    "tokens": len(fa),
    "cohen_kappa": cohen_kappa_score(fa, fb),
    "fleiss_kappa": fleiss_kappa(table, method="fleiss"),
}))
