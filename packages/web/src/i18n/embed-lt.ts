import type { EmbedMessages } from './embed-en.ts';

/** Stotelės valdiklis kitoms svetainėms ir „Įdėkite į savo svetainę“ (embed-en.ts). */
export const embedLt: EmbedMessages = {
  widget: {
    title: (stop: string) => `Artimiausi išvykimai: ${stop}`,
    next: 'Artimiausi išvykimai',
    loading: 'Įkeliama…',
    tomorrow: 'Rytoj',
    none: 'Per artimiausias septynias dienas išvykimų nėra.',
    noStop: 'Tokios stotelės nėra.',
    failed: 'Nepavyko įkelti išvykimų; bandoma dar kartą.',
    fullTimetable: 'Visas tvarkaraštis',
    newTab: '(atsidaro naujoje kortelėje)',
  },
  offer: {
    summary: 'Įdėkite į savo svetainę',
    intro:
      'Rodykite artimiausius išvykimus iš šios stotelės savo svetainėje. Jie atsinaujina patys; rodomi numatomi kelyje esančių autobusų laikai ir atšaukti reisai. Įklijuokite kodą į savo puslapio HTML.',
    options: 'Nustatymai',
    direction: 'Kryptis',
    rows: 'Rodomų išvykimų skaičius',
    language: 'Kalba',
    code: 'Kodas jūsų svetainei',
    copy: 'Kopijuoti kodą',
    copied: 'Nukopijuota',
    copyFailed: 'Nepavyko nukopijuoti: pažymėkite kodą ir nukopijuokite patys.',
    preview: 'Peržiūra',
  },
};
