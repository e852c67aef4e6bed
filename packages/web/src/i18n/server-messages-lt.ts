import type { TextField } from '@bus/core';
import type {
  ChangeSubject,
  FareProblem,
  ServerMessageCatalogue,
  ServiceChangeProblem,
  StopsTxtProblem,
} from '@bus/core/browser';
import {
  MAX_BAND_METERS,
  MAX_FARE_BANDS,
  MAX_FARE_CENTS,
  MAX_PAIR_FARES,
  MAX_ROUNDING_CENTS,
  MAX_THROUGH_CHANGE_MINUTES,
} from '@bus/core/browser';
import { pluralForm } from './plural-lt.ts';

/** Why a live position is refused (core's server-messages.ts LIVE_REFUSALS in Lithuanian). */
const LIVE_REFUSALS_LT = {
  clockOff: 'Vietos laikas nuo serverio laikrodžio skiriasi daugiau nei 2 min. (patikrinkite telefono laiką)',
  tooOften: 'Vieta siųsta dažniau nei kartą per sekundę',
  tooFast: 'Nuo ankstesnės vietos autobusas būtų važiavęs greičiau nei 150 km/h',
  tooFar: 'Vieta yra toliau nei 2 km nuo reiso maršruto',
  noPositions: 'Nė viena reiso stotelė nepažymėta žemėlapyje, todėl autobuso sekti negalima',
} as const;

/** 'ne daugiau kaip 100 simbolių' */
const atMost = (n: number) => `ne daugiau kaip ${n} ${pluralForm(n, 'simbolis', 'simboliai', 'simbolių')}`;

/** After 'po': 'po 1 minutės', 'po 5 minučių'. */
const minutesAfter = (n: number) => `${n} ${pluralForm(n, 'minutės', 'minučių', 'minučių')}`;

/** What each text field is called (core's TEXT_LABELS). */
const FIELD_LABELS: Record<TextField, string> = {
  stopName: 'Stotelės pavadinimas',
  stopSearchName: 'Kitas paieškos pavadinimas',
  stopNote: 'Stotelės koordinačių pastaba',
  lineName: 'Maršruto pavadinimas',
  lineEnd: 'Maršruto pradžia arba pabaiga',
  operator: 'Vežėjas',
  platform: 'Anykščių AS aikštelė',
  price: 'Kaina',
  via: 'Važiuoja per',
  noteKey: 'Pastabos pavadinimas',
  noteValue: 'Pastabos reikšmė',
  routeNotes: 'Varianto pastabos',
  ruleName: 'Metinės taisyklės pavadinimas',
  holidayName: 'Šventės pavadinimas',
  scheduleDescription: 'Laiko apribojimų aprašymas',
  publisherName: 'Skelbėjo pavadinimas',
  webAddress: 'Interneto adresas',
  phone: 'Telefonas',
  noticeTitle: 'Pranešimo antraštė',
  noticeText: 'Pranešimo tekstas',
  changeReason: 'Priežastis',
  concessionName: 'Lengvatos pavadinimas',
  bay: 'Aikštelė',
};

/** What is wrong with a stops.txt (core's StopsTxtProblem; issue 29). */
function stopsTxtProblemLt(problem: StopsTxtProblem): string {
  switch (problem.kind) {
    case 'notUtf8':
      return 'tekstas nėra UTF-8 (išsaugokite failą UTF-8 koduote)';
    case 'unclosedQuote':
      return 'kabutėmis pradėta reikšmė neuždaryta';
    case 'empty':
      return 'failas tuščias';
    case 'missingColumns':
      return `antraštėje nėra ${problem.columns.join(', ')} (GTFS stops.txt turi stop_id, stop_name, stop_lat, stop_lon; rasta „${problem.found}“)`;
    case 'valueCount':
      return `turi būti ${problem.expected} ${pluralForm(problem.expected, 'reikšmė', 'reikšmės', 'reikšmių')}, o yra ${problem.found}`;
    case 'emptyId':
      return 'stop_id tuščias';
    case 'duplicateId':
      return `stop_id „${problem.id}“ jau yra ${problem.earlierLine} eilutėje`;
    case 'noName':
      return `stotelė „${problem.id}“ neturi pavadinimo (stop_name)`;
    case 'badLocationType':
      return `location_type „${problem.value}“ turi būti 0, 1, 2, 3 arba 4`;
    case 'badDegrees':
      return `${problem.column} „${problem.value}“ nėra ${problem.column === 'stop_lat' ? 'platuma' : 'ilguma'} laipsniais`;
    case 'noneInLithuania':
      return 'nė vienos failo stotelės nėra Lietuvoje ar šalia jos';
  }
}

