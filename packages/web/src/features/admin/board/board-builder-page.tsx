import { useId, useRef, useState } from 'react';
import { StopCombobox, type StopOption } from '../../../components/stop-combobox.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { BOARD_MAX_STOPS } from '../../../lib/core.ts';
import {
  BOARD_DEFAULTS,
  BOARD_LANGUAGES,
  BOARD_ORIENTATIONS,
  BOARD_ROWS,
  BOARD_THEMES,
  BOARD_TITLE_MAX,
  type BoardLanguage,
  type BoardOrientation,
  type BoardTheme,
  boardPath,
  DEFAULT_ROWS,
} from '../../public/board/board-options.ts';
import './board-builder.css';

/**
 * The departure board's builder (issue 42, /admin-panel/board): staff pick the stops (the stop
 * search the site's forms use), a title, the language, how many rows, the colours and which way
 * the screen stands, and get the board's address to copy into the screen's browser, and a
 * preview. Nothing is stored: the address carries everything (public/board/board-options.ts).
 */
export function BoardBuilderPage() {
  const m = useAdminMessages();
  const id = useId();
  const [stops, setStops] = useState<StopOption[]>([]);
  const [title, setTitle] = useState('');
  const [lang, setLang] = useState<BoardLanguage>(BOARD_DEFAULTS.lang);
  const [theme, setTheme] = useState<BoardTheme>(BOARD_DEFAULTS.theme);
  const [orientation, setOrientation] = useState<BoardOrientation>(BOARD_DEFAULTS.orientation);
  // null: as many as the orientation's default.
  const [rows, setRows] = useState<number | null>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const linkRef = useRef<HTMLInputElement>(null);

  const shownRows = rows ?? DEFAULT_ROWS[orientation];
  const path =
    stops.length === 0
      ? null
      : boardPath({ stops: stops.map((s) => s.id), title, lang, rows: shownRows, theme, orientation });
  const link = path === null ? '' : `${window.location.origin}${path}`;
  const full = stops.length >= BOARD_MAX_STOPS;

  async function copy() {
    if (link === '') return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      // No clipboard (a page over plain HTTP, a browser that refuses): the link is selected to copy by hand.
      linkRef.current?.select();
      setCopied('no');
    }
  }

  const choice = <T extends string>(
    name: string,
    label: string,
    value: T,
    values: readonly T[],
    words: (value: T) => string,
    onChange: (value: T) => void,
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select
        id={`${id}-${name}`}
        className="input select"
        value={value}
        onChange={(event) => {
          onChange(event.target.value as T);
          setCopied(null);
        }}
      >
        {values.map((v) => (
          <option key={v} value={v}>
            {words(v)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="board-builder">
      <h1>{m.board.heading}</h1>
      <p className="board-builder__intro">{m.board.intro}</p>

      <fieldset className="board-builder__stops">
        <legend>{m.board.stops}</legend>
        {full ? (
          <p className="field-hint">{m.board.maxStops(BOARD_MAX_STOPS)}</p>
        ) : (
          <StopCombobox
            label={m.board.addStop}
            value={null}
            onChange={(stop) => {
              if (stop && !stops.some((s) => s.id === stop.id)) {
                setStops([...stops, stop]);
                setCopied(null);
              }
            }}
          />
        )}
        {stops.length === 0 ? (
          <p className="field-hint">{m.board.noStops}</p>
        ) : (
          <ol className="board-builder__chips" aria-label={m.board.chosen}>
            {stops.map((stop) => (
              <li key={stop.id}>
                {stop.label}
                <button
                  type="button"
                  className="btn btn--small"
                  aria-label={m.board.removeStop(stop.label)}
                  onClick={() => {
                    setStops(stops.filter((s) => s.id !== stop.id));
                    setCopied(null);
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ol>
        )}
      </fieldset>

      <div className="form-grid board-builder__options">
        <div className="field">
          <label htmlFor={`${id}-title`}>{m.board.title}</label>
          <input
            id={`${id}-title`}
            className="input"
            value={title}
            maxLength={BOARD_TITLE_MAX}
            placeholder={m.board.titlePlaceholder}
            aria-describedby={`${id}-title-hint`}
            onChange={(event) => {
              setTitle(event.target.value);
              setCopied(null);
            }}
          />
          <p id={`${id}-title-hint`} className="field-hint">
            {m.board.titleHint}
          </p>
        </div>
        {choice('lang', m.board.language, lang, BOARD_LANGUAGES, (v) => m.board.languages[v], setLang)}
        <div className="field">
          <label htmlFor={`${id}-rows`}>{m.board.rows}</label>
          <input
            id={`${id}-rows`}
            className="input"
            type="number"
            min={BOARD_ROWS.min}
            max={BOARD_ROWS.max}
            value={shownRows}
            aria-describedby={`${id}-rows-hint`}
            onChange={(event) => {
              const n = Number(event.target.value);
              if (Number.isInteger(n) && n >= BOARD_ROWS.min && n <= BOARD_ROWS.max) setRows(n);
              setCopied(null);
            }}
          />
          <p id={`${id}-rows-hint`} className="field-hint">
            {m.board.rowsHint(BOARD_ROWS.min, BOARD_ROWS.max)}
          </p>
        </div>
        {choice('theme', m.board.theme, theme, BOARD_THEMES, (v) => m.board.themes[v], setTheme)}
        {choice(
          'orientation',
          m.board.orientation,
          orientation,
          BOARD_ORIENTATIONS,
          (v) => m.board.orientations[v],
          (o) => {
            setOrientation(o);
            // The rows follow the screen's default unless staff chose a number themselves.
            if (rows === DEFAULT_ROWS[orientation]) setRows(null);
          },
        )}
      </div>

      <section className="board-builder__result" aria-labelledby={`${id}-link-label`}>
        <h2 id={`${id}-link-label`}>{m.board.link}</h2>
        {path === null ? (
          <p className="field-hint">{m.board.noStops}</p>
        ) : (
          <>
            <input
              ref={linkRef}
              className="input board-builder__link"
              readOnly
              value={link}
              aria-labelledby={`${id}-link-label`}
              onFocus={(event) => event.target.select()}
            />
            <div className="board-builder__actions">
              <button type="button" className="btn btn--primary" onClick={copy}>
                {m.board.copy}
              </button>
              <a className="btn" href={path} target="_blank" rel="noopener">
                {m.board.preview}
              </a>
              <span role="status" className="board-builder__copied">
                {copied === 'yes' ? m.board.copied : copied === 'no' ? m.board.copyByHand : ''}
              </span>
            </div>
            <p className="field-hint">{m.board.kiosk}</p>
            <pre className="board-builder__kiosk">
              <code>{`chromium --kiosk --noerrdialogs --disable-session-crashed-bubble '${link}'`}</code>
            </pre>
          </>
        )}
      </section>
    </div>
  );
}
