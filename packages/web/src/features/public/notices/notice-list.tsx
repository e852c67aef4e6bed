import { changeDatesText, type NoticeView, noticeIn } from '@bus/core/browser';
import type { ReactNode } from 'react';
import { useChangesMessages } from '../../../i18n/changes.ts';
import { useLanguage, useMessages } from '../../../i18n/index.ts';
import './notice-list.css';

/** What a notice needs to be shown (core's NoticeView: a service change without its times). */
export type { NoticeView };

/**
 * The notices that concern what a page shows, above its times (issue 27): each with its title,
 * text and validity in the page's language (English falls back to Lithuanian), and its link.
 * Nothing at all when there are none.
 */
export function NoticeList<N extends NoticeView>({
  notices,
  thisYear,
  label,
  headingLevel = 2,
  details,
}: {
  notices: readonly N[];
  thisYear: number;
  /** The list's name (default: "Service changes"); the Service changes page names its groups. */
  label?: string;
  /** The notices' titles' heading level (3 under a page's own h2). */
  headingLevel?: 2 | 3;
  /** More about a notice after its validity (the Service changes page: what it concerns). */
  details?: (notice: N) => ReactNode;
}) {
  const m = useMessages();
  const c = useChangesMessages();
  const lang = useLanguage();
  if (notices.length === 0) return null;
  const Title = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className="notices" aria-label={label ?? m.changes.heading}>
      {notices.map((n) => {
        const { title, text } = noticeIn(n, lang);
        return (
          <article
            key={n.id}
            className="notice"
            id={`notice-${n.id}`}
            lang={lang === 'en' && n.titleEn === null ? 'lt' : undefined}
          >
            <Title className="notice__title">{title}</Title>
            <p className="notice__valid">{c.valid(changeDatesText(n.from, n.until, lang, thisYear))}</p>
            {details?.(n)}
            {text !== null && <p className="notice__text">{text}</p>}
            {n.url !== null && (
              <p className="notice__more">
                <a href={n.url} rel="noopener noreferrer">
                  {c.more}
                </a>
              </p>
            )}
          </article>
        );
      })}
    </section>
  );
}
