// A PSUCMC-style word-row file (MetaHOPE's PSUCMC_news_pilot20.csv columns) where words carry
// different tags or uses in different sentences (issue 19 point 3, "POS of MRWs normalised in
// context"): 发展 v / vn, 在 v / p, the idiom 光辉灿烂 attributive (before 的) / predicate, and
// 势如破竹 in quotes before 的. Shared by the parser's unit test and the database test.
export const TWO_TAG_ROWS = [
  "reg,seg_id,sen_id,word_id,POS,token,words_label,words_gloss,type,subtype,sentence",
  "news,news_90_v.4,0001,2,v,发展,mrw,,indir,conv,经济发展很快。",
  "news,news_90_v.4,0002,3,vn,发展,mrw,,indir,conv,经济的发展很快。",
  "news,news_90_v.4,0003,2,v,在,mrw,,indir,conv,心在远方。",
  "news,news_90_v.4,0004,2,p,在,mrw,,indir,conv,他在心里想。",
  "news,news_90_v.4,0005,3,i,光辉灿烂,mrw,,indir,conv,前途是光辉灿烂的。",
  "news,news_90_v.4,0006,2,i,光辉灿烂,mrw,,indir,conv,前途光辉灿烂。",
  "news,news_90_v.4,0007,2,i,势如破竹,mrw,,indir,conv,这是＂势如破竹＂的进攻。",
].join("\r\n");

/** Each MRW as [sentence number, token, raw tag, class, active]: every sentence keeps its own. */
export const TWO_TAG_CLASSES: readonly (readonly [string, string, string, string, boolean])[] = [
  ["1", "发展", "v", "VERB", true],
  ["2", "发展", "vn", "NOUN", true],
  ["3", "在", "v", "VERB", true],
  ["4", "在", "p", "OTHER", false],
  ["5", "光辉灿烂", "i", "ADJ", true],
  ["6", "光辉灿烂", "i", "VERB", true],
  ["7", "势如破竹", "i", "ADJ", true],
];
