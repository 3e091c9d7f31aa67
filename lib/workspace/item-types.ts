/**
 * The MRWs and translations of the item payload the server gives the workspace
 * (scheme-item-types.ts). Plain JSON (it crosses the server→client boundary as
 * props and as the GET item API response). In blind mode `systemName` is null:
 * the name never reaches the browser.
 */
import type { TSpan } from "@/lib/schemes/span";

export interface TItemMrw {
  id: string;
  token: string;
  spans: TSpan[];
  start: number;
  end: number;
  metaphorical: boolean;
  active: boolean;
  pos: string;
  gloss: string | null;
}

export interface TItemTranslation {
  id: string;
  /** "Translation A" in blind mode, else the system name. */
  label: string;
  systemName: string | null;
  text: string;
  language: string;
}
