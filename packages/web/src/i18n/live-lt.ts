import type { LiveMessages } from './live-en.ts';

/** Autobusai realiuoju laiku, kaip juos mato keleiviai (see live-en.ts). „vėluoja 3 min.“ – iš užduoties. */
export const liveLt: LiveMessages = {
  age: (seconds: number) =>
    seconds < 10 ? 'ką tik' : seconds < 60 ? `prieš ${seconds} s` : `prieš ${Math.floor(seconds / 60)} min.`,
  live: (age: string) => `realiuoju laiku · ${age}`,
  delay: (minutes: number) =>
    minutes === 0 ? 'laiku' : minutes > 0 ? `vėluoja ${minutes} min.` : `${-minutes} min. anksčiau`,
  expected: 'numatomas laikas',
  departed: 'jau išvyko',
  noLiveData: 'nėra duomenų realiuoju laiku',
  trip: {
    heading: 'Kur dabar autobusas',
    ended: 'Autobusas jau pasiekė galinę stotelę.',
    noLiveData: 'Nėra duomenų realiuoju laiku: rodomi laikai pagal tvarkaraštį.',
    stop: 'Stotelė',
    planned: 'Planuota',
    expected: 'Numatoma',
    left: (time: string) => `išvyko ${time}`,
    passed: 'pravažiavo',
    at: 'dabar stotelėje',
    next: 'kita stotelė',
    map: 'Autobusas reiso žemėlapyje',
  },
  map: {
    heading: 'Autobusai kelyje dabar',
    none: 'Šiuo metu nė vienas autobusas nesiunčia savo vietos.',
    bus: (line: string, headsign: string, delay: string) =>
      `Autobusas ${line}, kryptis „${headsign}“${delay ? `, ${delay}` : ''}`,
    nextStop: (name: string) => `kita stotelė: „${name}“`,
    atStop: (name: string) => `stotelėje „${name}“`,
  },
};
