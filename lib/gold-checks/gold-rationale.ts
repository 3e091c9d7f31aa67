/** The item data key (Segment.lists) of a gold value's rationale: shown with a wrong qualification answer once scored, never sent to annotators (lib/workspace/withheld-gold.ts). */
export const GOLD_RATIONALE_KEY = "rationale";
