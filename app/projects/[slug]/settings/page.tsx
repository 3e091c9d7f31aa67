import Link from "next/link";
import { requireProjectPage } from "@/lib/http/page-access";
import { getDb } from "@/lib/db/client";
import { getPgPool } from "@/lib/db/pg-pool";
import { getActivePos, getPosCounts } from "@/lib/db/projects/mrw-active-pos";
import { getSplitCounts } from "@/lib/db/projects/splits";
import { DEFAULT_PROJECT_SETTINGS, parseProjectSettings } from "@/lib/schemes/scheme-config";
import { SplitForm } from "@/components/settings/split-form";
import { AssignmentForm } from "@/components/settings/assignment-form";
import { AssignmentCorrections } from "@/components/settings/assignment-corrections";
import { annotatorWorkloads } from "@/lib/db/assignments/corrections";
import { ActivePosForm } from "@/components/settings/active-pos-form";
import { SchemeConfigForm } from "@/components/settings/scheme-config-form";
import { getProjectRuntime } from "@/lib/db/projects/project-schemes";
import { isImportedAnnotatorEmail } from "@/lib/import/imported-annotator";
import { EmosWeightsForm } from "@/components/settings/emos-weights-form";
import { emosAnalysisApplies } from "@/lib/reports/analyses/emos-analysis";
import { emosWeightsOf } from "@/lib/scoring/emos-weights";
import { LanguagesGroupsForm } from "@/components/settings/languages-groups-form";
import { listAnnotatorGroups } from "@/lib/db/projects/annotator-groups";
import { projectTargetLangs } from "@/lib/projects/target-languages";
import { withPartsOf } from "@/lib/schemes/scheme-config-for-definition";
import { GoldChecksSettings } from "@/components/settings/gold-checks-settings";
import { AdaptiveRedundancySettings } from "@/components/settings/adaptive-redundancy-settings";

export const dynamic = "force-dynamic";

export default async function SettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const access = await requireProjectPage(slug, "project.manage", `/projects/${slug}/settings`);
  const projectId = access.project.id;
  const db = getDb();
  const pool = getPgPool();
  const [split, posCounts, activePos, members, loads, runtime, groups, languages, workloads] = await Promise.all([
    getSplitCounts(pool, projectId),
    getPosCounts(pool, projectId),
    getActivePos(pool, projectId),
    db.projectMember.findMany({ where: { projectId, role: "ANNOTATOR" }, select: { user: { select: { id: true, email: true } } }, orderBy: { user: { email: "asc" } } }),
    db.assignment.groupBy({ by: ["annotatorId"], where: { projectId }, _count: { _all: true } }),
    getProjectRuntime(db, projectId),
    listAnnotatorGroups(db, projectId),
    db.project.findUniqueOrThrow({ where: { id: projectId }, select: { targetLang: true, targetLangs: true } }),
    annotatorWorkloads(db, projectId),
  ]);
  const load = new Map(loads.map((l) => [l.annotatorId, l._count._all]));
  // the stored settings; the parts the form shows are the version in force's (withPartsOf)
  const stored = parseProjectSettings(access.project.schemeConfig);
  const config = stored.ok ? stored.settings : DEFAULT_PROJECT_SETTINGS;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-medium">Settings</h2>
        <span className="flex gap-4">
          <Link href={`/projects/${slug}/settings/scheme`} className="text-sm text-indigo-700 underline">Scheme (editor and preview)</Link>
          <Link href={`/projects/${slug}/import`} className="text-sm text-indigo-700 underline">Import &amp; export</Link>
        </span>
      </div>
      <SplitForm slug={slug} current={split} segments={split.pilot + split.test + split.none} />
      <AssignmentForm
        slug={slug}
        shuffleDefault={config.shuffleItems}
        scheme={{ name: runtime.definition.name, version: runtime.version }}
        annotators={members.map((m) => ({ userId: m.user.id, email: m.user.email, assigned: load.get(m.user.id) ?? 0, imported: isImportedAnnotatorEmail(m.user.email) }))}
      />
      <AssignmentCorrections
        slug={slug}
        // every annotator of the project, those without items too (someone whose items all moved stays rebalanceable)
        workloads={[
          ...workloads,
          ...members
            .filter((m) => !isImportedAnnotatorEmail(m.user.email) && !workloads.some((w) => w.userId === m.user.id))
            .map((m) => ({ userId: m.user.id, email: m.user.email, notStarted: 0, inProgress: 0, done: 0, skipped: 0 })),
        ].sort((a, b) => a.email.localeCompare(b.email))}
        annotators={members.filter((m) => !isImportedAnnotatorEmail(m.user.email)).map((m) => m.user.email)}
      />
      <AdaptiveRedundancySettings slug={slug} projectId={projectId} definition={runtime.definition} />
      <LanguagesGroupsForm
        slug={slug}
        sourceLang={access.project.sourceLang}
        targetLangs={projectTargetLangs(languages)}
        groups={groups.map((g) => ({ name: g.name, language: g.language, split: g.split, documents: g.documents, members: g.members.map((m) => ({ email: m.email })), assigned: g.members.reduce((n, m) => n + (load.get(m.userId) ?? 0), 0) }))}
        annotators={members.filter((m) => !isImportedAnnotatorEmail(m.user.email)).map((m) => m.user.email)}
      />
      <GoldChecksSettings slug={slug} projectId={projectId} />
      <ActivePosForm slug={slug} counts={posCounts} active={activePos} />
      <SchemeConfigForm slug={slug} config={withPartsOf(config, runtime.definition)} />
      {emosAnalysisApplies(runtime.definition) && <EmosWeightsForm slug={slug} weights={emosWeightsOf(config)} own={Boolean(config.emosWeights)} />}
    </div>
  );
}
