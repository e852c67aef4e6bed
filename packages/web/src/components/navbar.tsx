import { Link, useLocation, useSearch } from 'wouter';
import { LANGUAGES, switchLanguage, useLanguage, useMessages } from '../i18n/index.ts';
import { adminBoardPath, readStoredUser } from '../lib/stored-user.ts';
import { withSearch } from '../lib/url.ts';
import './navbar.css';
import { usePublicQuery } from '../lib/use-public-query.ts';

export function Navbar() {
  const m = useMessages();
  const [location] = useLocation();
  const search = useSearch();
  // Login and logout reload the page, so reading storage on render is enough.
  const adminHref = adminBoardPath(readStoredUser());
  const current = (active: boolean) => (active ? ('page' as const) : undefined);
  // Issue 27: the Service changes page is linked while any notice holds today.
  const notices = usePublicQuery('noticesToday', undefined).data?.count;

  return (
    <nav className="navbar" aria-label={m.nav.label}>
      <Link href={withSearch('/', search)} aria-current={current(location === '/')}>
        {m.nav.timetable}
      </Link>
      <Link href={withSearch('/browse', search)} aria-current={current(location.startsWith('/browse'))}>
        {m.nav.browse}
      </Link>
      {/* The Map page, keeping the date and direction chosen. */}
      <Link href={withSearch('/map', search)} aria-current={current(location === '/map')}>
        {m.nav.map}
      </Link>
      {/* The journey planner. */}
      <Link href="/plan" aria-current={current(location === '/plan')}>
        {m.nav.plan}
      </Link>
      {notices ? (
        <Link href="/changes" aria-current={current(location === '/changes')}>
          {m.changes.heading}
        </Link>
      ) : null}
      <Link href={adminHref} aria-current={current(location.startsWith('/admin'))}>
        {m.nav.adminBoard}
      </Link>
      <LanguageSwitch />
    </nav>
  );
}

/** LT / EN on every page; the choice is kept on the device (i18n/index.ts). */
function LanguageSwitch() {
  const m = useMessages();
  const shown = useLanguage();
  return (
    <fieldset className="lang-switch">
      <legend className="sr-only">{m.nav.language}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          title={m.nav.languageNames[language]}
          aria-pressed={language === shown}
          onClick={() => void switchLanguage(language, true)}
        >
          {m.nav.languageCodes[language]}
        </button>
      ))}
    </fieldset>
  );
}
