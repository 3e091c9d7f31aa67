#!/usr/bin/python3
"""Independent values of the meta4xnli analyses (issue 16 point 4) for
tests/integration/meta4xnli-analysis.test.ts, from the files shipped in data/meta4xnli.

Written from the issue's text with sklearn / statsmodels, not from lib/reports:
- detection, per language (en, es) and pooled ("all": both languages' tokens together):
  token-level Cohen's kappa of every annotator pair on the tokens both tagged
  (sklearn cohen_kappa_score), Fleiss' kappa over the tokens of the sentences all three annotators
  tagged (statsmodels fleiss_kappa, method="fleiss"), and each rater's precision / recall / F1
  against the gold tags per token (sklearn precision_recall_fscore_support, a tag other than O is
  positive) and per span (a B- chunk with its I- tags; found when the gold has the same first
  and last token);
- interpretation: NLI accuracy (%) per rater, language, source dataset and gold metaphor role, with
  "all" roll-ups (sklearn accuracy_score).

The raters (mirrored in the test):
- a: the gold tags with every 11th token of the file's token stream turned O -> B-METAPHOR
  (unless an I- follows), every sentence;
- b: every 5th token B-METAPHOR -> O (unless an I- follows), every sentence;
- c: every 7th token flipped both ways, only the first 1000 sentences of each file;
- model "melbert-sim": every 13th token flipped both ways, first 500 sentences of each file.
  (Gold is read with an I- after O as B-, as the CoNLL reader builds the MRWs the annotator import
  starts from.)
- NLI: data/meta4xnli/interpretation/splits/test_met.tsv split by pair: the first 100 pairIDs as
  part_met.tsv (role relevant), the other 150 as part_no_met.tsv (role none). Row i (0-based over
  test_met.tsv's data rows) gets label rotate(gold) for a when i % 4 == 0, for b when i % 3 == 1,
  for the model "nli-sim" when i % 5 == 2 (rotate: entailment -> neutral -> contradiction ->
  entailment).

Run with Debian's /usr/bin/python3 (python3-sklearn, python3-statsmodels):
    /usr/bin/python3 scripts/research/meta4xnli_analysis_fixture.py > lib/reports/__fixtures__/meta4xnli-analysis.json
"""
import json
from sklearn.metrics import accuracy_score, cohen_kappa_score, precision_recall_fscore_support
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

DET = "data/meta4xnli/detection/splits/{}/meta4xnli_dev.tsv"
NLI = "data/meta4xnli/interpretation/splits/test_met.tsv"
LANGS = ["en", "es"]


def sentences(path):
    out, cur = [], []
    for raw in open(path, encoding="utf-8").read().split("\n"):
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


def normalise(tags):
    out = []
    for sent in tags:
        s = list(sent)
        for i, t in enumerate(s):
            if t.startswith("I-") and (i == 0 or s[i - 1] == "O"):
                s[i] = "B-" + t[2:]
        out.append(s)
    return out


def perturb(tags, every, add, drop, first=None):
    """Token k of the stream of the sentences taken (0-based): O -> B- when add, B- -> O when drop, unless an I- follows."""
    out, k = [], 0
    for sent in tags[:first] if first else tags:
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


def prf(gold, ann):
    """gold, ann: lists of sentences (ann may cover only the first sentences)."""
    g = gold[: len(ann)]
    fg = [t != "O" for s in g for t in s]
    fa = [t != "O" for s in ann for t in s]
    p, r, f, _ = precision_recall_fscore_support(fg, fa, average="binary", pos_label=True, zero_division=0)
    tp = fp = fn = 0
    for x, y in zip(g, ann):
        sg, sa = spans(x), spans(y)
        tp += len(sg & sa)
        fp += len(sa - sg)
        fn += len(sg - sa)
    sp, sr = tp / (tp + fp), tp / (tp + fn)
    return {
        "token": {"precision": float(p), "recall": float(r), "f1": float(f), "n": len(fa)},
        "span": {"precision": sp, "recall": sr, "f1": 2 * sp * sr / (sp + sr), "n": tp + fn},
        "sentences": len(ann),
    }


