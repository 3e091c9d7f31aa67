import { describe, expect, it } from "vitest";
import { decodeText } from "@/lib/import/decode-text";
import { parseVuamc } from "@/lib/import/parse-vuamc";
import { HAS_REAL_DATA, SKIP_MESSAGE, allMrws, allSegments, real, spansConsistent } from "@/lib/import/test-support/real-data";

const at = (text: string, s: { start: number; end: number }) => text.slice(s.start, s.end);

describe.skipIf(!HAS_REAL_DATA)(`VUAMC real samples (${SKIP_MESSAGE})`, () => {
  it("MetaHOPE VUAMC_news_pilot20.csv (BOM + CRLF): 6 documents, 165 sentences, 796 of 797 MRWs located", () => {
    const bytes = real("metahope/VUAMC_news_pilot20.csv");
    const r = parseVuamc("VUAMC_news_pilot20.csv", bytes);
    expect(r.errors).toEqual([]);
    expect(r.documents).toHaveLength(6);
    expect(allSegments(r)).toHaveLength(165);
    expect(allMrws(r)).toHaveLength(796);
    // the one MRW that cannot be placed: "This" where the sentence has the typo “his
    expect(r.warnings.find((w) => w.line === 554)?.message).toMatch(/"This" does not occur/);
    const segs = new Map(allSegments(r).map((s) => [s.externalId, s]));
    const s1 = segs.get("vuamc:a1j-fragment33:1")!;
    expect(s1.text).toBe("The Labour Party Conference: Policy review throws a spanner in the Whitehall machinery");
    const m = new Map(s1.mrws.map((x) => [x.externalId, x]));
    expect(at(s1.text, m.get("vuamc:a1j-fragment33:1:t13")!.spans[0])).toBe("machinery");
    expect(m.get("vuamc:a1j-fragment33:1:t13")).toMatchObject({ spans: [{ start: 77, end: 86 }], rawPos: "N", pos: "NOUN", type: "indirect", deliberate: true, active: true });
    expect(m.get("vuamc:a1j-fragment33:1:t10")).toMatchObject({ token: "in", spans: [{ start: 60, end: 62 }], pos: "OTHER", active: false });
    // a word that occurs twice is placed by its word index, not the first match
    const s16 = segs.get("vuamc:a1j-fragment33:16")!;
    const inMrw = s16.mrws.find((x) => x.externalId.endsWith(":t21"))!;
    expect(s16.text.indexOf("in ")).toBe(12);
    expect(inMrw.spans).toEqual([{ start: 136, end: 138 }]);
    expect(at(s16.text, inMrw.spans[0])).toBe("in");
    // multi-word unit "Set + up" → two spans
    const setUp = allMrws(r).find((x) => x.externalId === "vuamc:a1j-fragment33:4:t49")!;
    expect(setUp.spans.map((sp) => at(segs.get("vuamc:a1j-fragment33:4")!.text, sp))).toEqual(["Set", "up"]);
    expect(setUp).toMatchObject({ rawPos: "V + AV", pos: "VERB" });
    // byte-exact: every sentence is a substring of the decoded file
    const decoded = decodeText("f", bytes).text;
    expect(allSegments(r).every((s) => decoded.includes(s.text))).toBe(true);
    expect(spansConsistent(r)).toBe(true);
  });

  it("ETS vuamc_corpus_train.csv: refused as UTF-8, imported as latin1; M_ markers removed", () => {
    const bytes = real("vuamc/vuamc_corpus_train.csv");
    const refused = parseVuamc("vuamc_corpus_train.csv", bytes);
    expect(refused.documents).toEqual([]);
    expect(refused.errors[0]).toMatchObject({ line: 4, column: 149 });
    const r = parseVuamc("vuamc_corpus_train.csv", bytes, { encoding: "latin1" });
    expect(r.errors).toEqual([]);
    expect(r.documents).toHaveLength(90);
    expect(allSegments(r)).toHaveLength(12122 - 13); // 13 empty sentences skipped with warnings
    expect(r.warnings.filter((w) => /empty sentence/.test(w.message))).toHaveLength(13);
    expect(allMrws(r)).toHaveLength(19168 + 9); // M_ token prefixes + 9 markers inside tokens (commonM_sense)
    const s = allSegments(r)[0];
    expect(s.externalId).toBe("vuamc-ets:a1e-fragment01:1");
    expect(s.text).toBe("Latest corporate unbundler reveals laid-back approach : Roland Franklin , who is leading a 697m pound break-up bid for DRG , talks to Frank Kane");
    expect(s.mrws.map((m) => [m.externalId.split(":").pop(), at(s.text, m.spans[0])])).toEqual([
      ["t4", "reveals"],
      ["t6", "approach"],
      ["t13", "leading"],
      ["t23", "to"],
    ]);
    const upto = allMrws(r).find((m) => m.token === "upto")!;
    expect(upto.spans).toHaveLength(1);
    expect(spansConsistent(r)).toBe(true);
  });

  it("VUA-20 all-POS test: one MRW per content token (label 0 = literal), 1-based token ids", () => {
    const r = parseVuamc("VUA_allpos_test.csv", real("vuamc/VUA_allpos_test.csv"));
    expect(r.errors).toEqual([]);
    expect(allSegments(r)).toHaveLength(469);
    expect(allMrws(r)).toHaveLength(4990);
    expect(allMrws(r).filter((m) => m.metaphorical)).toHaveLength(1125);
    const s = allSegments(r).find((x) => x.externalId === "vuamc-allpos:a3m-fragment02:45")!;
    const m1 = s.mrws.find((m) => m.externalId.endsWith(":t1"))!;
    expect(at(s.text, m1.spans[0])).toBe("Design");
    const m3 = s.mrws.find((m) => m.externalId.endsWith(":t3"))!;
    expect(m3).toMatchObject({ token: "Crossed", metaphorical: true });
  });

  it("Gao verb and sequence files (latin1), MelBERT samples (U+FFFD warned, kept)", () => {
    const v = parseVuamc("VUA_formatted_val.csv", real("vuamc/VUA_formatted_val.csv"), { encoding: "latin1" });
    expect(v.errors).toEqual([]);
    expect(allMrws(v)).toHaveLength(1724 - 5); // 5 verbatim repeated rows
    expect(allMrws(v).filter((m) => m.metaphorical)).toHaveLength(464); // the repeated rows are literal
    expect(allMrws(v).every((m) => m.pos === "VERB" && m.lemma)).toBe(true);
    const seq = parseVuamc("VUA_seq_formatted_val.csv", real("vuamc/VUA_seq_formatted_val.csv"), { encoding: "latin1" });
    expect(seq.errors).toEqual([]);
    expect(allSegments(seq)).toHaveLength(1550);
    expect(allMrws(seq)).toHaveLength(4487);
    const first = allSegments(seq).find((s) => s.externalId === "vuamc-gao-seq:acj-fragment01:148")!;
    expect(first.mrws.map((m) => [m.token, m.rawPos, m.pos])).toEqual([["approaches", "NOUN", "NOUN"]]);
    const all = parseVuamc("train.tsv", real("vuamc/MelBERT/VUAall_sample/train.tsv"));
    expect(all.errors).toEqual([]);
    expect(allMrws(all)).toHaveLength(549);
    expect(all.warnings.some((w) => /44 U\+FFFD/.test(w.message))).toBe(true);
    const tok = parseVuamc("train.tsv", real("vuamc/MelBERT/VUAtok_sample/train.tsv"));
    expect(tok.errors).toEqual([]);
    expect(allSegments(tok)).toHaveLength(277);
    const cheque = allSegments(tok).find((s) => s.externalId === "vuamc-melbert-tok:ahb-fragment51:734")!;
    expect(cheque.mrws.map((m) => m.token)).toEqual(["they", "gave", "bounced."]);
  });

  it("label-only keys are refused with an explanation", () => {
    const r = parseVuamc("verb_tokens.csv", real("vuamc/verb_tokens.csv"));
    expect(r.errors[0].message).toMatch(/label key/);
  });
});

