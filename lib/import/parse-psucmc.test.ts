import { describe, expect, it } from "vitest";
import { decodeText } from "@/lib/import/decode-text";
import { parsePsucmc } from "@/lib/import/parse-psucmc";
import { HAS_REAL_DATA, SKIP_MESSAGE, allMrws, allSegments, real, spansConsistent } from "@/lib/import/test-support/real-data";
import { TWO_TAG_CLASSES, TWO_TAG_ROWS } from "@/lib/import/test-support/psucmc-two-tags";

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
    // MetaHOPE §4.1.1: idioms (i, l) and verb-nouns (vn) normalised into the content classes, so
    // they are active by default; each idiom by its function in its sentence (pos-in-context.ts)
    const byTag = (t: string) => allMrws(r).filter((m) => m.rawPos === t);
    expect([byTag("i").length, byTag("l").length, byTag("vn").length]).toEqual([8, 6, 134]);
    expect([...byTag("i"), ...byTag("l"), ...byTag("vn")].every((m) => m.active)).toBe(true);
    expect(new Set(byTag("vn").map((m) => m.pos))).toEqual(new Set(["NOUN"]));
    const idioms = Object.fromEntries([...byTag("i"), ...byTag("l")].map((m) => [m.token, m.pos]));
    expect(idioms).toEqual({
      不复存在: "VERB", 孤军作战: "VERB", 顺流而下: "VERB", 势如破竹: "VERB", 多种多样: "VERB", 受不了: "VERB", 深谋远虑: "NOUN",
      毕恭毕敬: "VERB", 欢歌笑语: "ADV", 光辉灿烂: "ADJ", 晴天霹雷: "NOUN", 轻车熟路: "NOUN", 险象环生: "VERB", 不大不小: "ADJ",
    });
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

  // Issue 19 point 3: "POS of MRWs normalised in context (a word tagged differently in different
  // sentences keeps each sentence's tag)" (lib/import/test-support/psucmc-two-tags.ts)
  it("a word tagged differently in two sentences keeps each sentence's class and activity (word rows)", () => {
    const r = parsePsucmc("two-tags.csv", TWO_TAG_ROWS);
    expect(r.errors).toEqual([]);
    expect(allSegments(r).flatMap((s) => s.mrws.map((m) => [s.externalId.split(":").at(-1), m.token, m.rawPos, m.pos, m.active]))).toEqual(TWO_TAG_CLASSES);
  });

  it("the same in the sequence conversion, where the tags around an idiom are known", () => {
    const row = (n: string, toks: string[], tags: string[], met: number[]) =>
      `news_90_v.4.txt_000${n},${toks.join("")},"${JSON.stringify(tags).replace(/"/g, "'")}","${JSON.stringify(met)}",News,"${JSON.stringify(toks).replace(/"/g, "'")}"`;
    const seq = [
      "sent_index,sent_txt,pos_seq,metaphor_seq,genre,sent_txt_tokenized",
      row("1", ["经济", "发展", "很", "快", "。"], ["n", "v", "d", "a", "w"], [0, 1, 0, 0, 0]),
      row("2", ["经济", "的", "发展", "很", "快", "。"], ["n", "u", "vn", "d", "a", "w"], [0, 0, 1, 0, 0, 0]),
      row("3", ["心", "在", "远方", "。"], ["n", "v", "s", "w"], [0, 1, 0, 0]),
      row("4", ["他", "在", "心里", "想", "。"], ["r", "p", "s", "v", "w"], [0, 1, 0, 0, 0]),
      row("5", ["前途", "是", "光辉灿烂", "的", "。"], ["n", "v", "i", "u", "w"], [0, 0, 1, 0, 0]),
      row("6", ["前途", "光辉灿烂", "。"], ["n", "i", "w"], [0, 1, 0]),
      row("7", ["这", "是", "＂", "势如破竹", "＂", "的", "进攻", "。"], ["r", "v", "w", "i", "w", "u", "vn", "w"], [0, 0, 0, 1, 0, 0, 0, 0]),
    ].join("\n");
    const r = parsePsucmc("two-tags-seq.csv", seq);
    expect(r.errors).toEqual([]);
    expect(allSegments(r).flatMap((s) => s.mrws.map((m) => [s.externalId.split(":").at(-1), m.token, m.rawPos, m.pos, m.active]))).toEqual(TWO_TAG_CLASSES);
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
