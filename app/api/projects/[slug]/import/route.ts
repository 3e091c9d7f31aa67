// POST /api/projects/[slug]/import — multipart upload of one or more files. `dryRun=1` validates
// everything (parse + the loader's checks in a rolled-back transaction) and returns the preview;
// `background=1` stores the files with a background job (lib/jobs) and answers 202 with the job at
// once (the page follows its progress); otherwise the files are stored within the request. Managers only. Uploads over TROPOS_MAX_UPLOAD_MB → 413, counted
// while the body streams in (a chunked upload declares no length), so no more than the limit is read.
import { after, NextResponse } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { warmDashboard } from "@/lib/db/reports/warm-dashboard";
import { ZImportOptions, importFiles } from "@/lib/db/import/import-file";
import { createImportJob } from "@/lib/db/jobs/jobs";
import { AppError } from "@/lib/errors";
import { withProject } from "@/lib/http/api-handler";
import { BodyTooLargeError, readFormDataWithin } from "@/lib/http/byte-limit-stream";
import { maxUploadBytes, maxUploadMb } from "./upload-limit";

const flag = z.enum(["0", "1", "true", "false"]).default("0").transform((v) => v === "1" || v === "true");
const ZForm = ZImportOptions.extend({ dryRun: flag, background: flag, repairBio: flag });

const emptyToUndefined = (v: FormDataEntryValue | null) => (typeof v === "string" && v.trim() !== "" ? v : undefined);

export const POST = withProject("project.manage", async (req, { access }) => {
  const limit = maxUploadBytes();
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The upload is larger than the limit of ${maxUploadMb()} MB (TROPOS_MAX_UPLOAD_MB); import large files with \`npm run tropos -- import\`.`);
  let form: FormData;
  try {
    form = await readFormDataWithin(req, limit);
  } catch (e) {
    if (e instanceof BodyTooLargeError) throw tooLarge();
    throw new AppError("BAD_REQUEST", "Send the files as multipart/form-data with a `file` field.");
  }
  const files = form.getAll("file").filter((f): f is File => typeof f !== "string");
  if (!files.length) throw new AppError("BAD_REQUEST", "Choose at least one file to import.", { field: "file" });
  if (files.reduce((n, f) => n + f.size, 0) > limit) throw tooLarge();
  const input = ZForm.parse({
    format: emptyToUndefined(form.get("format")),
    system: emptyToUndefined(form.get("system")),
    sourceLang: emptyToUndefined(form.get("sourceLang")),
    targetLang: emptyToUndefined(form.get("targetLang")),
    annotator: emptyToUndefined(form.get("annotator")),
    encoding: emptyToUndefined(form.get("encoding")),
    repairBio: emptyToUndefined(form.get("repairBio")),
    dryRun: emptyToUndefined(form.get("dryRun")),
    background: emptyToUndefined(form.get("background")),
  });
  const { dryRun, background, ...options } = input;
  const contents = await Promise.all(files.map(async (f) => ({ name: f.name, content: Buffer.from(await f.arrayBuffer()) })));
  if (background && !dryRun) {
    const job = await createImportJob(getDb(), getPgPool(), { projectId: access.project.id, actorId: access.user.id, files: contents, options });
    return NextResponse.json({ ok: true, job }, { status: 202 });
  }
  const outcomes = await importFiles(getPgPool(), {
    project: access.project,
    actorId: access.user.id,
    files: contents,
    options,
    dryRun,
  });
  const errors = outcomes.flatMap((o) => o.errors);
  if (errors.length) {
    return NextResponse.json(
      { error: { code: "UNPROCESSABLE", message: `${errors.length} error(s); nothing was stored.`, detail: { errors } }, outcomes },
      { status: 422 },
    );
  }
  // the imported rows make the next dashboard view a full read and every statistic: do them now, after the response
  if (!dryRun) after(() => warmDashboard(getDb(), access.project.id));
  return NextResponse.json({ ok: true, dryRun, outcomes });
}, { body: "multipart" });