/** What is wrong with a service change (core's ServiceChangeProblem). */
const SERVICE_CHANGE_PROBLEMS_LT: Record<ServiceChangeProblem, string> = {
  fromRequired: 'Pasirinkite pirmąją pakeitimo dieną',
  datesOrder: 'Paskutinė diena yra anksčiau už pirmąją',
  tooLong: 'Eismo pakeitimas gali trukti ne ilgiau kaip 366 dienas',
  tripsRequired: 'Pasirinkite bent vieną reisą',
  retimeNothing: 'Nurodykite poslinkį minutėmis arba naują laiką stotelėje',
  retimeOnly: 'Laikus keičia tik laiko pakeitimas',
  timesOfOtherTrip: 'Naujas laikas nurodytas nepasirinktam reisui',
  time: 'Naują laiką rašykite VV:MM (00:00–23:59)',
  shift: 'Poslinkis gali būti ne didesnis kaip 720 minučių',
  oneStop: 'Pasirinkite vieną uždaromą stotelę',
  insteadOnlyClosure: 'Kitą stotelę galima nurodyti tik uždarant stotelę',
  insteadSame: 'Vietoj jos nurodykite kitą stotelę',
  titleRequired: 'Pranešimui reikia antraštės lietuviškai',
  titleEnRequired: 'Angliškam tekstui reikia angliškos antraštės',
  url: 'Nuoroda turi būti interneto adresas (https://...)',
};

const stopNumbers = (stops: readonly number[]) => stops.map((i) => i + 1).join(', ');

/** What a stale save names, as the object of 'pakeitė' (galininkas). */
function subjectText(subject: ChangeSubject): string {
  switch (subject.kind) {
    case 'line':
      return subject.name === null ? `maršrutą ${subject.id}` : `maršrutą „${subject.name}“`;
    case 'lineSchedules':
      return subject.line === null
        ? `maršruto ${subject.lineId} tvarkaraščius`
        : `maršruto „${subject.line}“ tvarkaraščius`;
    case 'rules':
      return 'metines taisykles';
    case 'holiday':
      return subject.name === null ? `šventę ${subject.id}` : `šventę „${subject.name}“`;
    case 'stop':
      return subject.name === null ? `stotelę ${subject.id}` : `stotelę „${subject.name}“`;
    case 'change':
      return `„${subject.summary}“`;
    case 'publishing':
      return 'atvirųjų duomenų nustatymus';
    case 'serviceChange':
      return subject.title === null
        ? `eismo pakeitimą ${subject.id}`
        : `eismo pakeitimą ${subject.id} („${subject.title}“)`;
    case 'stops':
      return 'vieną iš stotelių';
    // The changes between buses.
    case 'changeRules':
      return 'persėdimų nustatymus';
    // Issue 41: fares.
    case 'fareRule':
      return subject.line === null || subject.validFrom === null
        ? `kainų taisyklę ${subject.id}`
        : `maršruto „${subject.line}“ kainų taisyklę nuo ${subject.validFrom}`;
    case 'concession':
      return subject.name === null ? `lengvatą ${subject.id}` : `lengvatą „${subject.name}“`;
    case 'throughFare':
      return subject.from === null || subject.to === null || subject.validFrom === null
        ? `kelionės su persėdimu kainą ${subject.id}`
        : `kelionės su persėdimu ${subject.from} – ${subject.to} kainą nuo ${subject.validFrom}`;
  }
}

