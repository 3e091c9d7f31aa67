/**
 * Narrows report rows to a split, a set of systems and a target language and builds the lookups
 * every report needs (translation → system, segment, MRWs). Systems keep the
 * order the caller gave, else alphabetical, so tables are stable.
 */
import type { TReportData, TReportFilter, TReportMrw, TReportSegment, TReportSystem, TReportTranslation } from "./report-input";

export interface TReportScope {
  /** the target language the scope is narrowed to; undefined = every language */
  language?: string;
  systems: TReportSystem[];
  segments: Map<string, TReportSegment>;
  translations: TReportTranslation[];
  translationById: Map<string, TReportTranslation>;
  systemNameById: Map<string, string>;
  /** active MRWs per segment, in id order */
  activeMrwsBySegment: Map<string, TReportMrw[]>;
  mrwById: Map<string, TReportMrw>;
  emailById: Map<string, string>;
}

export function scopeReportData(data: TReportData, filter: TReportFilter = {}): TReportScope {
  const wanted = filter.systems?.length ? filter.systems : null;
  const systems = wanted
    ? wanted.map((n) => data.systems.find((s) => s.name === n)).filter((s): s is TReportSystem => !!s)
    : [...data.systems].sort((a, b) => a.name.localeCompare(b.name));
  const systemIds = new Set(systems.map((s) => s.id));
  const segments = new Map<string, TReportSegment>();
  for (const s of data.segments) if (!filter.split || s.split === filter.split) segments.set(s.id, s);
  const language = filter.language;
  const translations = data.translations.filter((t) => systemIds.has(t.systemId) && segments.has(t.segmentId) && (language === undefined || t.language === language));
  const activeMrwsBySegment = new Map<string, TReportMrw[]>();
  const mrwById = new Map<string, TReportMrw>();
  for (const m of data.mrws) {
    mrwById.set(m.id, m);
    if (!m.active || !segments.has(m.segmentId)) continue;
    let list = activeMrwsBySegment.get(m.segmentId);
    if (!list) activeMrwsBySegment.set(m.segmentId, (list = []));
    list.push(m);
  }
  return {
    language,
    systems,
    segments,
    translations,
    translationById: new Map(translations.map((t) => [t.id, t])),
    systemNameById: new Map(systems.map((s) => [s.id, s.name])),
    activeMrwsBySegment,
    mrwById,
    emailById: new Map(data.annotators.map((a) => [a.id, a.email])),
  };
}
