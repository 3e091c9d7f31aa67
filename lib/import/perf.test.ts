import { describe, expect, it } from "vitest";
import { parseConll } from "@/lib/import/parse-conll";
import { parseVuamc } from "@/lib/import/parse-vuamc";
import { allMrws, allSegments } from "@/lib/import/test-support/real-data";

/** Scale check from the brief: 100,000 segments / 300,000 MRWs in a few seconds (no O(n²) over rows). */
describe("parser speed", () => {
  it("VUAMC word rows: 100k sentences × 3 MRWs", () => {
    const rows = ["docid,sentence_id,windex,wordcat,lemma,word,metaphor,mettext,DELMET,sen"];
    for (let s = 1; s <= 100_000; s++) {
      const d = `doc${Math.floor(s / 50)}`;
      const sen = `"In the end, the market ${s} fell in the water, in time"`;
      rows.push(`${d},${d}_${s},5,N,market,market,mrw,market,0,${sen}`, `${d},${d}_${s},8,PR,in,in,mrw,in,0,${sen}`, `${d},${d}_${s},11,PR,in,in,mrw,in,0,${sen}`);
    }
    const t = performance.now();
    const r = parseVuamc("big.csv", rows.join("\n"));
    const ms = performance.now() - t;
    expect(r.errors).toEqual([]);
    expect(allSegments(r)).toHaveLength(100_000);
    expect(allMrws(r)).toHaveLength(300_000);
    const s = allSegments(r)[0];
    expect(s.mrws.map((m) => s.text.slice(m.spans[0].start, m.spans[0].end) + "@" + m.spans[0].start)).toEqual(["market@16", "in@30", "in@44"]);
    expect(ms).toBeLessThan(10_000);
  });

  it("CoNLL: 100k sentences", () => {
    const sent = "The\tO\nmarket\tB-METAPHOR\ncrashed\tB-METAPHOR\nhard\tO\ntoday\tO\n.\tO\n\n";
    const t = performance.now();
    const r = parseConll("en/big.tsv", sent.repeat(100_000));
    expect(allSegments(r)).toHaveLength(100_000);
    expect(performance.now() - t).toBeLessThan(5_000);
  });
});
