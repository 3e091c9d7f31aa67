#!/usr/bin/python3
"""Token-level agreement on Meta4XNLI detection for tests/integration/meta4xnli-detection.test.ts.

Two "annotators" are perturbed copies (after reading an I- tag that follows O as B-, as Tropos does) of ../shared/data/real/meta4xnli/detection/splits/en/
meta4xnli_dev.tsv (rules below, mirrored in the test, BIO kept valid); sklearn's cohen_kappa_score
on the flattened tags and statsmodels' fleiss_kappa on the per-token counts.
Run with Debian's /usr/bin/python3 (python3-sklearn, python3-statsmodels).
"""
import json
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

PATH = "../shared/data/real/meta4xnli/detection/splits/en/meta4xnli_dev.tsv"


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


def normalise(tags):
    """An I- tag with no B-/I- before it starts a chunk: B- (as Tropos reads CoNLL, lib/import/parse-conll.ts)."""
    out = []
    for sent in tags:
        s = list(sent)
        for i, t in enumerate(s):
            if t.startswith("I-") and (i == 0 or s[i - 1] == "O"):
                s[i] = "B-" + t[2:]
        out.append(s)
    return out


gold = normalise(sentences())
a = perturb(gold, 11, True, False)
b = perturb(gold, 5, False, True)
fa = [t for s in a for t in s]
fb = [t for s in b for t in s]
table, _ = aggregate_raters([[x, y] for x, y in zip(fa, fb)])
print(json.dumps({
    "source": "sklearn cohen_kappa_score / statsmodels fleiss_kappa (scripts/research/meta4xnli_kappa_fixture.py)",
    "sentences": len(gold),
    "tokens": len(fa),
    "cohen_kappa": cohen_kappa_score(fa, fb),
    "fleiss_kappa": fleiss_kappa(table, method="fleiss"),
}))
