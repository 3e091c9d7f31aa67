/**
 * How the paper analyses keep a part of their work (a table, one field's figures) between views:
 * per version of the fields the part reads (lib/reports/field-versions.ts), so that after a save
 * that changed one field only the parts reading it are computed again (issue 28: the dashboard
 * after a change). The caller decides (lib/db/reports/paper-input.ts keeps them on the report
 * data's field versions); `key` names the part and every option it depends on. Without a keeper
 * every part is computed each time.
 */
export type TKeepPart = <T extends object>(fields: readonly string[], key: unknown, compute: () => T) => T;

export const computeEachTime: TKeepPart = (_fields, _key, compute) => compute();
