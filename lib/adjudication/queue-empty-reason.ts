/**
 * Why the adjudication queue shows no row (issue 29 point 9: an empty queue said "Nothing yet."
 * and left the adjudicator to guess whether nobody had finished, everyone agreed, or a filter hid
 * everything). Pure: the counts are the queue's own (lib/db/adjudication/adjudication.ts).
 */
export interface QueueCounts {
  /** units with values from two or more annotators (under the filters) */
  units: number;
  /** disagreements still to resolve */
  total: number;
  unanimousOpen: number;
  automatic: number;
  decided: number;
}

export interface QueueFilters {
  field?: string;
  system?: string;
  split?: string;
  threshold: number;
  resolved: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function queueEmptyReason(counts: QueueCounts, filters: QueueFilters): string {
  const filtered = Boolean(filters.field || filters.system || filters.split);
  const scope = filtered ? " with these filters" : "";
  if (counts.units === 0) {
    return `No unit has values from two or more annotators yet${scope}: a unit enters the queue once a second annotator has saved a value for it.${filtered ? " Clear the filters to see the whole project." : ""}`;
  }
  const resolved = counts.decided + counts.automatic;
  if (filters.threshold > 0 && counts.unanimousOpen + resolved < counts.units) {
    return `No disagreement larger than the minimum difference (${filters.threshold})${scope}. Set it to 0 to see every difference.`;
  }
  if (counts.unanimousOpen > 0) {
    return `No disagreements${scope}: ${counts.units === 1 ? "the one unit with two or more values agrees" : `all ${counts.units} units with two or more values agree`} (${plural(counts.unanimousOpen, "unanimous unit")} not yet accepted: “Accept unanimous units automatically” records them as final).`;
  }
  return `Every disagreement${scope} is resolved (${counts.decided} decided, ${counts.automatic} accepted automatically).${filters.resolved === "1" ? "" : " Tick “Include resolved” to review them."}`;
}
