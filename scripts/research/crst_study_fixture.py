#!/usr/bin/python3
"""A small CR-ST study and its figures, for tests/integration/crst-study.test.ts (issue 17).

Writes ChID lines (paragraphs with one or two #idiom# blanks, seven candidates per blank, a
`transparency` subset T1-T4, one line without an `id` so its items are named by line number),
three annotators' answers as Tropos JSONL `annotation` lines addressed to the blank ids `X#k`, and
one model's answers; then computes, independently of Tropos:
  - accuracy per annotator (% of their answers equal to the blank's gold) and the mean of those
    accuracies (CR-ST Table 6's "Average"), over all blanks and per transparency subset;
  - the model's accuracy the same way (never in the annotators' mean);
  - Fleiss' kappa with statsmodels (aggregate_raters + fleiss_kappa) over the position 1..7 of the
    chosen candidate in the blank's published candidate list;
  - the wrong candidates chosen per blank and by how many annotators.
Deterministic (random.Random(17)). Run with Debian's /usr/bin/python3 (python3-statsmodels):
    /usr/bin/python3 scripts/research/crst_study_fixture.py > lib/reports/fixtures/crst-study.json
"""
import json
import random

import statsmodels
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

IDIOMS = [
    "画蛇添足", "守株待兔", "亡羊补牢", "对牛弹琴", "杯弓蛇影", "掩耳盗铃", "井底之蛙",
    "一石二鸟", "三心二意", "四面楚歌", "五体投地", "六神无主", "七上八下", "九牛一毛",
    "狐假虎威", "叶公好龙", "刻舟求剑", "拔苗助长", "自相矛盾", "望梅止渴", "胸有成竹",
]
rng = random.Random(17)

# (id or None, blanks, transparency)
PARAGRAPHS = [
    ("c1", 1, "T1"), ("c2", 2, "T2"), ("c3", 1, "T3"), ("c4", 1, "T4"), (None, 2, "T1"),
    ("c6", 1, "T2"), ("c7", 2, "T3"), ("c8", 1, "T4"), ("c9", 1, "T1"), ("c10", 1, "T2"),
    ("c11", 2, "T3"), ("c12", 1, "T4"),
]

chid, blanks = [], []
for line_no, (pid, n, transparency) in enumerate(PARAGRAPHS, start=1):
    candidates = [rng.sample(IDIOMS, 7) for _ in range(n)]
    gold = [c[rng.randrange(7)] for c in candidates]
    content = "，".join(f"第{line_no}段第{k}处#idiom#" for k in range(1, n + 1)) + "。"
    line = {"groundTruth": gold, "candidates": candidates, "content": content, "realCount": n, "transparency": transparency}
    if pid is not None:
        line = {"id": pid, **line}
    chid.append(line)
    item = pid if pid is not None else str(line_no)
    for k in range(n):
        blanks.append({"segmentId": f"{item}#{k + 1}", "candidates": candidates[k], "gold": gold[k], "transparency": transparency})

ANNOTATORS = {"ann-a@crst.test": 0.85, "ann-b@crst.test": 0.7, "ann-c@crst.test": 0.55}
MODEL = ("lab", "gpt-x", 0.6)  # endpoint name, model id, chance of the gold


def answer(b, p):
    if rng.random() < p:
        return b["gold"]
    return rng.choice([c for c in b["candidates"] if c != b["gold"]])


answers = {a: [answer(b, p) for b in blanks] for a, p in ANNOTATORS.items()}
model_answers = [answer(b, MODEL[2]) for b in blanks]


def accuracy(values, subset=None):
    pairs = [(v, b) for v, b in zip(values, blanks) if subset is None or b["transparency"] == subset]
    return 100.0 * sum(v == b["gold"] for v, b in pairs) / len(pairs), len(pairs)


expected = {"groups": []}
for attribute, subset in [("all", "all")] + [("transparency", t) for t in ["T1", "T2", "T3", "T4"]]:
    s = None if subset == "all" else subset
    per = {a: accuracy(answers[a], s) for a in ANNOTATORS}
    expected["groups"].append({
        "attribute": attribute,
        "subset": subset,
        "annotators": {a: {"value": v, "n": n} for a, (v, n) in per.items()},
        "mean": {"value": sum(v for v, _ in per.values()) / len(per), "n": len(per)},
        "model": dict(zip(("value", "n"), accuracy(model_answers, s))),
    })

positions = [[b["candidates"].index(answers[a][i]) + 1 for a in ANNOTATORS] for i, b in enumerate(blanks)]
table, _ = aggregate_raters(positions)
expected["fleiss_kappa"] = {"value": float(fleiss_kappa(table, method="fleiss")), "n": len(blanks), "source": "statsmodels fleiss_kappa(aggregate_raters(positions), method='fleiss')"}

confusion = []
for i, b in enumerate(blanks):
    wrong = {}
    for a in ANNOTATORS:
        if answers[a][i] != b["gold"]:
            wrong[answers[a][i]] = wrong.get(answers[a][i], 0) + 1
    for candidate, k in sorted(wrong.items()):
        confusion.append({"segmentId": b["segmentId"], "gold": b["gold"], "candidate": candidate, "annotators": k})
expected["confusion"] = confusion

out = {
    "source": f"scripts/research/crst_study_fixture.py (statsmodels {statsmodels.__version__})",
    "chid": chid,
    "annotations": [
        {"type": "annotation", "annotator": a, "segmentId": b["segmentId"], "field": "answer", "value": answers[a][i]}
        for a in ANNOTATORS for i, b in enumerate(blanks)
    ],
    "model": {"endpoint": MODEL[0], "model": MODEL[1], "answers": [{"segmentId": b["segmentId"], "value": model_answers[i]} for i, b in enumerate(blanks)]},
    "blanks": blanks,
    "expected": expected,
}
print(json.dumps(out, ensure_ascii=False, indent=1))
