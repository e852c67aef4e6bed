import type { BoardMessages } from './board-en.ts';
import { plural } from './plural-lt.ts';

/** Išvykimų švieslentės tekstai (see board-en.ts). */
export const boardLt: BoardMessages = {
  locale: 'lt-LT',
  board: 'Išvykimai',
  columns: {
    time: 'Laikas',
    line: 'Maršrutas',
    destination: 'Kryptis',
    stop: 'Stotelė',
    bay: 'Aikštelė',
    expected: 'Numatoma',
  },
  cancelled: 'Atšauktas',
  notServed: 'Nestoja',
  onTime: 'Laiku',
  planned: (time: string) => `planuota ${time}`,
  expected: (time: string, minutes: number) =>
    `numatoma ${time}, ${minutes === 0 ? 'laiku' : minutes > 0 ? `vėluoja ${minutes} min.` : `${-minutes} min. anksčiau`}`,
  stepFree: 'Žemagrindis autobusas su pandusu',
  tomorrow: (weekday: string) => `Rytoj, ${weekday}`,
  noDepartures: 'Šiandien išvykimų daugiau nėra.',
  holiday: 'Šventinės dienos tvarkaraštis',
  updated: (minutes: number) =>
    minutes < 60
      ? `Atnaujinta prieš ${minutes} min.`
      : `Atnaujinta prieš ${Math.floor(minutes / 60)} val.${minutes % 60 ? ` ${minutes % 60} min.` : ''}`,
  offline: 'Nėra ryšio',
  loading: 'Įkeliami išvykimai…',
  unreachable: 'Nepavyksta gauti tvarkaraščio. Bandoma iš naujo kas 15 sekundžių.',
  notices: 'Pranešimai apie eismo pakeitimus',
  problems: {
    heading: 'Patikrinkite švieslentės adresą',
    noStops: 'Adrese nenurodyta nė viena stotelė. Pridėkite, pavyzdžiui, ?stops=1 arba ?stops=1,27.',
    badStop: (value: string) => `„${value}“ nėra stotelės numeris – praleista.`,
    unknownStop: (id: number) => `Stotelės numeriu ${id} nėra – praleista.`,
    tooManyStops: (max: number, left: string) =>
      `Švieslentėje rodoma ne daugiau kaip ${plural(max, 'stotelė', 'stotelės', 'stotelių')}. Praleista: ${left}.`,
    badRows: (value: string, used: number) =>
      `rows=${value} netinka (galima nuo 1 iki 20) – rodoma ne daugiau kaip ${plural(used, 'eilutė', 'eilutės', 'eilučių')}.`,
    badOption: (option: string, value: string, allowed: string, used: string) =>
      `${option}=${value} netinka (galima: ${allowed}) – naudojama ${used}.`,
    titleTooLong: (max: number) =>
      `Antraštė ilgesnė nei ${plural(max, 'simbolis', 'simboliai', 'simbolių')} – sutrumpinta.`,
  },
};
