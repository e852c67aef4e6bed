import type { PageMessages } from './en-pages.ts';

/** The Lithuanian texts of the pages other than the timetable home (see en-pages.ts). */
export const ltPages: PageMessages = {
  browse: {
    heading: 'Maršrutai',
    title: 'Maršrutai',
    colLine: 'Maršrutas',
    colGoesTo: 'Į kur / iš kur',
    colShowStops: 'Rodyti stoteles',
    show: 'Rodyti',
    hide: 'Slėpti',
    stopsOf: (action: string, line: string) => `${action} maršruto „${line}“ stoteles`,
    extra: 'Papildomos',
    noLines: 'Maršrutų nėra',
  },
  fareTable: {
    heading: 'Kainų lentelė',
    caption: (route: string) => `Kainų lentelė: ${route}`,
    mainRoute: 'pagrindinis maršrutas',
    to: 'Į',
    from: (stop: string) => `iš stotelės „${stop}“`,
    notSet: '–',
    legend:
      'Kiekvienoje eilutėje – kaina iki tos stotelės iš kiekvienos ankstesnės (numeriai kaip kairėje). – : kaina nenustatyta.',
  },
  line: {
    heading: (lineId: string) => `Maršrutas ${lineId}`,
    noSchedules: 'Šiam maršrutui nėra tvarkaraščių, praneškite administracijai',
    brokenLine: 'Maršruto duomenys klaidingi: tvarkaraštyje nėra reisų',
    runsOnPublicHolidays: 'Kursuoja švenčių dienomis',
    operator: 'Vežėjas',
    platform: 'Anykščių AS aikštelė',
    scope: 'Galiojimas',
    swapDirection: 'Sukeisti kryptį',
    ruleFilter: 'Metinės taisyklės filtras',
    schedules: 'Tvarkaraščiai',
    stops: 'Stotelės',
    info: 'Maršruto informacija',
    openTrip: 'Atidaryti reiso puslapį',
    wholeYear: '-', // the whole-year rule is shown as a dash
    ends: (from: string, to: string) => `${from} → ${to}`,
    stopsGoing: (direction: string) => `Stotelės: ${direction}`,
    time: 'Laikas',
  },
  trip: {
    heading: (tripId: string) => `Reisas ${tripId}`,
    line: 'Maršrutas',
    onlyAt: (periodName: string) => `Tik: ${periodName}`,
    lowFloor: 'Žemagrindis autobusas su pandusu',
    stepFreeValue: { yes: 'Taip', no: 'Ne', unknown: 'Nežinoma' },
    stepFreeStop: 'galima įlipti su vežimėliu',
    noStepFreeStop: 'negalima įlipti su vežimėliu',
    fares: {
      heading: 'Bilieto kaina',
      from: 'Iš',
      to: 'Į',
      fare: 'Kaina',
      notSet: 'kaina nenustatyta',
      noRule: 'Šiam maršrutui šią dieną kainos nenustatytos.',
      note: 'Lengvatinę kainą moka keleiviai, kuriems lengvata priklauso pagal įstatymą.',
    },
    /** Weekday strip letters, MONDAY..SUNDAY. */
    weekdayLetters: ['P', 'A', 'T', 'K', 'P', 'Š', 'S'],
    /** Weekday names for screen readers, MONDAY..SUNDAY. */
    weekdayNames: [
      'pirmadienis',
      'antradienis',
      'trečiadienis',
      'ketvirtadienis',
      'penktadienis',
      'šeštadienis',
      'sekmadienis',
    ],
    runsOn: (days: string) => `Kursuoja: ${days}`,
    runsOnNoDay: 'Nekursuoja nė vieną dieną',
    stop: 'Stotelė',
    documentTitle: (line: string, stop: string, time: string) => `${line}: ${time} iš stotelės „${stop}“`,
    oneWay: 'Viena kryptimi',
    flip: 'Sukeisti kryptį',
    times: 'Laikai',
  },
  /** Datos mygtuko kalendorius, įkeliamas kartu su juo (15 užduotis). */
  calendar: {
    label: 'Pasirinkite datą',
    /** e.g. 'Šiandien, 2026 m. lapkričio 23 d., pirmadienis, pasirinkta' */
    day: (date: string, today: boolean, selected: boolean) =>
      `${today ? 'Šiandien, ' : ''}${date}${selected ? ', pasirinkta' : ''}`,
  },
  /** Maršruto puslapis pasirinktą dieną: kurie tvarkaraščiai nekursuoja ir kodėl, sezonas (15 užduotis). */
  lineDay: {
    summary: (date: string, off: number, total: number) =>
      off === 0
        ? `${date}: kursuoja visi tvarkaraščiai`
        : // 'nekursuoja' for one and many; 'iš 1 (21, 31...) tvarkaraščio', else 'tvarkaraščių'.
          `${date}: nekursuoja ${off} iš ${total} ${total % 10 === 1 && total % 100 !== 11 ? 'tvarkaraščio' : 'tvarkaraščių'}`,
    off: (reasons: string) => `Šią dieną nekursuoja: ${reasons}`,
    notOnWeekday: [
      'pirmadieniais reisų nėra',
      'antradieniais reisų nėra',
      'trečiadieniais reisų nėra',
      'ketvirtadieniais reisų nėra',
      'penktadieniais reisų nėra',
      'šeštadieniais reisų nėra',
      'sekmadieniais reisų nėra',
    ],
    season: 'ne sezono metas',
    holiday: 'švenčių dienomis reisų nėra',
    seasonLabel: 'Sezonas',
    wholeYear: 'Visus metus',
    period: (from: string, to: string) => `${from} – ${to}`,
  },
  // Spausdinami tvarkaraščiai ir kalendoriai (15 užduotis: /print/stop, /print/line, .ics nuorodos).
  print: {
    printLink: 'Spausdinti tvarkaraštį',
    printButton: 'Spausdinti',
    poster: 'Autobusų tvarkaraštis',
    stopTitle: (stop: string) => `Stotelės „${stop}“ tvarkaraštis`,
    lineTitle: (line: string) => `Maršruto ${line} tvarkaraštis`,
    toward: (stop: string) => `Iki stotelės „${stop}“`,
    validFromTo: (from: string, to: string) => `Galioja nuo ${from} iki ${to}`,
    dayTypes: {
      workdays: 'Darbo dienomis',
      saturdays: 'Šeštadieniais',
      sundays: 'Sekmadieniais ir švenčių dienomis',
    },
    hour: 'Val.',
    lines: 'Maršrutai',
    notes: 'Pastabos',
    noDepartures: 'Šiuo laikotarpiu išvykimų nėra',
    siteAddress: (url: string) => `Tvarkaraštis internete: ${url}`,
    qrStop: 'Šios stotelės išvykimai realiu laiku:',
    qrLine: 'Šio maršruto tvarkaraštis internete:',
    qrAlt: 'QR kodas',
    /** Savaitės dienos po „tik“ (įnagininkas), nuo pirmadienio iki sekmadienio. */
    weekdaysPlural: [
      'pirmadieniais',
      'antradieniais',
      'trečiadieniais',
      'ketvirtadieniais',
      'penktadieniais',
      'šeštadieniais',
      'sekmadieniais',
    ],
    /** Savaitės diena po kelintinio skaitvardžio („1-ąjį ir 3-iąjį penktadienį“, galininkas). */
    weekdayOne: [
      'pirmadienį',
      'antradienį',
      'trečiadienį',
      'ketvirtadienį',
      'penktadienį',
      'šeštadienį',
      'sekmadienį',
    ],
    weekdayShort: ['Pr', 'An', 'Tr', 'Kt', 'Pn', 'Št', 'Sk'],
    ordinal: (n: number) => `${n}-${n === 3 ? 'iąjį' : 'ąjį'}`,
    and: 'ir',
    onlyWeekdays: (days: string) => `tik ${days}`,
    onlyPatterns: (items: string) => `tik kiekvieno mėnesio ${items}`,
    onlyPeriods: (ranges: string) => `tik ${ranges}`,
    ruleName: (name: string) => `(„${name}“)`,
    notOnHolidays: 'išskyrus švenčių dienas',
    runsOnDates: (dates: string) => `kursuoja ${dates}`,
    stop: 'Stotelė',
    holidayMark: 'Š',
    holidayLegend: 'Š: kursuoja ir švenčių dienomis',
    noTrips: 'Šiuo laikotarpiu reisų nėra',
    addToCalendar: 'Įtraukti į kalendorių',
    subscribe: 'Prenumeruoti kalendorių (atnaujinamas pasikeitus tvarkaraščiui)',
  },
  // Eismo pakeitimai viešuose puslapiuose (27 užduotis, C dalis).
  serviceChanges: {
    intro: 'Atšaukti reisai, pakeisti laikai, uždarytos stotelės ir kiti pranešimai keleiviams.',
    current: 'Galioja dabar',
    upcoming: 'Numatomi',
    none: 'Šiuo metu eismo pakeitimų nėra.',
    noneUpcoming: 'Nenumatyta.',
    lines: 'Maršrutai',
    stops: 'Stotelės',
    feed: 'Eismo pakeitimų Atom sklaidos kanalas',
    tripCancelled: (date: string) => `Šis reisas ${date} atšauktas.`,
    tripChanged: (date: string) => `Šis reisas ${date} važiuoja pakeistu laiku.`,
    reason: (reason: string) => `Priežastis: ${reason}`,
  },
  // Kelionės planavimas (/plan).
  plan: {
    heading: 'Planuoti kelionę su persėdimais',
    leaveAfter: 'Išvykti po',
    arriveBy: 'Atvykti iki',
    when: 'Kada',
    time: 'Laikas',
    swap: 'Sukeisti „Iš“ ir „Į“',
    stepFreeOnly: 'Tik be laiptų',
    stepFreeNote:
      'Važiuojama tik žemagrindžiais autobusais su pandusu, įlipama ir išlipama tik stotelėse, kuriose galima įlipti su vežimėliu. Autobusai ir stotelės, kurių pritaikymas nežinomas, neįtraukiami.',
    chooseStops: 'Pasirinkite, iš kurios stotelės išvykstate ir į kurią vykstate.',
    none: 'Šią dieną kelionės su ne daugiau kaip 3 persėdimais nėra. Pabandykite kitą laiką ar datą.',
    noneStepFree:
      'Šią dieną kelionės be laiptų su ne daugiau kaip 3 persėdimais nėra. Pabandykite kitą laiką ar datą.',
    stopNotStepFree: (stop: string) =>
      `Stotelė „${stop}“ nepažymėta kaip tinkama įlipti su vežimėliu, todėl kelionės be laiptų iš jos ar į ją nėra.`,
    journeys: (from: string, to: string) => `Kelionės iš „${from}“ į „${to}“`,
    duration: (minutes: number) =>
      minutes < 60
        ? `${minutes} min.`
        : `${Math.floor(minutes / 60)} val.${minutes % 60 === 0 ? '' : ` ${minutes % 60} min.`}`,
    changes: (n: number) => (n === 0 ? 'Be persėdimų' : `${n} ${n === 1 ? 'persėdimas' : 'persėdimai'}`),
    fare: (euros: string) => `Kaina ${euros}`,
    fareNotSet: 'kaina nenustatyta',
    concessionFare: (name: string, euros: string) => `${name}: ${euros}`,
    throughTicket: (first: string, second: string) => `bilietas su persėdimu (${first} → ${second})`,
    changeAt: (stop: string, wait: string) => `Persėdimas stotelėje „${stop}“, laukti ${wait}`,
    walkTo: (from: string, to: string, wait: string) =>
      `Persėdimas: nuo stotelės „${from}“ pereiti į „${to}“, ${wait} ėjimui ir laukimui`,
    leg: (line: string, from: string, to: string) => `Maršrutas ${line}: iš „${from}“ į „${to}“`,
    legLive: (minutes: number | null) =>
      minutes === null
        ? 'nėra duomenų realiuoju laiku'
        : minutes === 0
          ? 'realiuoju laiku: laiku'
          : minutes > 0
            ? `realiuoju laiku: vėluoja ${minutes} min.`
            : `realiuoju laiku: ${-minutes} min. anksčiau`,
    changeAtRisk: 'persėdimas gali nepavykti: ankstesnis autobusas vėluoja',
    departArrive: (depart: string, arrive: string) => `${depart} – ${arrive}`,
    documentTitle: (from: string, to: string) => `Kelionės iš „${from}“ į „${to}“`,
    openTrip: (line: string) => `Atidaryti maršruto ${line} reisą`,
  },
};