describe("VUAMC inline fixtures", () => {
  const header = "wordcat,lemma,word,metaphor,mettext,DELMET,sen";
  it("merges rows of one sentence and places repeated words in row order without windex", () => {
    const csv = `${header}\nPR,in,in,mrw,in,0,"in the end, in time"\nPR,in,in,mrw,in,0,"in the end, in time"\nN,time,time,mrw,time,1,"in the end, in time"\n`;
    const r = parseVuamc("v.csv", csv);
    expect(r.errors).toEqual([]);
    const [s] = allSegments(r);
    expect(s.mrws.map((m) => [at(s.text, m.spans[0]), m.spans[0].start])).toEqual([
      ["in", 0],
      ["in", 12],
      ["time", 15],
    ]);
  });

  it("reports unknown labels, bad DELMET, wrong column count, duplicate MRW ids and conflicting sentence text", () => {
    const h = "docid,sentence_id,windex,wordcat,lemma,word,metaphor,mettext,DELMET,sen";
    const csv = [
      h,
      "d1,d1_1,2,V,go,go,maybe,go,0,We go home",
      "d1,d1_1,2,V,go,go,mrw,go,x,We go home",
      "d1,d1_1,2,V,go,go,mrw,go,0",
      "d1,d1_1,2,V,go,go,mrw,go,0,We go home",
      "d1,d1_1,2,V,go,go,mrw,go,1,We go home",
      "d1,d1_1,3,N,home,home,mrw,home,0,We went home",
    ].join("\n");
    const r = parseVuamc("v.csv", csv);
    expect(r.documents).toEqual([]);
    expect(r.errors.map((e) => e.line)).toEqual([2, 3, 4, 6, 7]);
    expect(r.errors[0]).toMatchObject({ field: "metaphor" });
    expect(r.errors[1].message).toMatch(/DELMET/);
    expect(r.errors[2].message).toMatch(/expected 10 fields, found 9/);
    expect(r.errors[3].message).toMatch(/duplicate MRW vuamc:d1:1:t2/);
    expect(r.errors[4].message).toMatch(/disagree on the sentence text/);
  });

  it("ETS rows: non-integer id and a truncated quoted last line", () => {
    const r = parseVuamc("e.csv", 'txt_id,sentence_id,sentence_txt\na,x1,M_go\na,2,"M_run , fast');
    expect(r.errors.map((e) => e.line)).toEqual([2, 3]);
    expect(r.errors[1].message).toMatch(/unterminated/);
  });
});
