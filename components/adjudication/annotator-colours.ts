// One colour per annotator (by their project-wide number), used for their error spans and
// value chips on the adjudication page. Picked to stay distinguishable and readable on white.
export const ANNOTATOR_COLOURS = ["#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed", "#db2777", "#0891b2", "#4d7c0f"];
export const colourOf = (n: number) => ANNOTATOR_COLOURS[(n - 1) % ANNOTATOR_COLOURS.length];
