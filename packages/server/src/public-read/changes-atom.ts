import { changeDatesText, noticeIn, toCalendarDate } from '@bus/core';
import { listChanges } from '@bus/db';
import { type ListedNotice, lastSavedAt, serviceChangesPage } from './notices.ts';
import type { ReadContext } from './read-context.ts';

/**
 * /changes.atom: the current and upcoming notices as an Atom 1.0 feed (RFC 4287), for people's
 * feed readers and for news sites. In Lithuanian; `?lang=en` gives the English texts, a notice
 * without them falling back to Lithuanian (its entry then says xml:lang="lt"). Each entry's id
 * is a tag URI (RFC 4151) named by the change's id, so it stays the same through every edit;
 * its `updated` is the change's last save (its newest history entry).
 */

export type AtomLanguage = 'lt' | 'en';

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

/** The feed's and entries' ids: tag URIs of the timetable (the calendar events' UIDs name it too). */
const TAG = 'tag:anyksciai-bus-timetable,2026';

const WORDS = {
  lt: {
    title: 'Anykščių autobusų eismo pakeitimai',
    subtitle: 'Atšaukti reisai, pakeisti laikai, uždarytos stotelės ir kiti pranešimai keleiviams.',
    author: 'Anykščių autobusų tvarkaraštis',
    valid: (dates: string) => (dates === '' ? 'Iki atskiro pranešimo' : `Galioja ${dates}`),
    lines: 'Maršrutai',
    stops: 'Stotelės',
    instead: (name: string) => `Naudokitės stotele „${name}“`,
  },
  en: {
    title: 'Anyksciai buses: service changes',
    subtitle: 'Cancelled trips, changed times, closed stops and other notices for riders.',
    author: 'Anyksciai bus timetable',
    valid: (dates: string) => (dates === '' ? 'Until further notice' : `Valid ${dates}`),
    lines: 'Lines',
    stops: 'Stops',
    instead: (name: string) => `Use ${name} instead`,
  },
} as const;

/** Text as XML character data: markup characters escaped, characters XML 1.0 forbids dropped. */
export function xmlText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(
        /[&<>"']/g,
        (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
      )
  );
}

/** An RFC 3339 instant without fractions ('2026-12-01T07:30:00Z'). */
function rfc3339(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** An entry's text: the validity, what it concerns, and the notice's own text. */
function entryText(
  n: ListedNotice,
  lang: AtomLanguage,
  thisYear: number,
): { summary: string; content: string } {
  const w = WORDS[lang];
  const { text } = noticeIn(n, lang);
  const summary = w.valid(changeDatesText(n.from, n.until, lang, thisYear));
  const concerns = [
    n.lines.length > 0 ? `${w.lines}: ${n.lines.map((l) => l.name).join(', ')}` : null,
    n.stops.length > 0 ? `${w.stops}: ${n.stops.map((s) => s.name).join(', ')}` : null,
    n.insteadStop === null ? null : w.instead(n.insteadStop.name),
  ].filter((line): line is string => line !== null);
  const content = [[summary, ...concerns].join('\n'), ...(text === null ? [] : [text])].join('\n\n');
  return { summary, content };
}

/** The feed, for the site's origin (its links and rel="self" are absolute). */
export async function changesAtom(read: ReadContext, origin: string, lang: AtomLanguage): Promise<string> {
  const page = await serviceChangesPage(read);
  const notices = [...page.current, ...page.upcoming];
  const saved = await lastSavedAt(
    read.db,
    notices.map((n) => n.id),
  );
  // The feed changed last when a change was last saved, added or removed (a removal leaves no entry).
  const [newest] = await listChanges(read.db.kysely, { kind: 'service_change', limit: 1 });
  const fallback = newest?.at ?? `${page.today}T00:00:00Z`;
  const updatedOf = (n: ListedNotice) => rfc3339(saved.get(n.id) ?? fallback);
  const entries = notices
    .map((n) => ({ n, updated: updatedOf(n) }))
    .sort((a, b) => b.updated.localeCompare(a.updated) || b.n.id - a.n.id);
  const feedUpdated = [rfc3339(fallback), ...entries.map((e) => e.updated)].sort().at(-1) as string;
  const thisYear = toCalendarDate(page.today).year;
  const w = WORDS[lang];
  const self = `${origin}/changes.atom${lang === 'en' ? '?lang=en' : ''}`;
  const page_ = `${origin}/changes`;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`,
    `  <id>${TAG}:service-changes${lang === 'en' ? ':en' : ''}</id>`,
    `  <title>${xmlText(w.title)}</title>`,
    `  <subtitle>${xmlText(w.subtitle)}</subtitle>`,
    `  <updated>${feedUpdated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(page_)}"/>`,
    `  <author><name>${xmlText(w.author)}</name><uri>${xmlText(`${origin}/`)}</uri></author>`,
  ];
  for (const { n, updated } of entries) {
    const { title } = noticeIn(n, lang);
    const { summary, content } = entryText(n, lang, thisYear);
    const fellBack = lang === 'en' && n.titleEn === null;
    lines.push(
      `  <entry${fellBack ? ' xml:lang="lt"' : ''}>`,
      `    <id>${TAG}:service-change:${n.id}</id>`,
      `    <title>${xmlText(title)}</title>`,
      `    <updated>${updated}</updated>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(`${page_}#notice-${n.id}`)}"/>`,
      ...(n.url === null ? [] : [`    <link rel="related" href="${xmlText(n.url)}"/>`]),
      `    <category term="${n.status}"/>`,
      `    <summary>${xmlText(summary)}</summary>`,
      `    <content type="text">${xmlText(content)}</content>`,
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
