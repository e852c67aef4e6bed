import { getPublishingSettings, type OpenedDatabase } from '@bus/db';

/**
 * The site's address as the Publishing settings give it (`https://autobusai.anyksciai.lt/`, as
 * saved); null when none is set, and a page then uses its own origin. What the printed
 * timetables' QR codes and footers lead to, and what the stop page's widget code names
 * (issue 42): an answer that says it is cached with `publishing: true`, so its tag names their save.
 */
export async function siteAddress(db: OpenedDatabase): Promise<string | null> {
  return (await getPublishingSettings(db.kysely)).settings.siteUrl;
}

/** `timetable.site`: the site's address alone, for a page that needs nothing else of the answers. */
export async function siteAnswer(db: OpenedDatabase): Promise<{ siteUrl: string | null }> {
  return { siteUrl: await siteAddress(db) };
}
