#!/usr/bin/python3
"""Token-level Cohen's kappa on two annotators' CoNLL files whose tags include I-METAPHOR after O,
for tests/integration/meta4xnli-raw-tags.test.ts (issue 30.6: Tropos read such a tag as B-METAPHOR
for agreement, so its kappa differed from cohen_kappa_score on the file's own tags).

Writes tests/fixtures/meta4xnli/raw-tags/ann1.tsv and ann2.tsv: the tokens of
tests/fixtures/meta4xnli/en/meta4xnli_dev_first3.tsv with the corpus tags, changed at the token
positions below (0-based over the file's tokens); ann2 has three I-METAPHOR tags that start a chunk
(after O, and one at a sentence's first token). Prints sklearn's cohen_kappa_score on the flattened
tags as written ("raw") and, for contrast, after the repair Tropos applied before ("repaired").
Run from the repository root with Debian's /usr/bin/python3 (python3-sklearn):
    /usr/bin/python3 scripts/research/conll_raw_kappa_fixture.py
"""
import json
import os
from sklearn.metrics import cohen_kappa_score

SRC = "tests/fixtures/meta4xnli/en/meta4xnli_dev_first3.tsv"
OUT = "tests/fixtures/meta4xnli/raw-tags"
EDITS = {
    "ann1": {5: "B-METAPHOR", 6: "I-METAPHOR", 11: "B-METAPHOR", 40: "B-METAPHOR", 41: "I-METAPHOR", 60: "B-METAPHOR"},
    "ann2": {6: "I-METAPHOR", 35: "I-METAPHOR", 11: "B-METAPHOR", 12: "I-METAPHOR", 30: "O", 41: "I-METAPHOR", 61: "B-METAPHOR"},
}


def read(path):
    sents, cur = [], []
    for line in open(path, encoding="utf-8").read().split("\n"):
        if line == "":
            if cur:
                sents.append(cur)
                cur = []
            continue
        tok, tag = line.split("\t")
        cur.append([tok, tag])
    if cur:
        sents.append(cur)
    return sents


def repaired(tags):
    return [("B-" + t[2:]) if t.startswith("I-") and (i == 0 or tags[i - 1] == "O") else t for i, t in enumerate(tags)]


def main():
    corpus = read(SRC)
    os.makedirs(OUT, exist_ok=True)
    flat, sent_tags = {}, {}
    for name, edits in EDITS.items():
        k, sents = 0, []
        for s in corpus:
            tags = []
            for tok, tag in s:
                tags.append(edits.get(k, tag))
                k += 1
            sents.append([[tok for tok, _ in s], tags])
        with open(os.path.join(OUT, f"{name}.tsv"), "w", encoding="utf-8") as f:
            for toks, tags in sents:
                f.write("".join(f"{t}\t{g}\n" for t, g in zip(toks, tags)) + "\n")
        flat[name] = [g for _, tags in sents for g in tags]
        sent_tags[name] = [g for _, tags in sents for g in repaired(tags)]
    stray = sum(1 for name in flat for a, b in zip(flat[name], sent_tags[name]) if a != b)
    print(json.dumps({
        "n": len(flat["ann1"]),
        "stray_inside_tags": stray,
        "raw": cohen_kappa_score(flat["ann1"], flat["ann2"]),
        "repaired": cohen_kappa_score(sent_tags["ann1"], sent_tags["ann2"]),
    }, indent=1))


if __name__ == "__main__":
    main()
