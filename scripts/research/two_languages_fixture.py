#!/usr/bin/python3
"""A study over two target languages (issue 19 point 1: MMTE ran EN->ZH and EN->IT as one study) and
the values Tropos must report for it, computed here independently of Tropos's code.

Input: the demo corpus (prisma/seed-data/demo-corpus.json), whose 25 English segments have the
output of three systems in Chinese and in Italian. Generated with a seeded random generator
(random.Random(20261127)), written under tests/fixtures/two-languages/:
  - annotations.jsonl: Tropos JSONL annotation lines of two annotators per language (zh-a, zh-b;
    it-a, it-b @lab.org), each giving every translation Fluency, Intelligibility, Fidelity and
    Overall (1-5), and every active MRW (content-word POS) an equivalence label (the two annotators
    of a language agree on it, so the majority is never a tie) and an Authenticity (1-5);
  - metrics.tsv: BERTScore and COMET per translation (segmentId, system, language, metric, value),
    a noisy increasing function of the translation's mean Overall;
  - expected.json: per language, with numpy and scipy 1.10 (Debian python3-scipy):
      * the Pearson r and Spearman rho (scipy.stats.pearsonr / spearmanr) of each metric with each
        sentence-level criterion, one pair per translation: (metric, mean of the two annotators);
      * MMTE figure 7: the mean of each dimension over the translations (a translation's value =
        the mean of its annotators'; Authenticity = the mean over its in-scope MRWs of the
        annotators' mean: the metaphorical MRWs of a metaphorical sentence, all if none is
        flagged, every MRW of a literal sentence);
      * MMTE figure 6: per equivalence class (source kind x label) the number of MRW instances and
        the mean of each dimension over them (sentence-level dimensions: the translation's value;
        Authenticity: the instance's own).

Run:  /usr/bin/python3 scripts/research/two_languages_fixture.py
"""
import json
import random
from pathlib import Path

import numpy as np
import scipy
from scipy.stats import pearsonr, spearmanr

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "fixtures" / "two-languages"
CONTENT = {"NOUN", "VERB", "ADJ", "ADV"}
SENTENCE_DIMS = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "OVERALL"]
DIMS = ["FLUENCY", "INTELLIGIBILITY", "FIDELITY", "AUTHENTICITY", "OVERALL"]
MET_LABELS = ["FULL", "PART", "NON", "MISUNDERSTANDING", "ERROR"]
LIT_LABELS = ["LITERAL", "METAPHORICAL", "ERROR"]
LANGUAGES = ["zh", "it"]
METRICS = ["BERTScore", "COMET"]

corpus = json.loads((ROOT / "prisma" / "seed-data" / "demo-corpus.json").read_text(encoding="utf-8"))
rng = random.Random(20261127)
segments = [s for d in corpus["documents"] for s in d["segments"]]

lines, metric_rows = [], []
# per language: translation key -> {"dims": {dim: mean}, "mrws": [(metaphorical, label, authenticity mean)], "metaphorical": bool}
records = {lang: {} for lang in LANGUAGES}
for lang in LANGUAGES:
    annotators = [f"{lang}-a@lab.org", f"{lang}-b@lab.org"]
    for seg in segments:
        active = [m for m in seg["mrws"] if m["pos"] in CONTENT]
        for system in sorted(seg["translations"][lang]):
            values = {dim: [] for dim in SENTENCE_DIMS}
            base = rng.randint(1, 5)
            for who in annotators:
                for dim in SENTENCE_DIMS:
                    v = min(5, max(1, base + rng.choice([-1, 0, 0, 1])))
                    values[dim].append(v)
                    lines.append({"type": "annotation", "annotator": who, "segmentId": seg["externalId"], "system": system, "language": lang, "field": dim, "value": v})
            mrws = []
            for m in active:
                label = rng.choice(MET_LABELS if m["metaphorical"] else LIT_LABELS)
                auth = []
                for who in annotators:
                    a = rng.randint(1, 5)
                    auth.append(a)
                    lines.append({"type": "annotation", "annotator": who, "segmentId": seg["externalId"], "system": system, "language": lang, "mrwId": m["id"], "field": "EQUIVALENCE", "value": label})
                    lines.append({"type": "annotation", "annotator": who, "segmentId": seg["externalId"], "system": system, "language": lang, "mrwId": m["id"], "field": "AUTHENTICITY", "value": a})
                mrws.append((m["metaphorical"], label, float(np.mean(auth))))
            key = f"{seg['externalId']}|{system}"
            dims = {dim: float(np.mean(values[dim])) for dim in SENTENCE_DIMS}
            records[lang][key] = {"dims": dims, "mrws": mrws, "metaphorical": seg["metaphorical"]}
            for metric, scale in (("BERTScore", 0.04), ("COMET", 0.09)):
                value = round(0.35 + scale * dims["OVERALL"] + rng.uniform(-0.08, 0.08), 4)
                metric_rows.append((seg["externalId"], system, lang, metric, value))


