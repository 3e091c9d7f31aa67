// The Settings page's gold-check section: reads its own settings, so the page inserts it in one line.
import { getDb } from "@/lib/db/client";
import { getGoldCheckSettings } from "@/lib/db/gold-checks/gold-check-settings";
import { GoldChecksForm } from "./gold-checks-form";

export async function GoldChecksSettings({ slug, projectId }: { slug: string; projectId: string }) {
  return <GoldChecksForm slug={slug} settings={await getGoldCheckSettings(getDb(), projectId)} />;
}