/** What is wrong with a fare rule or a concession (core's FareProblem; issue 41). */
const FARE_PROBLEMS_LT: Record<FareProblem, string> = {
  validFromRequired: 'Pasirinkite dieną, nuo kurios galioja kainos',
  cents: `Kaina turi būti sveikas centų skaičius nuo 0 iki ${MAX_FARE_CENTS} (${MAX_FARE_CENTS / 100} €)`,
  rounding: `Apvalinimas turi būti sveikas centų skaičius nuo 1 iki ${MAX_ROUNDING_CENTS}`,
  bandsRequired: 'Kainai pagal atstumo intervalus reikia bent vieno intervalo',
  bandDistance: `Intervalo atstumas turi būti sveikas metrų skaičius nuo 1 iki ${MAX_BAND_METERS}`,
  bandsOrder: 'Kiekvienas atstumo intervalas turi siekti toliau nei ankstesnis',
  tooMany: `Kainų taisyklėje gali būti ne daugiau kaip ${MAX_FARE_BANDS} atstumo intervalų ir ${MAX_PAIR_FARES} kainų tarp stotelių porų`,
  pairSame: 'Kainai tarp stotelių poros reikia dviejų skirtingų stotelių',
  pairTwice: 'Šioms dviem stotelėms kaina šioje taisyklėje jau nurodyta (bet kuria kryptimi)',
  percent: 'Mokama dalis turi būti sveikas procentų skaičius nuo 0 iki 100',
  nameLtRequired: 'Lengvatai reikia pavadinimo lietuviškai',
  nameEnRequired: 'Lengvatai reikia pavadinimo angliškai',
  changeMinutes: `Persėdimo laikas turi būti sveikas minučių skaičius nuo 1 iki ${MAX_THROUGH_CHANGE_MINUTES}`,
  throughLineRequired: 'Pasirinkite kiekvienos kelionės dalies maršrutą',
  throughStopRequired: 'Pasirinkite stotelę, kurioje kelionė prasideda, ir stotelę, kurioje ji baigiasi',
  throughSameLine:
    'Kelionė su persėdimu – tai kelionė iš vieno maršruto į kitą: pasirinkite du skirtingus maršrutus',
  throughSameStop: 'Kelionei su persėdimu reikia dviejų skirtingų stotelių',
};

const schedulesText = (ids: readonly number[]) =>
  `${ids.length === 1 ? 'tvarkaraštis' : 'tvarkaraščiai'} ${ids.join(', ')}`;

/** Who made the newest change a stale copy missed: 'naudotojas anna, 2026-01-05 14:30'. */
const lastBy = (username: string | null, at: string | null) =>
  username === null ? 'kitas naudotojas' : `naudotojas ${username}, ${at}`;

/** '„Vasara“ (taisyklė 2), „Žiema“ (taisyklė 3)' */
const rulesText = (rules: readonly { id: number; name: string }[]) =>
  rules.map(({ id, name }) => `„${name}“ (taisyklė ${id})`).join(', ');

/**
 * The server's messages in Lithuanian: the same keys and parameters as server-messages-en.ts.
 * The spec's validation texts read as admin-lt.ts words them.
 */
