import { useId, useRef, useState } from 'react';
import { embedEn } from '../../../i18n/embed-en.ts';
import { embedLt } from '../../../i18n/embed-lt.ts';
import { useLanguage, useMessages } from '../../../i18n/index.ts';
import { type Direction, HOME_STOP_ID, stopLabel } from '../../../lib/core.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import {
  EMBED_ROWS,
  type EmbedLanguage,
  type EmbedOptions,
  embedCode,
  embedHeight,
  embedPath,
} from './embed-options.ts';
import './embed-offer.css';

const catalogue = (language: EmbedLanguage) => (language === 'lt' ? embedLt : embedEn);

const ROW_CHOICES = Array.from({ length: EMBED_ROWS.max - EMBED_ROWS.min + 1 }, (_, i) => EMBED_ROWS.min + i);

/**
 * "Put on your site" on a stop's departures page (the home with ?from=; issue 42): a native
 * disclosure with the widget's options (direction, rows, language), the iframe code to copy
 * (with a copy button that says it copied) and the widget itself in a frame as a preview, all
 * drawn only once it is opened. A chunk of its own, fetched after the home's first render.
 * The code names the site's address from the Publishing settings (`timetable.site`, the address
 * the printed timetables' QR codes lead to); when none is set, the address the page was opened
 * at. It is written once that answer is in (or has failed: then the page's own address).
 */
export function EmbedOffer({ stopId, dir }: { stopId: number; dir: Direction }) {
  const m = useMessages();
  const language = useLanguage();
  const t = catalogue(language).offer;
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Omit<EmbedOptions, 'stopId'> & { lang: EmbedLanguage }>({
    dir,
    rows: EMBED_ROWS.standard,
    lang: language,
  });
  const [copied, setCopied] = useState<{ code: string; ok: boolean } | null>(null);
  const codeArea = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const pair = usePublicQuery('stopPair', open ? { fromId: stopId, toId: null } : null);
  const site = usePublicQuery('site', open ? undefined : null);
  const stop = pair.data?.from?.id === stopId ? stopLabel(pair.data.from) : String(stopId);
  const options: EmbedOptions = { stopId, ...chosen };
  const title = catalogue(chosen.lang).widget.title(stop);
  // Only once opened and the site's address known: the page's address is the browser's (the
  // home is rendered on a server in tests).
  const siteKnown = site.status === 'success' || site.status === 'error';
  const code =
    open && siteKnown
      ? embedCode({ siteUrl: site.data?.siteUrl ?? null, origin: window.location.origin }, options, title)
      : '';

  const copy = async () => {
    let ok = false;
    try {
      await navigator.clipboard.writeText(code);
      ok = true;
    } catch {
      // No clipboard for this page (an old browser, a denied permission): the old way, from the
      // selected code; else the visitor is asked to copy it themselves.
      codeArea.current?.focus();
      codeArea.current?.select();
      try {
        ok = document.execCommand('copy');
      } catch {
        ok = false;
      }
    }
    setCopied({ code, ok });
  };

  const said = copied?.code === code ? (copied.ok ? t.copied : t.copyFailed) : '';
  return (
    <details className="embed-offer" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t.summary}</summary>
      {open && (
        <div className="embed-offer__body">
          <p>{t.intro}</p>
          <fieldset className="embed-offer__options">
            <legend>{t.options}</legend>
            <label>
              <span>{t.direction}</span>
              <select
                className="input"
                value={chosen.dir}
                onChange={(event) => setChosen({ ...chosen, dir: event.currentTarget.value as Direction })}
              >
                <option value="Out bound">{m.header.outBound}</option>
                <option value="City bound">
                  {stopId === HOME_STOP_ID ? m.header.cityBoundFromHome : m.header.cityBoundElsewhere}
                </option>
              </select>
            </label>
            <label>
              <span>{t.rows}</span>
              <select
                className="input"
                value={chosen.rows}
                onChange={(event) => setChosen({ ...chosen, rows: Number(event.currentTarget.value) })}
              >
                {ROW_CHOICES.map((rows) => (
                  <option key={rows} value={rows}>
                    {rows}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t.language}</span>
              <select
                className="input"
                value={chosen.lang}
                onChange={(event) =>
                  setChosen({ ...chosen, lang: event.currentTarget.value as EmbedLanguage })
                }
              >
                <option value="lt" lang="lt">
                  {m.nav.languageNames.lt}
                </option>
                <option value="en" lang="en">
                  {m.nav.languageNames.en}
                </option>
              </select>
            </label>
          </fieldset>
          <label className="embed-offer__code-label" htmlFor={`${id}-code`}>
            {t.code}
          </label>
          <textarea
            id={`${id}-code`}
            ref={codeArea}
            className="input embed-offer__code"
            readOnly
            rows={4}
            spellCheck={false}
            value={code}
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className="embed-offer__copy">
            <button type="button" className="btn" disabled={code === ''} onClick={() => void copy()}>
              {t.copy}
            </button>
            <span role="status">{said}</span>
          </p>
          <p className="embed-offer__preview-label" id={`${id}-preview`}>
            {t.preview}
          </p>
          <iframe
            className="embed-offer__preview"
            src={embedPath(options)}
            title={title}
            aria-describedby={`${id}-preview`}
            height={embedHeight(chosen.rows)}
          />
        </div>
      )}
    </details>
  );
}