def authenticity(r):
    """MMTE table 3's Authenticity of a translation: the mean over its in-scope MRWs."""
    mrws = r["mrws"]
    if r["metaphorical"] and any(m[0] for m in mrws):
        mrws = [m for m in mrws if m[0]]
    return float(np.mean([m[2] for m in mrws])) if mrws else None


expected = {
    "source": f"scripts/research/two_languages_fixture.py; scipy {scipy.__version__} (scipy.stats.pearsonr, scipy.stats.spearmanr), numpy {np.__version__}",
    "languages": {},
}
metric_by = {(s, sy, l, m): v for (s, sy, l, m, v) in metric_rows}
for lang in LANGUAGES:
    recs = records[lang]
    keys = list(recs)
    corr = {}
    for metric in METRICS:
        for dim in SENTENCE_DIMS:
            x = [metric_by[(k.split("|")[0], k.split("|")[1], lang, metric)] for k in keys]
            y = [recs[k]["dims"][dim] for k in keys]
            corr[f"{metric}|{dim}"] = {"n": len(x), "pearson_r": float(pearsonr(x, y).statistic), "spearman_rho": float(spearmanr(x, y).statistic)}
    means = {}
    for dim in DIMS:
        vals = [authenticity(recs[k]) if dim == "AUTHENTICITY" else recs[k]["dims"][dim] for k in keys]
        vals = [v for v in vals if v is not None]
        means[dim] = {"n": len(vals), "mean": float(np.mean(vals))}
    classes = {}
    for k in keys:
        for metaphorical, label, auth in recs[k]["mrws"]:
            c = classes.setdefault(f"{'metaphorical' if metaphorical else 'literal'}|{label}", {dim: [] for dim in DIMS})
            for dim in DIMS:
                c[dim].append(auth if dim == "AUTHENTICITY" else recs[k]["dims"][dim])
    figure6 = {name: {"instances": len(c["FLUENCY"]), **{dim: float(np.mean(c[dim])) for dim in DIMS}} for name, c in sorted(classes.items())}
    expected["languages"][lang] = {"translations": len(keys), "correlations": corr, "figure7": means, "figure6": figure6}

OUT.mkdir(parents=True, exist_ok=True)
(OUT / "annotations.jsonl").write_text("".join(json.dumps(l, ensure_ascii=False) + "\n" for l in lines), encoding="utf-8")
(OUT / "metrics.tsv").write_text("segmentId\tsystem\tlanguage\tmetric\tvalue\n" + "".join(f"{s}\t{sy}\t{l}\t{m}\t{v}\n" for (s, sy, l, m, v) in metric_rows), encoding="utf-8")
(OUT / "expected.json").write_text(json.dumps(expected, indent=1) + "\n", encoding="utf-8")
print(f"{len(lines)} annotation lines, {len(metric_rows)} metric scores -> {OUT}")
