import { changeDatesText, noticeIn, type ServiceChange } from '@bus/core/browser';
import { useLanguage, useMessages } from '../../../i18n/index.ts';
import './notice-list.css';

/** What a notice needs to be shown (a public answer's notices: service changes without their times). */
export type NoticeView = Pick<
  ServiceChange,
  'id' | 'kind' | 'from' | 'until' | 'titleLt' | 'textLt' | 'titleEn' | 'textEn' | 'url'
>;

/**
 * The notices that concern what a page shows, above its times (issue 27): each with its title,
 * text and validity in the page's language (English falls back to Lithuanian), and its link.
 * Nothing at all when there are none.
 */
export function NoticeList({ notices, thisYear }: { notices: readonly NoticeView[]; thisYear: number }) {
  const m = useMessages();
  const lang = useLanguage();
  if (notices.length === 0) return null;
  return (
    <section className="notices" aria-label={m.changes.heading}>
      {notices.map((n) => {
        const { title, text } = noticeIn(n, lang);
        return (
          <article
            key={n.id}
            className="notice"
            id={`notice-${n.id}`}
            lang={lang === 'en' && n.titleEn === null ? 'lt' : undefined}
          >
            <h2 className="notice__title">{title}</h2>
            <p className="notice__valid">
              {m.changes.valid(changeDatesText(n.from, n.until, lang, thisYear))}
            </p>
            {text !== null && <p className="notice__text">{text}</p>}
            {n.url !== null && (
              <p className="notice__more">
                <a href={n.url} rel="noopener noreferrer">
                  {m.changes.more}
                </a>
              </p>
            )}
          </article>
        );
      })}
    </section>
  );
}
