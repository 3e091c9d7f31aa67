#!/usr/bin/python3
"""A synthesized Label Studio export with three annotators (issue 20.5) and the kappas of its
sentiment labels, for tests/integration/label-studio.test.ts.

The export follows Label Studio's documented task format (labelstud.io/guide/task_format: tasks
with `data`, `annotations[].completed_by` and `result[]` regions `{from_name, to_name, type,
value}`; choices, labels with start/end/text/labels, textarea, rating, a relation region and a
model prediction, which the mapping leaves out). Sentences and labels are invented. The kappas come
from statsmodels (Fleiss) and sklearn (Cohen, unweighted, per pair). Run with Debian's
/usr/bin/python3 (python3-numpy, python3-sklearn, python3-statsmodels):
    /usr/bin/python3 scripts/research/label_studio_kappa_fixture.py tests/fixtures/label-studio
"""
import itertools
import json
import sys
import numpy as np
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

SUBJECTS = ["The city", "My heart", "Time", "His voice", "The market", "Her smile", "The news", "That idea", "The storm", "Our plan"]
PREDICATES = ["is a jungle", "sank", "flies", "was thunder", "crashed", "lit the room", "hit hard", "took root", "raged on", "fell apart"]
CLASSES = ["Positive", "Negative", "Neutral"]


def main(out):
    rng = np.random.default_rng(205)
    tasks = []
    sentiment = {a: [] for a in (1, 2, 3)}
    for k in range(24):
        subject = SUBJECTS[k % len(SUBJECTS)]
        predicate = PREDICATES[(k * 3) % len(PREDICATES)]
        text = f"{subject} {predicate} ({k + 1})."
        truth = int(rng.integers(0, 3))
        annotations = []
        for annotator in (1, 2, 3):
            label = truth if rng.random() < 0.7 else int(rng.integers(0, 3))
            sentiment[annotator].append(CLASSES[label])
            start = len(subject) + 1
            end = start + len(predicate)
            result = [
                {"id": f"s{k}-{annotator}", "from_name": "sentiment", "to_name": "text", "type": "choices", "origin": "manual", "value": {"choices": [CLASSES[label]]}},
                {"id": f"m{k}-{annotator}", "from_name": "metaphor", "to_name": "text", "type": "labels", "origin": "manual",
                 "value": {"start": start, "end": end if rng.random() < 0.8 else start + len(predicate.split()[0]), "text": None, "labels": ["MRW"]}},
            ]
            result[1]["value"]["text"] = text[result[1]["value"]["start"]:result[1]["value"]["end"]]
            if rng.random() < 0.4:
                result.append({"id": f"c{k}-{annotator}", "from_name": "comment", "to_name": "text", "type": "textarea", "origin": "manual", "value": {"text": [f"note {k}-{annotator}"]}})
            if rng.random() < 0.6:
                result.append({"id": f"r{k}-{annotator}", "from_name": "confidence", "to_name": "text", "type": "rating", "origin": "manual", "value": {"rating": int(rng.integers(1, 6))}})
            if k == 0 and annotator == 1:
                result.append({"from_id": f"m{k}-{annotator}", "to_id": f"s{k}-{annotator}", "type": "relation", "direction": "right"})
            annotations.append({"id": 100 * (k + 1) + annotator, "completed_by": annotator, "result": result, "was_cancelled": False,
                                "ground_truth": False, "created_at": "2025-01-0%dT10:00:00Z" % (1 + annotator), "lead_time": round(float(rng.random() * 30), 3), "task": k + 1})
        task = {"id": k + 1, "data": {"text": text, "sid": f"s{k + 1:02d}", "doc": f"set-{k // 12 + 1}"}, "annotations": annotations, "predictions": []}
        if k < 2:
            task["predictions"].append({"model_version": "baseline-1", "score": 0.5, "result": [{"from_name": "sentiment", "to_name": "text", "type": "choices", "value": {"choices": ["Neutral"]}}]})
        tasks.append(task)
    with open(f"{out}/three-annotators.json", "w") as f:
        json.dump(tasks, f, indent=1, ensure_ascii=False)
        f.write("\n")
    table, _ = aggregate_raters(np.array([[CLASSES.index(sentiment[a][k]) for a in (1, 2, 3)] for k in range(24)]))
    kappas = {
        "provenance": "scripts/research/label_studio_kappa_fixture.py: statsmodels fleiss_kappa, sklearn cohen_kappa_score (unweighted)",
        "field": "sentiment",
        "fleiss_kappa": float(fleiss_kappa(table, method="fleiss")),
        "cohen_kappa": {f"{a}+{b}": float(cohen_kappa_score(sentiment[a], sentiment[b])) for a, b in itertools.combinations((1, 2, 3), 2)},
    }
    with open(f"{out}/kappa.json", "w") as f:
        json.dump(kappas, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
