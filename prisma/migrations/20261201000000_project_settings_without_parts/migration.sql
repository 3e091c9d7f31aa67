-- Project.schemeConfig keeps a project's settings only (blind system names, shuffle, model
-- suggestions, EMOS weights: lib/schemes/scheme-config.ts ZProjectSettings). The MMTE/MetaHOPE part
-- switches an earlier release stored beside them (and `required`) said which fields annotators
-- see, and the stored scheme version says that now (issue 28 point 5). They are removed where the
-- project has a version. A project that has none yet keeps them until `npm run db:migrate` stores
-- the preset they switch on (lib/db/upgrade/move-onto-scheme-runtime.ts presetForStoredConfig).
UPDATE "Project" p
   SET "schemeConfig" = p."schemeConfig" - ARRAY['mmteQuality', 'mmteMrw', 'alignment', 'metahopeErrors', 'metahopePostEdit', 'postEdit', 'required']
 WHERE jsonb_typeof(p."schemeConfig") = 'object'
   AND EXISTS (SELECT 1 FROM "ProjectScheme" s WHERE s."projectId" = p.id);
