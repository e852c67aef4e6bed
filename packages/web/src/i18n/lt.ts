import type { HomeMessages } from './en.ts';
import { plural, pluralForm } from './plural-lt.ts';

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
    map: 'Žemėlapis', // issue 29
    adminBoard: 'Administravimas',
    plan: 'Kelionės planavimas',
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
    onMap: 'Rinktis žemėlapyje', // issue 29
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
    stepFree: 'žemagrindis autobusas su pandusu',
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
    planWithChanges: 'Planuoti kelionę su persėdimais',
  },
  /** Eismo pakeitimai (27 užduotis): nuorodos antraštėje pavadinimas; kiti žodžiai – changes-lt.ts. */
  changes: {
    heading: 'Eismo pakeitimai',
  },
};
