#!/usr/bin/python3
"""Krippendorff's alpha with and without a model as one more coder, for lib/models/model-agreement.test.ts.

nltk.metrics.agreement.AnnotationTask (binary_distance for nominal labels, interval_distance for
the interval Likert case); a coder who did not rate a unit is left out of that unit, as Tropos
does. Run with Debian's /usr/bin/python3 (python3-nltk).
"""
import json
from nltk.metrics.agreement import AnnotationTask
from nltk.metrics.distance import binary_distance, interval_distance

LABELS = {
    "a1": {"u1": "FULL", "u2": "PARTIAL", "u3": "NONE", "u4": "FULL", "u5": "PARTIAL"},
    "a2": {"u1": "FULL", "u2": "NONE", "u3": "NONE", "u4": "FULL"},
    "model": {"u1": "FULL", "u2": "PARTIAL", "u3": "PARTIAL", "u4": "FULL", "u5": "PARTIAL"},
}
LIKERT = {
    "a1": {"u1": 4, "u2": 2, "u3": 5, "u4": 3},
    "a2": {"u1": 5, "u2": 2, "u3": 4, "u4": 3},
    "model": {"u1": 3, "u2": 4, "u3": 5, "u4": 1},
}


def alpha(data, coders, distance):
    triples = [(c, u, v) for c in coders for u, v in data[c].items()]
    return AnnotationTask(data=triples, distance=distance).alpha()


print(json.dumps({
    "source": "nltk AnnotationTask.alpha (scripts/research/model_alpha_fixture.py)",
    "labels": {"without": alpha(LABELS, ["a1", "a2"], binary_distance), "with": alpha(LABELS, ["a1", "a2", "model"], binary_distance)},
    "likert": {"without": alpha(LIKERT, ["a1", "a2"], interval_distance), "with": alpha(LIKERT, ["a1", "a2", "model"], interval_distance)},
}))
