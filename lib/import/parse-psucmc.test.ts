import { describe, expect, it } from "vitest";
import { decodeText } from "@/lib/import/decode-text";
import { parsePsucmc } from "@/lib/import/parse-psucmc";
import { HAS_REAL_DATA, SKIP_MESSAGE, allMrws, allSegments, real, spansConsistent } from "@/lib/import/test-support/real-data";

describe.skipIf(!HAS_REAL_DATA)(`PSUCMC real samples (${SKIP_MESSAGE})`, () => {
  it("PSUCMC_sequence.csv: 1,724 sentences, 3,274 MRWs, Chinese text byte-exact", () => {
    const bytes = real("psucmc/PSUCMC_sequence.csv");
    const r = parsePsucmc("PSUCMC_sequence.csv", bytes);
    expect(r.errors).toEqual([]);
    const segs = allSegments(r);
    expect(segs).toHaveLength(1724);
    expect(allMrws(r)).toHaveLength(3274);
    expect(new Set(r.documents.map((d) => d.genre))).toEqual(new Set(["Academic", "Fiction", "News"]));
    const s = segs.find((x) => x.externalId === "psucmc-seq:academic_01_v.4:1")!;
    expect(s.text).toBe("第一节肥胖的病因及发病机理");
    expect(s.mrws.map((m) => [m.externalId, m.token, m.spans[0], m.rawPos, m.pos])).toEqual([
      ["psucmc-seq:academic_01_v.4:1:t2", "节", { start: 2, end: 3 }, "q", "OTHER"],
      ["psucmc-seq:academic_01_v.4:1:t8", "机理", { start: 11, end: 13 }, "n", "NOUN"],
    ]);
    const decoded = decodeText("f", bytes).text;
    const lines = decoded.split("\r\n");
    expect(segs.every((x) => lines[x.line! - 1].includes(x.text))).toBe(true);
    expect(allMrws(r).every((m, i) => m.spans[0].end > m.spans[0].start || i < 0)).toBe(true);
    expect(spansConsistent(r)).toBe(true);
  });

  it("MetaHOPE PSUCMC_news_pilot20.csv (BOM + CRLF, quoted glosses): 7 docs, 53 sentences, 94 MRWs; word_id placement agrees with the segmented corpus", () => {
    const pilot = parsePsucmc("PSUCMC_news_pilot20.csv", real("metahope/PSUCMC_news_pilot20.csv"));
    expect(pilot.errors).toEqual([]);
    expect(pilot.documents).toHaveLength(7);
    expect(allSegments(pilot)).toHaveLength(53);
    const mrws = allMrws(pilot);
    expect(mrws).toHaveLength(94);
    const m = mrws.find((x) => x.externalId === "psucmc:news_01_v.4:7:t39")!;
    expect(m).toMatchObject({ token: "空", gloss: "闲暇,闲功夫,没被占用的时间", type: "indirect", subtype: "conv", pos: "NOUN", metaphorical: true });
    // 9 tokens occur twice in their sentence; every placement matches the PSUCMC segmentation
    const seq = parsePsucmc("PSUCMC_sequence.csv", real("psucmc/PSUCMC_sequence.csv"));
    const bySeq = new Map(allMrws(seq).map((x) => [x.externalId.replace("psucmc-seq:", ""), x.spans[0]]));
    for (const x of mrws) expect(bySeq.get(x.externalId.replace("psucmc:", "")), x.externalId).toEqual(x.spans[0]);
    const segText = new Map(allSegments(seq).map((s) => [s.externalId.replace("psucmc-seq:", ""), s.text]));
    for (const s of allSegments(pilot)) expect(segText.get(s.externalId.replace("psucmc:", ""))).toBe(s.text);
  });
});

describe("PSUCMC inline fixtures", () => {
  const header = "POS,token,words_label,words_gloss,type,subtype,sentence";
  it("spec form without ids: mrw and mflag, k-th row takes the k-th occurrence", () => {
    const r = parsePsucmc("p.tsv", `${header.replace(/,/g, "\t")}\nv\t打\tmrw\t击\tindir\tconv\t他打了打球\nv\t打\tmrw\t击\tindir\tconv\t他打了打球\nc\t像\tmflag\t\t\t\t心像海\n`);
    expect(r.errors).toEqual([]);
    const [a, b] = allSegments(r);
    expect(a.mrws.map((m) => m.spans[0].start)).toEqual([1, 3]);
    expect(b.mrws[0]).toMatchObject({ type: "MFlag", metaphorical: false, token: "像", pos: "OTHER", active: false });
    expect(b.metaphorical).toBe(false);
  });

  it("errors: unknown words_label, token not in sentence, bad Python list, list length mismatch", () => {
    const r = parsePsucmc("p.csv", `${header}\nv,打,metaphor,,indir,,他打球\nv,跑,mrw,,indir,,他打球\n`);
    expect(r.errors.map((e) => [e.line, e.field])).toEqual([
      [2, "words_label"],
      [3, "token"],
    ]);
    const s = parsePsucmc("s.csv", 'sent_index,sent_txt,pos_seq,metaphor_seq,genre,sent_txt_tokenized\nnews_01_v.4.txt_0001,他打球,"[\'r\', \'v\']","[0, 1, 0]",News,"[\'他\', \'打\', \'球\']"\nnews_01_v.4.txt_0002,他打球,"[\'r\', \'v\', \'n\']","[0, 1, 0",News,"[\'他\', \'打\', \'球\']"\n');
    expect(s.errors.map((e) => e.line)).toEqual([2, 3]);
    expect(s.errors[0].message).toMatch(/list lengths differ/);
    expect(s.errors[1].message).toMatch(/metaphor_seq/);
  });
});
