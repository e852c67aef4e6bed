import type { HomeMessages } from './en.ts';

/*
 * pluralForm is written in each Lithuanian catalogue on purpose: importing it from one
 * catalogue into the others makes their chunks depend on it, and the preload lists that adds
 * to the home's entry script (0.25 KB gzip, measured) would take the first load over its 80 KB.
 */
/** The Lithuanian form for a count: 1, 21, 31… / 2–9, 22–29… / 0, 10–20, 30… */
function pluralForm(n: number, one: string, few: string, many: string): string {
  const units = n % 10;
  const tens = n % 100;
  if (units === 1 && tens !== 11) return one;
  if (units >= 2 && (tens < 10 || tens > 19)) return few;
  return many;
}

/** A count phrase: '1 stotelė', '2 stotelės', '10 stotelių'. */
function plural(n: number, one: string, few: string, many: string): string {
  return `${n} ${pluralForm(n, one, few, many)}`;
}

/** The Lithuanian message catalogue: the same keys and parameters as en.ts. */
export const lt: HomeMessages = {
  app: {
    locale: 'lt-LT',
    title: 'Anykščių autobusų tvarkaraštis',
    skipToContent: 'Pereiti prie turinio',
    loading: 'Įkeliama…',
    notFound: 'Tokio puslapio nėra',
    unexpectedError: 'Netikėta programos klaida!',
  },
  nav: {
    label: 'Pagrindinis meniu',
    timetable: 'Tvarkaraštis',
    browse: 'Maršrutai',
    adminBoard: 'Administravimas',
    language: 'Kalba',
    /** Each language under its own name (tooltips) and its code (the buttons). */
    languageNames: { lt: 'Lietuvių kalba', en: 'English' },
    languageCodes: { lt: 'LT', en: 'EN' },
  },
  header: {
    label: 'Stotelių pasirinkimas',
    departure: 'Iš',
    destination: 'Į',
    searchPlaceholder: 'Įveskite stotelės pavadinimą',
    clear: (field: string) => `Išvalyti lauką „${field}“`,
    noStops: 'Stotelių nerasta',
    stopsFound: (count: number) =>
      `${pluralForm(count, 'Rasta', 'Rastos', 'Rasta')} ${plural(count, 'stotelė', 'stotelės', 'stotelių')}`,
    today: 'Šiandien',
    chooseDate: (date: string) => `Data ${date}, pasirinkti kitą datą`,
    direction: 'Kryptis',
    cityBoundFromHome: 'Miesto autobusas',
    cityBoundElsewhere: 'Į Anykščius',
    outBound: 'Iš Anykščių',
  },
  timetable: {
    heading: 'Tvarkaraštis',
    departuresOn: (date: string) => `Išvykimai ${date}`,
    documentTitle: (date: string, dir: string) =>
      `Išvykimai ${date}${dir === 'City bound' ? ', į Anykščius' : ', iš Anykščių'}`,
    hour: 'Valanda',
    departures: 'Išvykimai',
    departed: '(jau išvyko)',
    nothingFound: 'Šiai dienai reisų nerasta. Peržiūrėkite maršrutų sąrašą',
  },
  errors: {
    offline: 'Nepavyko pasiekti tvarkaraščio. Patikrinkite interneto ryšį ir bandykite dar kartą.',
    server: 'Atsiprašome, įvyko serverio klaida. Bandykite dar kartą po kelių akimirkų.',
    retry: 'Bandyti dar kartą',
  },
  common: {
    yes: 'Taip',
    no: 'Ne',
    none: '-',
  },
  /** Artimiausi autobusai, šventinės dienos pranešimas, spausdinimas, kalendorius (15 užduotis). */
  now: {
    marker: 'dabar',
    holiday: 'Šventinė diena: rodomi tik reisai, kurie kursuoja švenčių dienomis',
    print: 'Spausdinti',
    calendar: 'Įtraukti į kalendorių',
    loop: (time: string) => `tas pats autobusas kaip ${time}`,
    toDisabled: 'Tik išvykstant iš Anykščių autobusų stoties',
  },
};
