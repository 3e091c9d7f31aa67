# Reference values for tests/integration/scheme-reports.test.ts, computed independently of Tropos
# with nltk (Krippendorff's alpha: AnnotationTask with binary, interval and Krippendorff's ordinal
# distance), sklearn (Cohen's kappa, weighted over the field's whole scale; accuracy_score),
# statsmodels (Fleiss' kappa) and scipy (Pearson's r) on data.json (Debian bookworm: nltk 3.8,
# sklearn 1.2.1, statsmodels 0.13.5, scipy 1.10).
# Run: /usr/bin/python3 tests/integration/scheme-reports/reference.py
# Prints one JSON object: "field|system|statistic|level-or-weights|pair-or-annotator" -> value.
# A missing value (null in data.json) is left out: alpha over the pairable values, kappa and r over
# the units both annotators rated, exact agreement over the units every annotator rated.
import itertools, json, os
from nltk.metrics.agreement import AnnotationTask
from nltk.metrics.distance import binary_distance, interval_distance
from sklearn.metrics import accuracy_score, cohen_kappa_score
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa
from scipy.stats import pearsonr

here = os.path.dirname(os.path.abspath(__file__))
data = json.load(open(os.path.join(here, "data.json")))
coders = data["annotators"]
segs = data["segments"]
systems = data["systems"]
out = {}


def ordinal_distance(values):
    """Krippendorff (2011, 'Computing Krippendorff's alpha-reliability', p. 6): ordinal metric from
    the pairable values' marginals n_g: (sum_{g=c..k} n_g - (n_c + n_k)/2)^2."""
    cats = sorted(set(values))
    n = {c: values.count(c) for c in cats}

    def d(a, b):
        if a == b:
            return 0.0
        lo, hi = sorted((a, b))
        s = sum(n[g] for g in cats if lo <= g <= hi)
        return (s - (n[lo] + n[hi]) / 2) ** 2

    return d


def pairable_values(matrix):
    vals = []
    for u in range(len(matrix[0])):
        col = [row[u] for row in matrix if row[u] is not None]
        if len(col) >= 2:
            vals += col
    return vals


def alpha(matrix, units, metric):
    triples = [(coders[i], units[u], matrix[i][u]) for i in range(len(matrix)) for u in range(len(units)) if matrix[i][u] is not None]
    if metric == "ordinal":
        dist = ordinal_distance(pairable_values(matrix))
    else:
        dist = {"nominal": binary_distance, "interval": interval_distance}[metric]
    return AnnotationTask(data=triples, distance=dist).alpha()


def exact(matrix):
    full = [u for u in range(len(matrix[0])) if all(row[u] is not None for row in matrix)]
    return 100 * sum(1 for u in full if len({row[u] for row in matrix}) == 1) / len(full)


def fleiss(matrix, categories):
    table = [[categories.index(matrix[i][u]) for i in range(len(matrix))] for u in range(len(matrix[0]))]
    counts, _ = aggregate_raters(table, n_cat=len(categories))
    return fleiss_kappa(counts, method="fleiss")


def pairs(matrix, labels, weights_list, pearson, key):
    for i, j in itertools.combinations(range(len(matrix)), 2):
        both = [u for u in range(len(matrix[0])) if matrix[i][u] is not None and matrix[j][u] is not None]
        x = [matrix[i][u] for u in both]
        y = [matrix[j][u] for u in both]
        pair = f"{coders[i]}+{coders[j]}"
        for w in weights_list:
            out[f"{key}|cohen_kappa|{w or 'unweighted'}|{pair}"] = cohen_kappa_score(x, y, labels=labels, weights=w)
        if pearson:
            out[f"{key}|pearson_r||{pair}"] = pearsonr(x, y)[0]


def per_system(m):
    both = [m[systems[0]][i] + m[systems[1]][i] for i in range(len(coders))]
    units = {s: [f"{s}:{x}" for x in segs] for s in systems}
    return [(s, m[s], units[s]) for s in systems] + [("all", both, units[systems[0]] + units[systems[1]])]


# transparency: segment scope (pooled only), scale 1-7, ordinal
t = data["transparency"]
for lv in ("nominal", "ordinal"):
    out[f"transparency|all|krippendorff_alpha|{lv}|"] = alpha(t, segs, lv)
pairs(t, list(range(1, 8)), [None, "linear", "quadratic"], False, "transparency|all")
out["transparency|all|exact_agreement||"] = exact(t)

# meaning: translation scope, choice, nominal (kept, literal, lost)
MEANING = ["kept", "literal", "lost"]
for system, mx, units in per_system(data["meaning"]):
    key = f"meaning|{system}"
    out[f"{key}|krippendorff_alpha|nominal|"] = alpha(mx, units, "nominal")
    out[f"{key}|fleiss_kappa||"] = fleiss(mx, MEANING)
    pairs(mx, MEANING, [None], False, key)
    out[f"{key}|exact_agreement||"] = exact(mx)

# fluency: translation scope, scale 0-100, interval; c gave no value for s2 of sys-B
for system, mx, units in per_system(data["fluency"]):
    key = f"fluency|{system}"
    for lv in ("nominal", "ordinal", "interval"):
        out[f"{key}|krippendorff_alpha|{lv}|"] = alpha(mx, units, lv)
    pairs(mx, list(range(0, 101)), [None, "linear", "quadratic"], True, key)
    out[f"{key}|exact_agreement||"] = exact(mx)

# version 2: idiomatic (segment scope, choice yes/no, gold from the item), meaning gains adjudicated gold
v2 = data["version2"]
idi = v2["idiomatic"]
out["idiomatic|all|krippendorff_alpha|nominal|"] = alpha(idi, segs, "nominal")
out["idiomatic|all|fleiss_kappa||"] = fleiss(idi, ["yes", "no"])
pairs(idi, ["yes", "no"], [None], False, "idiomatic|all")
out["idiomatic|all|exact_agreement||"] = exact(idi)


def accuracy(key, matrix, gold):
    """Percentage of an annotator's values equal to the gold of their unit, units with gold only; '' = all annotators pooled."""
    pooled_x, pooled_y = [], []
    for i, c in enumerate(coders):
        units = [u for u in range(len(gold)) if gold[u] is not None and matrix[i][u] is not None]
        x = [matrix[i][u] for u in units]
        y = [gold[u] for u in units]
        out[f"{key}|accuracy||{c}"] = 100 * accuracy_score(y, x)
        out[f"{key}|accuracy-n||{c}"] = len(units)
        pooled_x += x
        pooled_y += y
    out[f"{key}|accuracy||"] = 100 * accuracy_score(pooled_y, pooled_x)
    out[f"{key}|accuracy-n||"] = len(pooled_x)


accuracy("idiomatic|all", idi, v2["idiomaticGold"])
adj = v2["meaningAdjudicated"]
for system, mx, _ in per_system(data["meaning"]):
    gold = adj[system] if system != "all" else adj[systems[0]] + adj[systems[1]]
    accuracy(f"meaning|{system}", mx, gold)

print(json.dumps({k: round(float(v), 12) for k, v in sorted(out.items())}, indent=1))
