// tropos gold qualification|checks|show --project <slug> …: gold checks (issue 31 points 1–2)
import { z } from "zod";
import { getGoldCheckSettings, setGoldCheckSettings, type TGoldCheckSettings } from "@/lib/db/gold-checks/gold-check-settings";
import { isAppError } from "@/lib/errors";
import type { TGoldFieldRules } from "@/lib/gold-checks/field-rules";
import { parseCommandArgs } from "../cli-args";
import { findProject, withDatabase, type CliIo } from "../cli-context";
import { CliError } from "../cli-error";

export const GOLD_HELP = `Usage:
  tropos gold qualification --project <slug> --items id1,id2 [--pass 0.8] [--field-pass f=0.9,…] [--tolerance f=1,…]
  tropos gold checks --project <slug> --items id1,id2 [--share 0.05]
  tropos gold show --project <slug> [--json]

Items are named by external id and must carry gold for a field of the scheme that declares \`gold\`
(imported with the item, or adjudicated). An item's \`rationale\` data value is shown, with the gold,
to an annotator who answered it wrong, once their attempt is scored.
  qualification  the set every annotator submits before their main queue opens; an attempt passes
                 when each field's share of correct answers reaches --pass (default 0.8); a failed
                 attempt can be retried from the queue (its values reset, the attempts are kept);
                 --field-pass gives a field its own mark, --tolerance a scale's or number's distance
                 from gold still counted right (also on hidden checks); "f=" removes a field's own
  checks         hidden gold checks, --share of each annotator's queue (e.g. 0.05 = 5 %), mixed
                 among their items; accuracy on them is on the dashboard
--items "" empties a set. Gold items never count in the study's figures or exports of its values;
\`tropos export --what gold-checks\` lists the attempts and the accuracy on checks.`;

const list = (s: string | undefined, rest: string[]) => [...(s ? s.split(",") : []), ...rest].map((x) => x.trim()).filter(Boolean);
const ZShare = (what: string) => z.coerce.number({ error: `${what} must be a number` });
const ZSet = z.object({
  _: z.array(z.string()),
  project: z.string({ error: "is required" }).min(1),
  items: z.string().optional(),
  pass: ZShare("--pass").optional(),
  share: ZShare("--share").optional(),
  "field-pass": z.string().optional(),
  tolerance: z.string().optional(),
});

/** "f=0.9,g=" → [["f", 0.9], ["g", undefined]]: a field's value, or its removal. */
function fieldValues(option: string, text: string): [string, number | undefined][] {
  return text.split(",").map((x) => x.trim()).filter(Boolean).map((pair) => {
    const m = /^([^=\s]+)=(.*)$/.exec(pair);
    if (!m) throw new CliError(`${option}: "${pair}" is not field=value.`, 2);
    const v = m[2].trim();
    if (v !== "" && !Number.isFinite(Number(v))) throw new CliError(`${option}: ${m[1]}'s value "${v}" is not a number.`, 2);
    return [m[1], v === "" ? undefined : Number(v)];
  });
}

/** The current rules with the command line's changes. */
function mergedRules(current: TGoldFieldRules, fieldPass: string | undefined, tolerance: string | undefined): TGoldFieldRules | undefined {
  if (fieldPass === undefined && tolerance === undefined) return undefined;
  const out: TGoldFieldRules = structuredClone(current);
  for (const [key, text] of [["passMark", fieldPass], ["tolerance", tolerance]] as const) {
    if (text === undefined) continue;
    for (const [field, v] of fieldValues(key === "passMark" ? "--field-pass" : "--tolerance", text)) {
      const rule = { ...(out[field] ?? {}) };
      if (v === undefined) delete rule[key];
      else rule[key] = v;
      out[field] = rule;
    }
  }
  return out;
}
const ZShow = z.object({ _: z.array(z.string()).max(0), project: z.string({ error: "is required" }).min(1), json: z.boolean().default(false) });

function describe(s: TGoldCheckSettings): string {
  return [
    `Qualification: ${s.qualification.length} item${s.qualification.length === 1 ? "" : "s"}${s.qualification.length ? ` (${s.qualification.join(", ")})` : ""}, pass mark ${Math.round(s.passMark * 100)} % per field.`,
    ...Object.entries(s.fieldRules).map(([f, r]) => `  ${f}: ${r.passMark !== undefined ? `pass mark ${Math.round(r.passMark * 100)} %` : "the project's pass mark"}${r.tolerance !== undefined ? `, right within ${r.tolerance} of gold` : ""}.`),
    `Hidden checks: ${s.checks.length} item${s.checks.length === 1 ? "" : "s"}, ${Math.round(s.checkShare * 1000) / 10} % of each queue.`,
    `Fields scored: ${s.goldFields.length ? s.goldFields.join(", ") : "none (no field of the scheme declares gold)"}.`,
  ].join("\n");
}

export async function goldCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === "--help" || sub === "-h") {
    io.stdout.write(`${GOLD_HELP}\n`);
    return sub ? 0 : 2;
  }
  if (sub === "show") {
    const p = parseCommandArgs("gold show", rest, { project: { type: "string" }, json: { type: "boolean" } }, ZShow);
    if (p.help) return (io.stdout.write(`${GOLD_HELP}\n`), 0);
    return withDatabase(io, async (ctx) => {
      const s = await getGoldCheckSettings(ctx.db, (await findProject(ctx, p.values.project)).id);
      ctx.stdout.write(p.values.json ? `${JSON.stringify(s, null, 2)}\n` : `${describe(s)}\n`);
      return 0;
    });
  }
  if (sub !== "qualification" && sub !== "checks") throw new CliError(`Unknown gold command "${sub}": qualification, checks or show.`, 2);
  const p = parseCommandArgs(
    `gold ${sub}`,
    rest,
    { project: { type: "string" }, items: { type: "string" }, pass: { type: "string" }, share: { type: "string" }, "field-pass": { type: "string" }, tolerance: { type: "string" } },
    ZSet,
  );
  if (p.help) return (io.stdout.write(`${GOLD_HELP}\n`), 0);
  const a = p.values;
  if (sub === "qualification" && a.share !== undefined) throw new CliError("--share is the hidden checks' setting: tropos gold checks --share.", 2);
  if (sub === "checks" && (a.pass !== undefined || a["field-pass"] !== undefined || a.tolerance !== undefined)) {
    throw new CliError("--pass, --field-pass and --tolerance are the qualification's settings: tropos gold qualification.", 2);
  }
  return withDatabase(io, async (ctx) => {
    const project = await findProject(ctx, a.project);
    const items = a.items === undefined && a._.length === 0 ? undefined : list(a.items, a._);
    try {
      const fieldRules = mergedRules((await getGoldCheckSettings(ctx.db, project.id)).fieldRules, a["field-pass"], a.tolerance);
      const s = await setGoldCheckSettings(ctx.db, {
        projectId: project.id, actorId: null, via: "cli", passMark: a.pass, checkShare: a.share, fieldRules,
        ...(sub === "qualification" ? { qualification: items } : { checks: items }),
      });
      ctx.stdout.write(`${describe(s)}\n`);
    } catch (e) {
      if (isAppError(e)) throw new CliError(e.message, 1);
      throw e;
    }
    return 0;
  });
}