flat = lambda sents: [t for s in sents for t in s]

raters = {}
gold = {}
for lang in LANGS:
    gold[lang] = normalise(sentences(DET.format(lang)))
    raters.setdefault("a", {})[lang] = perturb(gold[lang], 11, True, False)
    raters.setdefault("b", {})[lang] = perturb(gold[lang], 5, False, True)
    raters.setdefault("c", {})[lang] = perturb(gold[lang], 7, True, True, first=1000)
model = {lang: perturb(gold[lang], 13, True, True, first=500) for lang in LANGS}

kappa = {}
for scope in LANGS + ["all"]:
    langs = LANGS if scope == "all" else [scope]
    pairs = {}
    for x, y in [("a", "b"), ("a", "c"), ("b", "c")]:
        fx, fy = [], []
        for l in langs:
            n = min(len(raters[x][l]), len(raters[y][l]))
            fx += flat(raters[x][l][:n])
            fy += flat(raters[y][l][:n])
        pairs[f"{x}+{y}"] = {"value": cohen_kappa_score(fx, fy), "n": len(fx)}
    rows = []
    for l in langs:
        for sa, sb, sc in zip(raters["a"][l][:1000], raters["b"][l][:1000], raters["c"][l]):
            rows += [[p, q, r] for p, q, r in zip(sa, sb, sc)]
    table, _ = aggregate_raters(rows)
    kappa[scope] = {"cohen": pairs, "fleiss": {"value": fleiss_kappa(table, method="fleiss"), "n": len(rows)}}

prf_out = {}
for name, per in list(raters.items()) + [("melbert-sim", model)]:
    for scope in LANGS + ["all"]:
        langs = LANGS if scope == "all" else [scope]
        g = [s for l in langs for s in gold[l][: len(per[l])]]
        a = [s for l in langs for s in per[l]]
        prf_out[f"{name}|{scope}"] = prf(g, a)

# interpretation
rows = [l.rstrip("\n").split("\t") for l in open(NLI, encoding="utf-8")][1:]
pair_order = []
for r in rows:
    if r[5] not in pair_order:
        pair_order.append(r[5])
relevant = set(pair_order[:100])
ROT = {"entailment": "neutral", "neutral": "contradiction", "contradiction": "entailment"}
labels = {"a": [], "b": [], "nli-sim": []}
for i, r in enumerate(rows):
    g = r[1]
    labels["a"].append(ROT[g] if i % 4 == 0 else g)
    labels["b"].append(ROT[g] if i % 3 == 1 else g)
    labels["nli-sim"].append(ROT[g] if i % 5 == 2 else g)
acc = {}
for name, ls in labels.items():
    for lang in ["all", "en", "es"]:
        for src in ["all", "xnli.dev", "xnli.test", "esxnli"]:
            for role in ["all", "relevant", "none"]:
                idx = [i for i, r in enumerate(rows)
                       if (lang == "all" or r[0] == lang) and (src == "all" or r[7] == src)
                       and (role == "all" or (role == "relevant") == (r[5] in relevant))]
                if not idx:
                    continue
                y_true = [rows[i][1] for i in idx]
                y_pred = [ls[i] for i in idx]
                acc[f"{name}|{lang}|{src}|{role}"] = {"accuracy": 100 * accuracy_score(y_true, y_pred), "n": len(idx)}

print(json.dumps({
    "source": "sklearn cohen_kappa_score, precision_recall_fscore_support, accuracy_score; statsmodels fleiss_kappa (scripts/research/meta4xnli_analysis_fixture.py)",
    "sentences": {l: len(gold[l]) for l in LANGS},
    "kappa": kappa,
    "prf": prf_out,
    "accuracy": acc,
}, indent=1))
