#!/usr/bin/python3
"""Independent values of Spearman's rho and Pearson's r (issue 19 point 2: imported metric columns
against the human criteria) for lib/scoring/spearman.test.ts and lib/scoring/metric-columns.test.ts.

scipy.stats.spearmanr (average ranks for ties) and scipy.stats.pearsonr. Run with Debian's
/usr/bin/python3 (python3-scipy):
    /usr/bin/python3 scripts/research/metric_correlation_fixture.py > lib/scoring/__fixtures__/metric-correlation-scipy.json
"""
import json
import scipy
from scipy.stats import pearsonr, spearmanr

CASES = {
    "ties": ([1, 2, 2, 3, 4, 4, 4, 5], [2.1, 3.0, 2.9, 4.2, 3.3, 5.0, 4.4, 6.1]),
    "monotone": ([1, 2, 3, 4, 5], [10, 20, 30, 40, 50]),
    "reversed_with_ties": ([5, 4, 4, 3, 1, 1], [0.1, 0.2, 0.2, 0.5, 0.9, 0.8]),
    "likert_vs_metric": ([3, 4, 5, 2, 4, 3, 5, 1, 2, 4], [0.61, 0.72, 0.90, 0.40, 0.70, 0.66, 0.88, 0.20, 0.45, 0.69]),
    "tied_metric_values": ([1, 2, 3, 4, 5, 5], [0.5, 0.5, 0.5, 0.7, 0.7, 0.9]),
}

out = {"source": f"scipy {scipy.__version__}: scipy.stats.spearmanr(x, y).statistic, scipy.stats.pearsonr(x, y).statistic", "cases": {}}
for name, (x, y) in CASES.items():
    out["cases"][name] = {"x": x, "y": y, "n": len(x), "spearman_rho": float(spearmanr(x, y).statistic), "pearson_r": float(pearsonr(x, y).statistic)}
print(json.dumps(out, indent=1))