export const serverMessagesLt: ServerMessageCatalogue = {
  required: () => 'Šis laukas privalomas!',
  inputFailed: () => 'Įvesti duomenys netinkami, patikrinkite, ar viskas įvesta teisingai',
  tripCount: () => 'Tvarkaraštyje mažiausiai 1 reisas, daugiausia 2 reisai',
  singleTripOneWay: () =>
    'Įvesti duomenys netinkami: tvarkaraštyje su vienu reisu reiso kryptis turi būti „Į vieną pusę“',
  twoTripsDirections: () =>
    'Įvesti duomenys netinkami: tvarkaraštyje su dviem reisais vieno reiso kryptis turi būti „Iš Anykščių“, o kito – „Į Anykščius“',
  textProblem: ({ field, problem, limit }) => {
    const label = FIELD_LABELS[field];
    if (problem === 'empty') return `Laukas „${label}“ tuščias arba jame yra tik nematomi simboliai`;
    if (problem === 'too-long') return `Laukas „${label}“ per ilgas: ${atMost(limit)}`;
    if (problem === 'unpaired') return `Lauke „${label}“ yra sugadintas simbolis (pavienis pakaitinis kodas)`;
    return `Lauke „${label}“ yra valdymo simbolių arba teksto krypties keitimo ženklų`;
  },
  usernameTooLong: ({ max }) => `Naudotojo vardas per ilgas: ${atMost(max)}`,
  passwordTooLong: ({ max }) => `Slaptažodis per ilgas: ${atMost(max)}`,
  tooManySearchNames: ({ max }) =>
    `Ne daugiau kaip ${max} ${pluralForm(max, 'kitas paieškos pavadinimas', 'kiti paieškos pavadinimai', 'kitų paieškos pavadinimų')}`,
  invalidPosition: ({ problem }) =>
    problem === 'malformed'
      ? 'Vietą nurodykite platuma ir ilguma laipsniais, pavyzdžiui, 55.5248, 25.1043'
      : 'Ši vieta už Lietuvos ribų: pirmiausia rašoma platuma, pavyzdžiui, 55.5248, 25.1043',
  invalidWebAddress: ({ field }) =>
    field === 'publisherContact'
      ? 'Kontaktas turi būti el. pašto adresas arba interneto adresas, prasidedantis https://'
      : `${field === 'siteUrl' ? 'Svetainės adresas' : 'Vežėjo interneto adresas'} turi prasidėti https://`,
  invalidPhone: () => 'Telefonas turi būti numeris: skaitmenys, tarpai, + ( ) ir -',
  feedWindowDays: ({ min, max }) => `Duomenų laikotarpis turi būti nuo ${min} iki ${max} dienų`,
  versionRequired: ({ field, lineId }) => {
    if (field === 'baseSavedAt')
      return 'Būtinas laukas baseSavedAt (kada išsaugoti redaktoriuje rodomi nustatymai; null, jei niekada)';
    if (field === 'baseVersions')
      return lineId === null
        ? 'Būtinas laukas baseVersions (kiekvieno maršruto tvarkaraščių versija, kurią įkėlė puslapis)'
        : `Lauke baseVersions trūksta maršruto ${lineId} tvarkaraščių versijos, kurią įkėlė puslapis`;
    return 'Būtinas laukas baseVersion (redaktoriaus įkeltos versijos numeris; 0, jei kuriama nauja)';
  },
  // Not core's renderServerMessage: this chunk takes nothing but types from core (no English).
  several: ({ parts }) =>
    parts.map((part) => (serverMessagesLt[part.key] as (params: unknown) => string)(part.params)).join('; '),
  invalidId: ({ field }) => `Parametras „${field}“ turi būti teigiamas sveikasis skaičius`,
  invalidDate: () => 'Data turi būti tikra kalendoriaus data formatu MMMM-MM-DD',
  dateOutsideRange: ({ from, to }) => `Data turi būti nuo ${from} iki ${to}`,
  dateOutsideWindow: ({ from, to }) => `Tvarkaraštį galima peržiūrėti nuo ${from} iki ${to}`,
  textNotUnicode: ({ field, line }) =>
    `${field === '' ? 'Įvestyje' : `Lauke „${field}“`}${line === undefined ? '' : ` ${line} eilutėje`} yra sugadintas simbolis (pavienis pakaitinis kodas)`,
  scheduleWindowOrder: () => 'Tvarkaraščio galiojimo pabaiga ankstesnė už jo pradžią',
  newTimetableOutside: ({ scheduleId, from }) =>
    `Tvarkaraštis ${scheduleId} negalioja ir prieš ${from}, ir nuo tos dienos: naujas tvarkaraštis nuo datos kopijuoja tvarkaraščius, galiojančius dieną prieš ją ir tą dieną`,
  queryTooLong: ({ max }) => `Paieškos tekstas per ilgas: ${atMost(max)}`,
  badCredentials: () => 'Neteisingas naudotojo vardas arba slaptažodis',
  tooManySignIns: () => 'Per daug bandymų prisijungti, bandykite dar kartą po minutės',
  signInBusy: () => 'Šiuo metu tikrinama per daug prisijungimų, bandykite dar kartą po kelių sekundžių',
  planDateOutsideWindow: ({ from, to }) => `Keliones galima planuoti nuo ${from} iki ${to}`,
  planBusy: () => 'Šiuo metu planuojama per daug kelionių, bandykite dar kartą po kelių sekundžių',
  accountLocked: ({ minutes }) =>
    `Per daug kartų įvestas neteisingas šios paskyros slaptažodis, bandykite dar kartą po ${minutes === 1 ? 'minutės' : minutesAfter(minutes)}`,
  signInRequired: () => 'Pirmiausia prisijunkite kaip administratorius',
  sessionInvalid: () => 'Jūsų prisijungimas negalioja arba baigėsi, prisijunkite iš naujo',
  adminRequired: () => 'Tam reikia administratoriaus paskyros',
  driverRequired: () => 'Tam reikia vairuotojo paskyros',
  liveNotRunning: ({ tripId, date, why }) =>
    why === 'cancelled' ? `Reisas ${tripId} ${date} atšauktas` : `Reisas ${tripId} ${date} nevažiuoja`,
  liveNotStarted: ({ tripId }) => `Reiso ${tripId} šiandien nepradėjote: pirmiausia jį pradėkite`,
  liveRefused: ({ reason }) => `${LIVE_REFUSALS_LT[reason]}: niekas neišsaugota`,
  punctualityPeriod: ({ problem, maxDays }) =>
    problem === 'order'
      ? 'Laikotarpis baigiasi anksčiau, nei prasideda: paskutinė diena turi būti ne ankstesnė už pirmąją'
      : `Laikotarpis ilgesnis nei ${maxDays} ${pluralForm(maxDays, 'diena', 'dienos', 'dienų')}: pasirinkite trumpesnį`,
  punctualityMinutes: ({ field, max }) =>
    `${field === 'earlyMinutes' ? 'Leistinas ankstėjimas' : 'Leistinas vėlavimas'} turi būti sveikasis minučių skaičius nuo 0 iki ${max}`,
  importRunning: () => 'Vyksta tvarkaraščio importas, bandykite dar kartą po minutės',
  serverError: () => 'Serveryje įvyko klaida',
  bodyNotUtf8: () => 'Užklausos turinys nėra tinkamas UTF-8 tekstas: nieko neišsaugota',
  stale: ({ subject, username, at }) =>
    `Kol redagavote, ${subjectText(subject)} pakeitė ${
      username === null ? 'kitas naudotojas' : `naudotojas ${username}${at === null ? '' : ` (${at})`}`
    }. Nieko neišsaugota: įkelkite puslapį iš naujo, kad matytumėte dabartinę versiją (jūsų pakeitimai liko redaktoriuje).`,
  staleScheduleCopy: ({ lineId, line, scheduleIds, username, at }) => {
    const one = scheduleIds.length === 1;
    return `${one ? 'Tvarkaraštis' : 'Tvarkaraščiai'} ${scheduleIds.join(', ')} maršrute ${
      line === null ? lineId : `„${line}“`
    } ${one ? 'pakeistas' : 'pakeisti'} po to, kai įkėlėte šį puslapį (paskutinį kartą – ${lastBy(
      username,
      at,
    )}). Nieko neišsaugota: įkelkite puslapį iš naujo, kad matytumėte dabartinius tvarkaraščius, ir pakeitimus atlikite dar kartą.`;
  },
  staleLineCopy: ({ lineId, line, details, routeIds, addedRouteIds, username, at }) => {
    const what = [
      ...(details ? ['duomenys'] : []),
      ...(routeIds.length === 0
        ? []
        : [`${routeIds.length === 1 ? 'variantas' : 'variantai'} ${routeIds.join(', ')}`]),
    ];
    const one = addedRouteIds.length === 1;
    return `Po to, kai įkėlėte šį puslapį, maršrute ${line === null ? lineId : `„${line}“`} pakeista: ${what.join(
      ', ',
    )} (paskutinį kartą – ${lastBy(username, at)})${
      addedRouteIds.length === 0
        ? ''
        : `; ${one ? 'variantas' : 'variantai'} ${addedRouteIds.join(', ')} ${
            one ? 'pridėtas' : 'pridėti'
          } vėliau, ir išsaugojus šį puslapį ${one ? 'jis būtų ištrintas' : 'jie būtų ištrinti'}`
    }. Nieko neišsaugota: įkelkite puslapį iš naujo, kad matytumėte dabartinį maršrutą, ir pakeitimus atlikite dar kartą.`;
  },
  staleRulesCopy: ({ rules, added, username, at }) => {
    const one = rules.length === 1;
    const oneAdded = added.length === 1;
    return `${one ? 'Metinė taisyklė' : 'Metinės taisyklės'} ${rulesText(rules)} ${
      one ? 'pakeista' : 'pakeistos'
    } po to, kai įkėlėte šį puslapį (paskutinį kartą – ${lastBy(username, at)})${
      added.length === 0
        ? ''
        : `; ${oneAdded ? 'taisyklė' : 'taisyklės'} ${rulesText(added)} ${
            oneAdded ? 'pridėta' : 'pridėtos'
          } vėliau, ir išsaugojus šį puslapį ${oneAdded ? 'ji būtų ištrinta' : 'jos būtų ištrintos'}`
    }. Nieko neišsaugota: įkelkite puslapį iš naujo, kad matytumėte dabartines taisykles, ir pakeitimus atlikite dar kartą.`;
  },
  duplicateStopName: ({ name, stopId }) =>
    `Kita stotelė jau vadinasi „${name}“ (stotelė ${stopId}). Jei šiai stotelei norite duoti tokį pat pavadinimą, pasirinkite „Vis tiek išsaugoti“.`,
  stopUsedByLines: ({ stop, lines }) =>
    `Stotelės „${stop}“ ištrinti negalima: ji naudojama maršrutuose ${lines.join(', ')}`,
  routesUsedBySchedules: ({ routes }) =>
    `Tvarkaraščių naudojamų maršruto variantų pašalinti negalima: ${routes
      .map(
        ({ id, notes, schedules }) =>
          `${notes ? `„${notes}“ (variantas ${id})` : `variantas ${id}`} – ${schedulesText(schedules)}`,
      )
      .join('; ')}`,
  rulesUsedBySchedules: ({ rules }) =>
    `Tvarkaraščių naudojamų metinių taisyklių ištrinti negalima: ${rules
      .map(({ id, name, schedules }) => `„${name}“ (taisyklė ${id}) – ${schedulesText(schedules)}`)
      .join('; ')}`,
  ruleBorrowed: ({ id, name, borrower }) =>
    `Metinės taisyklės „${name}“ (taisyklė ${id}) ištrinti negalima: jos laikotarpius naudoja taisyklė „${borrower}“`,
  lineGone: ({ lineId }) => `Maršruto ${lineId} nebėra: pirmiausia grąžinkite maršrutą`,
  nothingToRestore: () => 'Šis pakeitimas neturi ankstesnės būsenos, kurią būtų galima grąžinti',
  oneLinePerSave: () => 'Visi kartu išsaugomi tvarkaraščiai turi priklausyti vienam maršrutui',
  lineNotFound: ({ id }) => `Maršruto ${id} nėra`,
  scheduleNotFound: ({ id }) => `Tvarkaraščio ${id} nėra`,
  scheduleNotOnLine: ({ id, lineId }) => `Maršrute ${lineId} tvarkaraščio ${id} nėra`,
  tripNotInSchedule: ({ id }) => `Šiame tvarkaraštyje reiso ${id} nėra`,
  tripNotFound: ({ id }) => `Reiso ${id} nėra`,
  ruleNotFound: ({ id }) => `Metinės taisyklės ${id} nėra`,
  holidayNotFound: ({ id }) => `Šventės ${id} nėra`,
  stopNotFound: ({ id }) => `Stotelės ${id} nėra`,
  routeNotOnLine: ({ id }) => `Šiame maršrute maršruto varianto ${id} nėra`,
  noteNotOnLine: ({ id }) => `Šiame maršrute pastabos ${id} nėra`,
  changeNotFound: ({ id }) => `Pakeitimo ${id} nėra`,
  serviceChangeInvalid: ({ problem }) => SERVICE_CHANGE_PROBLEMS_LT[problem],
  serviceChangeNotFound: ({ id }) => `Eismo pakeitimo ${id} nėra`,
  serviceChangeUnknown: ({ what, id }) =>
    what === 'line' ? `Maršruto ${id} nėra` : what === 'stop' ? `Stotelės ${id} nėra` : `Reiso ${id} nėra`,
  retimeProblem: ({ tripId, problem, stops }) =>
    problem === 'outOfDay'
      ? `Reisas ${tripId}: poslinkis perkelia laiką ${stopNumbers(stops)} stotelėje už paros ribų (00:00–23:59)`
      : problem === 'backwards'
        ? `Reisas ${tripId}: nauji laikai ${stopNumbers(stops)} stotelėje eina atgal`
        : `Reisas ${tripId} neturi ${stopNumbers(stops)} stotelės`,
  badUsername: () => 'naudotojo vardas – nuo 1 iki 64 simbolių: raidės, skaitmenys ir . _ @ -',
  passwordEmpty: () => 'slaptažodis tuščias',
  passwordTooShort: ({ min }) =>
    `slaptažodis per trumpas (ne mažiau kaip ${min} ${pluralForm(min, 'simbolis', 'simboliai', 'simbolių')})`,
  unknownRole: ({ role, roles }) => `nežinomas vaidmuo ${JSON.stringify(role)} (galimi: ${roles.join(', ')})`,
  userExists: ({ username }) => `naudotojas ${username} jau yra`,
  noSuchUser: ({ username }) => `naudotojo ${username} nėra`,
  // Positions from a GTFS stops.txt.
  stopsTxtProblem: ({ line, problem }) =>
    `Stotelių failo nepavyko perskaityti: eilutė ${line}: ${stopsTxtProblemLt(problem)}`,
  stopsTxtTooLarge: ({ max }) =>
    `Stotelių failas per didelis šiam langui (ne daugiau kaip ${max / 1_000_000} mln. simbolių): importuokite jį komanda pnpm cli import-stop-positions --from-gtfs`,
  positionTwice: ({ stopId }) => `Stotelė ${stopId} nurodyta du kartus`,
  // Fares (issue 41).
  fareInvalid: ({ problem }) => FARE_PROBLEMS_LT[problem],
  fareRuleNotFound: ({ id }) => `Kainų taisyklės ${id} nėra`,
  concessionNotFound: ({ id }) => `Lengvatos ${id} nėra`,
  fareStopNotOnLine: ({ stopId, line }) =>
    `Stotelė ${stopId} nėra nė viename maršruto „${line}“ variante: kainai tarp stotelių poros reikia dviejų šio maršruto stotelių`,
  fareRuleExists: ({ line, validFrom, ruleId }) =>
    `Maršrutas „${line}“ jau turi kainas nuo ${validFrom} (kainų taisyklė ${ruleId}): keiskite ją arba pasirinkite kitą dieną`,
  stopUsedByFares: ({ stop, lines }) =>
    `Stotelės „${stop}“ ištrinti negalima: ji nurodyta kainose tarp stotelių porų maršrutuose ${lines.join(', ')}`,
  throughFareNotFound: ({ id }) => `Kelionės su persėdimu kainos ${id} nėra`,
  throughStopNotOnLine: ({ stop, line }) =>
    `Stotelės „${stop}“ nėra nė viename maršruto „${line}“ variante: kelionė su persėdimu prasideda ir baigiasi savo maršrutų stotelėse`,
  throughNoChange: ({ fromLine, toLine }) =>
    `Maršrutai „${fromLine}“ ir „${toLine}“ neturi nei bendros stotelės, nei persėdimo vietos: iš vieno į kitą persėsti negalima`,
  throughFareExists: ({ from, to, validFrom, id }) =>
    `Kelionė ${from} – ${to} jau turi kainą su persėdimu nuo ${validFrom} (kaina ${id}): keiskite ją arba pasirinkite kitą dieną`,
  stopUsedByThroughFares: ({ stop, lines }) =>
    `Stotelės „${stop}“ ištrinti negalima: ji nurodyta kelionių su persėdimu kainose maršrutuose ${lines.join(', ')}`,
};
