/** Active time for people: "45 s", "12 min", "2 h 5 min" (the queue's time column and summary). */
export function formatDuration(ms: number): string {
  if (ms > 0 && ms < 60000) return `${Math.round(ms / 1000)} s`;
  const m = Math.round(ms / 60000);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60} min`;
}
