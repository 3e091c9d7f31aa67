import { describe, expect, it } from "vitest";
import { projectTargetLangs, ZTargetLanguages } from "./target-languages";

describe("projectTargetLangs", () => {
  it("lists the primary language first, whatever the stored list's order", () => {
    expect(projectTargetLangs({ targetLang: "zh", targetLangs: ["zh", "it"] })).toEqual(["zh", "it"]);
    expect(projectTargetLangs({ targetLang: "it", targetLangs: ["zh", "it"] })).toEqual(["it", "zh"]);
  });
  it("reads a project stored before the list (or a path that set only targetLang) as its one language, and always includes targetLang", () => {
    expect(projectTargetLangs({ targetLang: "zh", targetLangs: [] })).toEqual(["zh"]);
    expect(projectTargetLangs({ targetLang: "zh", targetLangs: null })).toEqual(["zh"]);
    expect(projectTargetLangs({ targetLang: "en", targetLangs: ["zh"] })).toEqual(["en", "zh"]);
  });
});

describe("ZTargetLanguages", () => {
  it("takes one code or several, comma-separated, and its own output", () => {
    expect(ZTargetLanguages.parse("zh")).toEqual(["zh"]);
    expect(ZTargetLanguages.parse(" zh , it ")).toEqual(["zh", "it"]);
    expect(ZTargetLanguages.parse(["zh", "pt-BR"])).toEqual(["zh", "pt-BR"]);
  });
  it("refuses an empty list, a bad code and a repeated one", () => {
    expect(ZTargetLanguages.safeParse("").success).toBe(false);
    expect(ZTargetLanguages.safeParse("zh,Chinese").error?.issues[0].message).toBe("a language code such as en, zh, it");
    expect(ZTargetLanguages.safeParse("zh,it,zh").error?.issues[0].message).toBe("a language is listed twice");
  });
});
