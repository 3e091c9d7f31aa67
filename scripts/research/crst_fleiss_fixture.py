#!/usr/bin/python3
"""Fleiss' kappa over candidate positions for lib/reports/scheme-agreement-positions.test.ts (issue 17).

Three annotators answer six cloze items; every item has its own candidates, so the categories are
the positions 1..7 of the chosen candidate in the item's published order, as CR-ST counts them.
statsmodels' fleiss_kappa on the per-item position counts (aggregate_raters). Run with Debian's
/usr/bin/python3 (python3-statsmodels).
"""
import json
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

# rows: items; columns: annotators; values: chosen positions (1-based)
positions = [
    [1, 1, 1],
    [3, 3, 2],
    [7, 7, 7],
    [2, 4, 2],
    [5, 5, 5],
    [1, 6, 1],
]
table, cats = aggregate_raters(positions)
print(json.dumps({"source": "statsmodels fleiss_kappa(aggregate_raters(positions))", "positions": positions, "fleiss_kappa": fleiss_kappa(table, method="fleiss")}))
