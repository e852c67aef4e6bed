import type { DriveMessages } from './drive-en.ts';

/** Vairuotojų puslapis (/drive, see drive-en.ts): trumpai ir aiškiai, kad būtų galima perskaityti vienu žvilgsniu. */
export const driveLt: DriveMessages = {
  heading: 'Vairuotojui',
  signIn: {
    heading: 'Prisijunkite su vairuotojo paskyra',
    username: 'Naudotojo vardas',
    password: 'Slaptažodis',
    submit: 'Prisijungti',
    submitting: 'Jungiamasi…',
    required: 'Užpildykite šį laukelį',
    noToken: 'Serveris atsakė be prieigos rakto',
    sessionEnded: 'Jūs buvote atjungti: prisijunkite iš naujo',
  },
  signOut: 'Atsijungti',
  choose: {
    locating: 'Nustatoma, kur yra telefonas…',
    nearHeading: 'Netoliese prasidedantys reisai',
    none: 'Per artimiausią valandą netoliese neprasideda joks reisas.',
    trip: (line: string, time: string) => `${line}, ${time}`,
    route: (from: string, to: string) => `${from} → ${to}`,
    away: (metres: number) =>
      metres < 1000 ? `už ${metres} m` : `už ${(metres / 1000).toFixed(1).replace('.', ',')} km`,
    findHeading: 'Arba įveskite maršrutą ir laiką',
    line: 'Maršrutas',
    time: 'Išvykimo laikas',
    timeHint: 'Kada išvyksta iš pirmosios stotelės',
    find: 'Rasti reisą',
    notFound: 'Šiandien šiuo laiku iš pirmosios stotelės neišvyksta joks šio maršruto reisas.',
    start: 'Pradėti reisą',
    starting: 'Pradedama…',
    back: 'Rinktis kitą reisą',
    stops: 'Reiso stotelės',
  },
  driving: {
    passed: (passed: number, total: number) => `Pravažiuota stotelių: ${passed} iš ${total}`,
    nextStop: (name: string) => `Kita stotelė: ${name}`,
    delay: (minutes: number) =>
      minutes === 0
        ? 'Važiuojate laiku'
        : minutes > 0
          ? `Vėluojate ${minutes} min.`
          : `${-minutes} min. anksčiau`,
    waiting: 'Laukiama telefono vietos…',
    sent: (time: string) => `Vieta išsiųsta ${time}`,
    offline: 'Nėra ryšio: naujausia vieta išsaugota ir bus išsiųsta, kai tik ryšys atsiras.',
    signalLost:
      'Jau 30 sekundžių telefonas nenustato vietos: keleiviai nemato autobuso. Patikrinkite, ar įjungta vietos nustatymo funkcija.',
    unavailable: 'Telefonas dabar negali nustatyti, kur yra: keleiviai nemato autobuso.',
    permissionLost:
      'Ši svetainė negali naudoti telefono vietos: leiskite tai naršyklės nustatymuose, kitaip keleiviai nematys autobuso.',
    noGeolocation: 'Ši naršyklė negali nustatyti, kur yra telefonas.',
    awake: 'Kol vairuojate, ekranas neužges.',
    stop: 'Baigti reisą',
    stopping: 'Baigiama…',
  },
  over: {
    stopped: 'Reisas baigtas.',
    ended: 'Autobusas pasiekė galinę stotelę: reisas baigtas.',
    nextHeading: 'Kitas jūsų reisas',
  },
};
