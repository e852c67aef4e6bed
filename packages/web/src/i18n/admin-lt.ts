import type { TimetableCheckReport } from '@bus/core';
import type { AdminMessages } from './admin.ts';
import { plural, pluralForm } from './plural-lt.ts';

/** The months as a sentence names them ('vasaris turi 29 dienas'). */
const MONTH_NAMES = [
  'sausis',
  'vasaris',
  'kovas',
  'balandis',
  'gegužė',
  'birželis',
  'liepa',
  'rugpjūtis',
  'rugsėjis',
  'spalis',
  'lapkritis',
  'gruodis',
];

/** The admin board's Lithuanian messages: the same keys and parameters as admin-en.ts. */
export const adminLt: AdminMessages = {
  login: {
    heading: 'Administratoriaus prisijungimas',
    username: 'Naudotojo vardas',
    password: 'Slaptažodis',
    submit: 'Prisijungti',
    submitting: 'Jungiamasi…',
    required: 'Šis laukas privalomas!',
    demoTitle: 'Demonstracinis prisijungimas',
    demoUsername: 'Naudotojo vardas:',
    demoPassword: 'Slaptažodis:',
    noToken: 'Serveris atsakė be prieigos rakto',
    sessionEnded: 'Jūsų sesija baigėsi, prisijunkite iš naujo',
  },
  admin: {
    menuLabel: 'Administravimo meniu',
    logOut: 'Atsijungti',
    home: 'Administravimas',
    welcome: 'Sveiki',
    intro: 'Pasirinkite, ką tvarkyti:',
    holidays: 'Švenčių dienos',
    lines: 'Maršrutai',
    routes: 'Maršruto variantai',
    busStops: 'Stotelės',
    yearlyRules: 'Metinės taisyklės',
    schedules: 'Tvarkaraščiai',
    history: 'Istorija',
    publishing: 'Atvirieji duomenys',
    changeRules: 'Persėdimai',
    newLine: 'Naujas maršrutas',
    lineDetail: (lineId: string) => `Maršrutas ${lineId}`,
    editLine: (lineId: string) => `Maršruto ${lineId} redagavimas`,
    editLineNamed: (name: string) => `Maršruto „${name}“ redagavimas`,
    scheduleEditor: (lineId: string) => `Maršruto ${lineId} tvarkaraščiai`,
    yearlyRule: (ruleId: string) => `Metinė taisyklė ${ruleId}`,
  },
  areas: {
    holidays: 'Dienos, kuriomis kursuoja tik švenčių dienoms pažymėti tvarkaraščiai.',
    lines: 'Maršrutų informacija, pastabos ir maršruto variantai.',
    routes: 'Maršruto variantai (kiekvieno maršruto stotelės) redaguojami maršruto redaktoriuje.',
    busStops: 'Pavadinimai, vietos, pastabos ir kurias stoteles paieška siūlo pirmiausia.',
    yearlyRules:
      'Pavadinti sezoniniai laikotarpiai ir mėnesio šablonai, pagal kuriuos kursuoja tvarkaraščiai.',
    schedules: 'Kiekvieno maršruto reisų savaitės dienos, metinė taisyklė ir laikai stotelėse.',
    history: 'Kas, ką ir kada pakeitė; ankstesnės versijos grąžinimas.',
    publishing:
      'Tvarkaraštis kaip atvirieji duomenys (GTFS) kelionių planavimo programoms: nustatymai ir parengtis.',
  },
  common: {
    yes: 'Taip',
    no: 'Ne',
    none: '-',
    save: 'Išsaugoti',
    saveAnyway: 'Vis tiek išsaugoti',
    cancel: 'Atšaukti',
    edit: 'Redaguoti',
    delete: 'Ištrinti',
    actions: 'Veiksmai',
    name: 'Pavadinimas',
    view: 'Peržiūrėti',
    saving: 'Išsaugoma…',
    dismiss: 'Uždaryti pranešimą',
    notifications: 'Pranešimai',
    confirmDelete: 'Taip, ištrinti',
  },
  validation: {
    inputFailed: 'Įvesti duomenys netinkami, patikrinkite, ar viskas įvesta teisingai',
    saved: 'Sėkmingai išsaugota duomenų bazėje',
    scheduleDeleted: 'Tvarkaraštis ištrintas.',
  },
  dates: {
    pick: (label: string, value: string) => `${label}: ${value}, pasirinkti datą`,
    notSet: 'nenurodyta',
    calendar: (label: string) => `Kalendorius: ${label}`,
    monthDay: 'MM-DD',
    dayButton: (day: string, selected: boolean) => (selected ? `${day}, pasirinkta` : day),
  },
  holidays: {
    colDate: 'Data (MM-DD)',
    add: 'Pridėti šventę',
    empty: 'Švenčių dienų dar nėra.',
    nameOf: (name: string) => (name ? `Šventės „${name}“ pavadinimas` : 'Naujos šventės pavadinimas'),
    dateOf: (name: string) => (name ? `Šventės „${name}“ data` : 'Naujos šventės data'),
    editOf: (name: string) => `Redaguoti šventę „${name}“`,
    deleteOf: (name: string) => `Ištrinti šventę „${name}“`,
    deleted: (name: string) => `Šventė „${name}“ ištrinta.`,
    confirmDelete: (name: string, date: string) => `Ištrinti šventę „${name}“ (${date})?`,
  },
  stops: {
    search: 'Ieškoti stotelių',
    searchPlaceholder: 'Įveskite pavadinimo dalį',
    coords: 'Koordinatės',
    defaultInSearch: 'Numatytoji paieškoje',
    searchNames: 'Kiti pavadinimai',
    searchNamesOf: (name: string) =>
      `${name ? `Stotelės „${name}“` : 'Naujos stotelės'} kiti paieškos pavadinimai, atskirti kabliataškiais`,
    searchNamesPlaceholder: 'pvz., Autobusų stotis; Bus station',
    usedIn: 'Naudojama maršrutuose',
    usedInCount: (n: number) => plural(n, 'maršrutas', 'maršrutai', 'maršrutų'),
    unused: 'Nenaudojama',
    add: 'Pridėti stotelę',
    nameOf: (name: string) => (name ? `Stotelės „${name}“ pavadinimas` : 'Naujos stotelės pavadinimas'),
    coordsOf: (name: string) => (name ? `Stotelės „${name}“ koordinatės` : 'Naujos stotelės koordinatės'),
    defaultOf: (name: string) => `Numatytoji paieškoje: ${name || 'nauja stotelė'}`,
    stepFree: 'Įlipimas su vežimėliu',
    stepFreeOf: (name: string) => `Įlipimas su vežimėliu: ${name || 'nauja stotelė'}`,
    stepFreeValue: { yes: 'Galima', no: 'Negalima', unknown: 'Nežinoma' },
    editOf: (name: string) => `Redaguoti stotelę „${name}“`,
    deleteOf: (name: string) => `Ištrinti stotelę „${name}“`,
    linesOf: (name: string) => `Maršrutai, kuriuose yra stotelė „${name}“`,
    inUse: 'Naudojama maršrutuose: ištrinti negalima',
    count: (shown: number, all: number) => `${shown} iš ${plural(all, 'stotelės', 'stotelių', 'stotelių')}`,
    noMatch: 'Pagal paiešką stotelių nerasta.',
    deleted: (name: string) => `Stotelė „${name}“ ištrinta.`,
    confirmDelete: (name: string) => `Ištrinti stotelę „${name}“?`,
    position: 'Vieta',
    positionOf: (name: string) => (name ? `Stotelės „${name}“ vieta` : 'Naujos stotelės vieta'),
    positionPlaceholder: 'pvz., 55.5248, 25.1043',
    positionHint:
      'Vieta – platuma ir ilguma, pvz., 55.5248, 25.1043. Įklijuokite iš bet kurio žemėlapio nukopijuotą porą: „Google Maps“ dešiniuoju pelės klavišu spustelėkite stotelę, tada spustelėkite skaičius – jie bus nukopijuoti.',
    noPosition: 'Vieta nenurodyta',
    onMap: 'Žemėlapis',
    onMapOf: (name: string) => `Žemėlapis: stotelė „${name}“ („OpenStreetMap“, atsidaro naujame skirtuke)`,
    withoutPosition: (n: number) =>
      `${plural(n, 'stotelė', 'stotelės', 'stotelių')} neturi nurodytos vietos.`,
    allPositioned: 'Visų stotelių vieta nurodyta.',
    onlyWithoutPosition: 'Tik stotelės be nurodytos vietos',
    oneStop: (name: string) => `Rodoma viena stotelė: „${name}“.`,
    showAll: 'Rodyti visas stoteles',
  },
  // Stotelių vietos iš GTFS failo stops.txt stotelių lange (29 užduotis).
  positionImport: {
    mapLabel: 'Siūlomos vietos žemėlapyje',
    open: 'Importuoti vietas iš GTFS',
    heading: 'Stotelių vietos iš GTFS failo stops.txt',
    intro:
      'Pasirinkite kito GTFS rinkinio (pavyzdžiui, nacionalinio ar kaimyninio rajono) failą stops.txt. Jo stotelės sugretinamos su mūsiškėmis pagal pavadinimą, o kai kelios vadinasi vienodai, – pagal šalia jų mūsų maršrutuose esančias stoteles. Peržiūrėkite pasiūlymus ir juos išsaugokite: iki tol niekas nepakeičiama.',
    file: 'GTFS failas stops.txt',
    reading: 'Skaitomas failas…',
    close: 'Uždaryti',
    read: (stops: number, skipped: number) =>
      `Perskaityta faile stotelių: ${stops}; praleista: ${skipped} (įėjimai, toli esančios vietos).`,
    matched: (n: number) => `Rastos (${n})`,
    ambiguous: (n: number) => `Keletas vietų tuo pačiu pavadinimu (${n})`,
    unmatched: (n: number) => `Faile nėra (${n})`,
    colSave: 'Išsaugoti',
    colStop: 'Stotelė',
    colProposed: 'Siūloma vieta',
    colInFile: 'Faile',
    colNow: 'Dabartinė vieta',
    saveOf: (name: string, id: number) => `Išsaugoti stotelės „${name}“ (${id}) vietą`,
    byNeighbours: 'parinkta pagal gretimas maršrutų stoteles',
    awayFromNow: (distance: string) => `${distance} nuo siūlomos`,
    chooseOf: (name: string, id: number) => `Stotelės „${name}“ (${id}) vieta`,
    dontSave: 'Neišsaugoti',
    nearNeighbours: (distance: string) => `${distance} nuo gretimų stotelių`,
    noNeighbours: 'gretimų stotelių vietos nežinomos',
    noneMatched: 'Nė vienos mūsų stotelės pavadinimo faile nėra.',
    save: (n: number) => `Išsaugoti ${plural(n, 'vietą', 'vietas', 'vietų')}`,
    saving: 'Saugoma…',
    saved: (n: number) =>
      `Išsaugota stotelių vietų: ${n}. Istorijoje jas visas galima grąžinti vienu veiksmu.`,
    restoreSave: (n: number) => `Grąžinti visas šio išsaugojimo stotelių vietas (${n}) į ankstesnes`,
    restoreSaveLabel: (n: number, id: number) =>
      `Grąžinti visas šio išsaugojimo stotelių vietas (${n}) į ankstesnes (pakeitimas ${id})`,
    confirmRestoreSave: (n: number) =>
      `Grąžinti visas šio išsaugojimo stoteles (${n}) į būseną, buvusią prieš jį?`,
    restoredSave: (n: number) =>
      `Grąžinta: visos išsaugojimo stotelės (${n}) vėl tokios, kokios buvo prieš jį.`,
  },
  lines: {
    colName: 'Pavadinimas',
    colFrom: 'Iš',
    colTo: 'Į',
    colActions: 'Veiksmai',
    add: 'Pridėti maršrutą',
    empty: 'Maršrutų dar nėra.',
    viewOf: (name: string) => `Peržiūrėti maršrutą „${name}“`,
    editOf: (name: string) => `Redaguoti maršrutą „${name}“`,
    schedulesOf: (name: string) => `Maršruto „${name}“ tvarkaraščiai`,
    chooseLine: 'Pasirinkite maršrutą, kurio tvarkaraščius norite redaguoti.',
    search: 'Ieškoti maršrutų',
    searchPlaceholder: 'Maršruto pavadinimas, pradžia arba pabaiga',
    shown: (shown: number, all: number) => `Rodoma ${shown} iš ${all}`,
    noMatch: 'Tokio maršruto nėra.',
  },
  values: {
    routeType: {
      'City Bus': 'Miesto autobusas',
      'Regional Bus': 'Priemiestinis autobusas',
      'Nationial Bus': 'Tarpmiestinis autobusas',
    },
    boundFor: { 'Out bound': 'Iš Anykščių', 'City bound': 'Į Anykščius', 'One way': 'Į vieną pusę' },
  },
  lineFields: {
    name: 'Pavadinimas',
    routeStart: 'Iš',
    routeEnd: 'Į',
    operator: 'Vežėjas',
    anykStationPlatform: 'Anykščių AS aikštelė',
    price: 'Kaina',
    routeType: 'Maršruto tipas',
    enabledSeasonalYearlyRuleFilter: 'Metinės taisyklės filtras',
  },
  lineDetail: {
    info: 'Maršruto informacija',
    notes: 'Pastabos',
    noNotes: 'Pastabų nėra.',
    variations: 'Maršruto variantai',
    noVariations: 'Šis maršrutas dar neturi variantų.',
    showDistance: 'Rodyti atstumus',
    colNumber: 'Nr.',
    colStop: 'Stotelė',
    colDistance: 'Iki kitos stotelės (m)',
    mainRoute: 'pagrindinis variantas',
    goToSchedules: 'Eiti į tvarkaraščius',
    edit: 'Redaguoti',
    deleteLine: (lineName: string) => `Ištrinti ${lineName}`,
    confirmDelete: (lineName: string, schedules: number) =>
      schedules === 0
        ? `Ištrinti maršrutą „${lineName}“? Jis neturi tvarkaraščių.`
        : `Ištrinti maršrutą „${lineName}“ ir jo ${
            schedules === 1
              ? 'tvarkaraštį'
              : plural(schedules, 'tvarkaraštį', 'tvarkaraščius', 'tvarkaraščių')
          }?`,
    deleted: (lineName: string) => `Maršrutas „${lineName}“ ištrintas.`,
    stopsCaption: (notes: string) => `Varianto „${notes}“ stotelės`,
    moved: 'Išsaugota. Šių tvarkaraščių laikai liko prie savo stotelių; nurodykite laikus naujoms stotelėms:',
    movedSchedule: (id: number) => `Tvarkaraštis ${id}`,
    ends: (from: string, to: string) => `${from} – ${to}`,
    stopCount: (n: number) => plural(n, 'stotelė', 'stotelės', 'stotelių'),
  },
  lineEditor: {
    timesFollowStops:
      'Keičiami variantai, kuriuos naudoja tvarkaraščiai: kiekvieno reiso laikai lieka prie savo stotelių. Nauja stotelė neturės laiko, kol jo nenurodysite tvarkaraščių redaktoriuje.',
    routeChange: (n: number, schedules: number[], newStops: string[]) =>
      `Maršruto variantas ${n}: ${schedules.length === 1 ? 'tvarkaraštis' : 'tvarkaraščiai'} ${schedules.join(', ')}` +
      (newStops.length === 0 ? '.' : `; dar be laiko: ${newStops.join(', ')}.`),
    info: 'Maršruto informacija',
    chooseType: 'Pasirinkite maršruto tipą',
    notes: 'Pastabos',
    noteKeyOf: (n: number) => `Pastabos ${n} pavadinimas`,
    noteValueOf: (n: number) => `Pastabos ${n} reikšmė`,
    addNote: 'Pridėti pastabą',
    removeNote: (n: number) => `Pašalinti pastabą ${n}`,
    variations: 'Maršruto variantai',
    variation: (n: number) => `Maršruto variantas ${n}`,
    routeNotes: 'Varianto pastabos',
    addRoute: 'Pridėti maršruto variantą',
    duplicate: 'Kopijuoti',
    duplicateOf: (n: number) => `Kopijuoti maršruto variantą ${n}`,
    deleteRoute: (n: number) => `Ištrinti maršruto variantą ${n}`,
    copySuffix: ' - kopija',
    usedBy: (n: number) => `Naudoja ${plural(n, 'tvarkaraštis', 'tvarkaraščiai', 'tvarkaraščių')}`,
    usedByHint: 'Tvarkaraščių naudojamo varianto ištrinti negalima.',
    scheduleLink: (id: number) => `Tvarkaraštis ${id}`,
    stopCount: 'Stotelių skaičius',
    stopCountHint: (chosen: number) =>
      chosen === 0 ? 'Ne mažiau kaip 1.' : `Ne mažiau kaip ${chosen}: tiek stotelių jau pasirinkta.`,
    stops: 'Stotelės',
    stopOf: (n: number, route: number) => `Maršruto varianto ${route} stotelė ${n}`,
    distance: 'Atstumas iki kitos (m)',
    distanceOf: (n: number, route: number) =>
      `Maršruto varianto ${route} atstumas nuo stotelės ${n} iki stotelės ${n + 1}, metrais`,
    insertAfter: (n: number, route: number) => `Įterpti stotelę po maršruto varianto ${route} stotelės ${n}`,
    removeStop: (n: number, route: number) => `Pašalinti maršruto varianto ${route} stotelę ${n}`,
    noRoutes: 'Maršruto variantų dar nėra. Pridėkite variantą su jo stotelėmis.',
  },
  history: {
    filters: 'Pakeitimų filtrai',
    kind: 'Kas keista',
    allKinds: 'Viskas',
    kinds: {
      line: 'Maršrutai',
      schedule: 'Tvarkaraščiai',
      rules: 'Metinės taisyklės',
      holiday: 'Švenčių dienos',
      stop: 'Stotelės',
      service_change: 'Eismo pakeitimai', // issue 27
      change_rules: 'Persėdimai',
      fare_rule: 'Kainos', // issue 41
      concession: 'Lengvatos',
    },
    line: 'Maršrutas',
    allLines: 'Visi maršrutai',
    person: 'Naudotojas',
    everyone: 'Visi',
    empty: 'Pakeitimų dar neužregistruota.',
    noMatch: 'Pagal filtrus pakeitimų nerasta.',
    older: 'Rodyti senesnius pakeitimus',
    loadingOlder: 'Įkeliami senesni pakeitimai…',
    action: (action: 'create' | 'update' | 'delete', summary: string, restored: boolean) =>
      restored
        ? `Atkurta: ${summary}`
        : action === 'create'
          ? `Sukurta: ${summary}`
          : action === 'delete'
            ? `Ištrinta: ${summary}`
            : `Pakeista: ${summary}`,
    by: (username: string, rest: boolean) => (rest ? `${username} (per senąją REST sąsają)` : username),
    colField: 'Laukas',
    colBefore: 'Prieš',
    colAfter: 'Po',
    whole: '(visas įrašas)',
    missing: '—',
    showAll: (n: number) => `Rodyti visus pakeitimus (${n})`,
    restore: 'Grąžinti versiją, buvusią prieš šį pakeitimą',
    restoreLabel: (summary: string, id: number) =>
      `Grąžinti versiją, buvusią prieš šį pakeitimą (${summary}, pakeitimas ${id})`,
    confirmRestore: (summary: string) => `Grąžinti būseną, buvusią prieš šį pakeitimą (${summary})?`,
    yesRestore: 'Taip, grąžinti',
    restored: (summary: string) => `Grąžinta: ${summary}.`,
    changeNo: (id: number) => `Pakeitimas ${id}`,
    restoresChange: (id: number) => `grąžina versiją, buvusią prieš pakeitimą ${id}`,
    linesFailed: (reason: string) => `Nepavyko įkelti maršrutų filtrui: ${reason}`,
    subject: {
      line: (name: string) => `Maršrutas „${name}“`,
      schedule: (id: string, line: string) => `Tvarkaraštis ${id} (maršrutas „${line}“)`,
      rules: 'Metinės taisyklės',
      holiday: (name: string) => `Šventė „${name}“`,
      stop: (name: string) => `Stotelė „${name}“`,
      // issue 27
      serviceChange: (id: string, title: string) => `Eismo pakeitimas ${id} „${title}“`,
    },
  },
  publishing: {
    heading: 'Atvirieji duomenys (GTFS)',
    intro:
      'Tvarkaraštis skelbiamas kaip atvirieji duomenys GTFS formatu, kurį naudoja kelionių planavimo programos, pvz., „Google Maps“. Užpildykite nustatymus ir ištaisykite tai, ką rodo duomenų rinkinio būklė: tada rinkinys bus paskelbtas iš karto ir atsinaujins kartu su tvarkaraščiu.',
    settings: 'Nustatymai',
    siteUrl: 'Svetainės adresas',
    siteUrlHint:
      'Viešas šio tvarkaraščio adresas. Duomenų rinkinys skelbiamas šiuo adresu, gale pridėjus /gtfs.zip.',
    siteUrlPlaceholder: 'pvz., https://autobusai.anyksciai.lt',
    publisherName: 'Skelbėjo pavadinimas',
    publisherNameHint: 'Kas skelbia duomenis, dažniausiai savivaldybė.',
    publisherNamePlaceholder: 'pvz., Anykščių rajono savivaldybė',
    publisherContact: 'Skelbėjo kontaktas',
    publisherContactHint:
      'El. pašto adresas arba tinklalapis, kuriuo kelionių planavimo programų kūrėjai ir keleiviai gali pranešti apie klaidas.',
    publisherContactPlaceholder: 'pvz., info@anyksciai.lt',
    windowDays: 'Duomenų laikotarpis, dienomis',
    windowDaysHint: (min: number, max: number, usual: number) =>
      `Kiek dienų nuo šiandien apima duomenų rinkinys: nuo ${min} iki ${max}, įprastai ${usual}.`,
    operators: 'Vežėjai',
    operatorsHint:
      'Visi maršrutuose nurodyti vežėjai. Kelionių planavimo programoms reikia kiekvieno vežėjo interneto adreso, telefonas – nebūtinas.',
    noOperators: 'Nė viename maršrute dar nenurodytas vežėjas.',
    operatorLines: (n: number) => plural(n, 'maršrutas', 'maršrutai', 'maršrutų'),
    operatorLinesOf: (name: string, n: number) =>
      `Vežėjo „${name}“ maršrutai: ${plural(n, 'maršrutas', 'maršrutai', 'maršrutų')}`,
    operatorUrl: 'Interneto adresas',
    operatorUrlPlaceholder: 'pvz., https://www.vezejas.lt',
    operatorPhone: 'Telefonas',
    operatorPhonePlaceholder: 'pvz., +370 381 12345',
    save: 'Išsaugoti nustatymus',
    status: 'Duomenų rinkinio būklė',
    statusHint: 'Tikrinama pagal išsaugotus nustatymus ir dabartinį tvarkaraštį.',
    ready: 'Paruošta skelbti: kelionių planavimo programos gali atsisiųsti duomenų rinkinį.',
    notReady:
      'Dar neparuošta skelbti. Ištaisykite tai, kas išvardyta žemiau: kai nieko neliks, duomenų rinkinys bus paskelbtas iš karto.',
    toFix: 'Ką reikia ištaisyti',
    settingMissing: {
      siteUrl: 'Nenurodytas svetainės adresas.',
      publisherName: 'Nenurodytas skelbėjo pavadinimas.',
      publisherContact: 'Nenurodytas skelbėjo kontaktas.',
    },
    fillIn: 'Užpildyti',
    fillInLabel: (field: string) => `Užpildyti: ${field}`,
    operatorNoUrl: (operator: string) => `Nenurodytas vežėjo „${operator}“ interneto adresas.`,
    linesWithoutOperator: (n: number) =>
      `Nenurodytas vežėjas (${plural(n, 'maršrutas', 'maršrutai', 'maršrutų')}):`,
    editLine: (name: string) => `Redaguoti maršrutą „${name}“`,
    stopsWithoutPosition: (n: number) =>
      `${plural(n, 'tvarkaraščio stotelė', 'tvarkaraščio stotelės', 'tvarkaraščio stotelių')} neturi nurodytos vietos:`,
    stopOf: (name: string) => `Nurodyti stotelės „${name}“ vietą`,
    andMore: (n: number) => `ir dar ${n}`,
    showStopsWithoutPosition: 'Rodyti stoteles be nurodytos vietos',
    timesBackwards: (n: number) => `Laikas grįžta atgal (${plural(n, 'reisas', 'reisai', 'reisų')}):`,
    timesBackwardsTrip: (line: string, schedule: number, trip: number) =>
      `Maršrutas „${line}“, tvarkaraštis ${schedule}, reisas ${trip}`,
    timesBackwardsAt: (stop: string, from: string, to: string) =>
      `: stotelėje „${stop}“ nuo ${from} iki ${to}`,
    directionMismatch: (n: number) =>
      `Kryptis neatitinka stotelių eilės (${plural(n, 'reisas', 'reisai', 'reisų')}):`,
    directionMismatchAt: (boundFor: string, first: string, last: string) =>
      `: kryptis „${boundFor}“, bet reisas prasideda stotelėje „${first}“ ir baigiasi stotelėje „${last}“`,
    noService: 'Duomenų laikotarpiu nekursuoja nė vienas tvarkaraštis: rinkinyje nebūtų reisų.',
    toSchedules: 'Į tvarkaraščius',
    notices: 'Tikrinant duomenų rinkinį rasta klaidų (techniniai pranešimai anglų kalba):',
    warnings: (n: number) =>
      `${plural(n, 'įspėjimas', 'įspėjimai', 'įspėjimų')}: su jais duomenų rinkinį skelbti galima (pranešimai anglų kalba).`,
    summary: 'Ką apima duomenų rinkinys',
    period: 'Laikotarpis',
    periodValue: (start: string, end: string) => `nuo ${start} iki ${end}`,
    lines: 'Maršrutai',
    stops: 'Stotelės',
    trips: 'Reisai',
    operatorCount: 'Vežėjai',
    download: 'Atsisiųsti gtfs.zip',
    downloadHint: 'Atsisiųsti bus galima, kai nieko neliks taisyti.',
    address: 'Viešas duomenų rinkinio adresas',
    addressHint:
      'Šį adresą nurodykite kelionių planavimo programoms („Google Maps“, „Trafi“ ir kt.): juo visada pateikiamas dabartinis tvarkaraštis.',
    addressMissing: 'Įrašykite svetainės adresą – tada čia matysite viešą duomenų rinkinio adresą.',
  },
  safety: {
    leave: 'Turite neišsaugotų pakeitimų. Išeiti iš šio puslapio ir jų netekti?',
    reload: 'Įkelti dabartinę versiją',
    reloadHint: 'Jūsų neišsaugoti pakeitimai bus pakeisti šiuo metu išsaugota versija.',
    restored: (time: string) =>
      `Jūsų neišsaugoti pakeitimai (paskutinį kartą redaguota ${time}) grąžinti. Išsaugokite juos arba atmeskite, kad matytumėte išsaugotą versiją.`,
    discard: 'Atmesti mano pakeitimus',
  },
  stopPicker: {
    placeholder: 'Ieškoti stotelės',
    create: (name: string) => `Sukurti stotelę „${name}“`,
    newStop: (name: string) => `${name} (nauja stotelė)`,
    none: 'Stotelių nerasta',
    noneCreate: (name: string) =>
      `Stotelių nerasta. Norėdami pridėti, pasirinkite: Sukurti stotelę „${name}“.`,
    clear: (label: string) => `Išvalyti lauką „${label}“`,
    found: (n: number) =>
      `${pluralForm(n, 'Rasta', 'Rastos', 'Rasta')} ${plural(n, 'stotelė', 'stotelės', 'stotelių')}`,
    more: (n: number) =>
      `Dar ${plural(n, 'stotelė', 'stotelės', 'stotelių')}: įveskite daugiau, kad susiaurintumėte paiešką`,
  },
  schedules: {
    heading: (lineTitle: string) => `Tvarkaraščiai: ${lineTitle}`,
    toLine: 'Maršruto informacija',
    confirmDelete: (id: number) => `Ištrinti tvarkaraštį ${id} su jo reisais?`,
    noRoutesYet:
      'Šis maršrutas dar neturi variantų. Pirmiausia sukurkite naują maršruto variantą su stotelėmis.',
    editRoutes: 'Redaguoti maršrutą',
    schedule: (id: number) => `Tvarkaraštis ${id}`,
    newSchedule: 'Naujas tvarkaraštis',
    noSchedules: 'Šis maršrutas dar neturi tvarkaraščių.',
    add: 'Pridėti tvarkaraštį',
    saveSchedule: 'Išsaugoti tvarkaraštį',
    routeSwitched: (kept: number, empty: number, dropped: number) =>
      `Maršruto variantas pakeistas: ${
        kept === 1
          ? 'abiem variantams bendra stotelė'
          : `${kept} abiem variantams ${pluralForm(kept, 'bendra stotelė', 'bendros stotelės', 'bendrų stotelių')}`
      } išlaikė savo laikus` +
      (empty > 0
        ? `; ${plural(empty, 'stotelė', 'stotelės', 'stotelių')} dar neturi laiko, įrašykite ${empty === 1 ? 'jį' : 'laikus'}`
        : '') +
      (dropped > 0
        ? `; ${pluralForm(dropped, 'pašalintas', 'pašalinti', 'pašalinta')} ${plural(dropped, 'laikas', 'laikai', 'laikų')} stotelėse, kurių šiame variante nėra`
        : '') +
      '.',
    warningsTitle: 'Prieš išsaugodami patikrinkite:',
    warningBackwards: (trip: number, stop: string, from: string, to: string, count: number) =>
      `Reisas ${trip}: stotelėje „${stop}“ laikas grįžta atgal nuo ${from} iki ${to}` +
      (count > 1 ? ` (dar ${plural(count - 1, 'tokia vieta', 'tokios vietos', 'tokių vietų')})` : '') +
      '.',
    warningDirection: (trip: number, boundFor: string, stop: string) =>
      boundFor === 'Out bound'
        ? `Reiso ${trip} kryptis „Iš Anykščių“, bet jis baigiasi stotelėje „${stop}“.`
        : `Reiso ${trip} kryptis „Į Anykščius“, bet jis prasideda stotelėje „${stop}“.`,
    keepEditing: 'Tęsti redagavimą',
    deleteSchedule: 'Ištrinti tvarkaraštį',
    removeSchedule: 'Pašalinti naują tvarkaraštį',
    weekdays: 'Kursavimo dienos',
    weekdayNames: {
      MONDAY: 'pirmadienis',
      TUESDAY: 'antradienis',
      WEDNESDAY: 'trečiadienis',
      THURSDAY: 'ketvirtadienis',
      FRIDAY: 'penktadienis',
      SATURDAY: 'šeštadienis',
      SUNDAY: 'sekmadienis',
    },
    weekdayShort: {
      MONDAY: 'Pr',
      TUESDAY: 'An',
      WEDNESDAY: 'Tr',
      THURSDAY: 'Kt',
      FRIDAY: 'Pn',
      SATURDAY: 'Št',
      SUNDAY: 'Sk',
    },
    yearlyRule: 'Metinė taisyklė',
    chooseRule: 'Pasirinkite metinę taisyklę',
    publicHolidays: 'Kursuoja švenčių dienomis',
    stepFree: 'Žemagrindis autobusas su pandusu',
    stepFreeValue: { yes: 'Taip', no: 'Ne', unknown: 'Nežinoma' },
    constraints: 'Galiojimo aprašymas',
    trip: (n: number) => `Reisas ${n}`,
    direction: 'Kryptis',
    route: 'Maršruto variantas',
    chooseRoute: 'Pasirinkite maršruto variantą',
    routeOption: (notes: string, stops: number) =>
      `${notes} (${plural(stops, 'stotelė', 'stotelės', 'stotelių')})`,
    reversed: 'Atvirkščiai (nuo paskutinės stotelės)',
    addTrip: 'Pridėti reisą',
    removeTrip: (n: number) => `Pašalinti reisą ${n}`,
    colStop: 'Stotelė',
    colTime: 'Laikas (HH:MM)',
    timeAt: (stop: string, n: number, trip: number) =>
      `Reiso ${trip} laikas stotelėje „${stop}“ (stotelė ${n})`,
    timePlaceholder: 'HH:MM',
    chooseRouteFirst: 'Pasirinkite maršruto variantą, kad galėtumėte įvesti laikus.',
    firstTimes: (times: string) => times || 'laikų dar nėra',
    summaryRule: (rule: string) => `taisyklė: ${rule}`,
    wholeYear: '-', // 'Apskritus metus' is shown as a dash
    unsavedHint: 'Dar neišsaugota',
  },
  rules: {
    add: 'Pridėti metinę taisyklę',
    saveAll: 'Išsaugoti viską',
    rule: (n: number) => `Metinė taisyklė ${n}`,
    periodName: 'Pavadinimas',
    usedBy: (n: number) => `Naudoja ${plural(n, 'tvarkaraštis', 'tvarkaraščiai', 'tvarkaraščių')}`,
    unused: 'Nenaudojama',
    deleteRule: (name: string) => (name ? `Ištrinti taisyklę „${name}“` : 'Ištrinti naują taisyklę'),
    inUse: 'Naudojama tvarkaraščiuose: ištrinti negalima',
    periods: 'Laikotarpiai',
    noPeriods: 'Savų laikotarpių nėra.',
    start: 'Pradžia',
    end: 'Pabaiga',
    startOf: (n: number) => `Laikotarpio ${n} pradžia`,
    endOf: (n: number) => `Laikotarpio ${n} pabaiga`,
    addPeriod: 'Pridėti laikotarpį',
    removePeriod: (n: number) => `Pašalinti laikotarpį ${n}`,
    patterns: 'Mėnesio šablonas',
    noPatterns: 'Šablono nėra: tinka kiekviena atitinkanti diena.',
    nth: 'Kelintas',
    ofPatternItem: (n: number) => ` šablono eilutėje ${n}`, // completes the labels for screen readers
    chooseNth: 'Pasirinkite',
    weekday: 'Savaitės diena',
    chooseWeekday: 'Pasirinkite savaitės dieną',
    nthOptions: ['pirmas', 'antras', 'trečias', 'ketvirtas', 'penktas'],
    addPattern: 'Pridėti šablono eilutę',
    removePattern: (n: number) => `Pašalinti šablono eilutę ${n}`,
    otherRule: 'Naudoti taisyklės laikotarpius',
    otherRuleNone: 'Nenaudoti kitos taisyklės',
    empty: 'Metinių taisyklių dar nėra.',
    usingHeading: 'Šią taisyklę naudojantys maršrutai ir tvarkaraščiai',
    noUsage: 'Pagal šią taisyklę nekursuoja nė vienas tvarkaraštis.',
    schedulesCount: (n: number) => plural(n, 'tvarkaraštis', 'tvarkaraščiai', 'tvarkaraščių'),
    scheduleSummary: (id: number, days: string, trips: string) => `Tvarkaraštis ${id}: ${days} · ${trips}`,
    backToRules: 'Visos metinės taisyklės',
  },
  // Staff speed (issue 12): bulk schedule changes, the typed holiday date.
  bulk: {
    panelTitle: 'Keisti kelis tvarkaraščius iš karto',
    selectAll: 'Pažymėti visus',
    clear: 'Atžymėti visus',
    selected: (n: number) => `Pažymėta: ${n}`,
    selectOf: (id: number) => `Pažymėti tvarkaraštį ${id}`,
    selectLine: (name: string) => `Pažymėti visus maršruto „${name}“ tvarkaraščius`,
    scheduleLabel: (id: number, time: string, days: string, rule: string) =>
      `Tvarkaraštis ${id}: ${time} · ${days} · ${rule}`,
    moveTo: 'Perkelti į metinę taisyklę',
    move: 'Perkelti pažymėtus',
    weekdaysLegend: 'Pažymėtų tvarkaraščių savaitės dienos',
    setWeekdays: 'Nustatyti savaitės dienas',
    noneSelected: 'Pirmiausia pažymėkite tvarkaraščius, kuriuos norite keisti.',
    noRule: 'Pasirinkite metinę taisyklę, į kurią juos perkelti.',
    noWeekday: 'Pasirinkite bent vieną savaitės dieną.',
    moved: (n: number, rule: string) =>
      `${plural(n, 'tvarkaraštis perkeltas', 'tvarkaraščiai perkelti', 'tvarkaraščių perkelta')} į taisyklę „${rule}“.`,
    weekdaysSet: (n: number) =>
      `Savaitės dienos nustatytos ${plural(n, 'tvarkaraščiui', 'tvarkaraščiams', 'tvarkaraščių')}.`,
    typedDate: (label: string) => `${label}, įvesta formatu MM-DD`,
    dateFormat: 'Įveskite datą formatu MM-DD, pavyzdžiui, 02-16.',
    noSuchMonth: (text: string) => `„${text}“ nėra data: mėnuo turi būti nuo 01 iki 12.`,
    noSuchDay: (text: string, month: string, days: number) =>
      `„${text}“ nėra data: ${MONTH_NAMES[Number(month) - 1] ?? `${month} mėnuo`} turi ${plural(days, 'dieną', 'dienas', 'dienų')}.`,
    // Istorija: kelių tvarkaraščių išsaugojimas (perkėlimas, lentelė) grąžinamas vienu veiksmu.
    restoreSave: (n: number) => `Grąžinti visus šio išsaugojimo tvarkaraščius (${n}) į ankstesnę versiją`,
    restoreSaveLabel: (n: number, id: number) =>
      `Grąžinti visus šio išsaugojimo tvarkaraščius (${n}) į ankstesnę versiją (pakeitimas ${id})`,
    confirmRestoreSave: (n: number) =>
      `Grąžinti visus šio išsaugojimo tvarkaraščius (${n}) į būseną, buvusią prieš jį?`,
    restoredSave: (n: number) =>
      `Grąžinta: visi išsaugojimo tvarkaraščiai (${n}) vėl tokie, kokie buvo prieš jį.`,
  },
  // Tvarkaraščių lentelė su kopijavimu ir perstūmimu (12 užduotis, darbuotojų greitis).
  grid: {
    heading: (lineTitle: string) => `Tvarkaraščių lentelė: ${lineTitle}`,
    open: 'Tvarkaraščių lentelė',
    openHint: 'visi reisai vienoje lentelėje kiekvienai krypčiai, su kopijavimu ir perstūmimu',
    toEditor: 'Tvarkaraščių redaktorius',
    intro:
      'Kiekvienai krypčiai – viena lentelė: stotelės eilutėse, reisai stulpeliuose. Įrašytas laikas (6:15, 615, 0615 arba 6.15) pakeičia langelio turinį; tarp langelių judama rodyklėmis, Tab ir Enter; Esc grąžina išsaugotą laiką; iš skaičiuoklės nukopijuotą bloką galima įklijuoti į bet kurį langelį. Enter leidžiasi reisu žemyn ir pereina į kitą reisą; Ctrl+End nukelia į paskutinį langelį, iš kurio Tab išveda iš lentelės.',
    direction: (boundFor: string, route: string, stops: number) =>
      `${boundFor} · ${route} (${plural(stops, 'stotelė', 'stotelės', 'stotelių')})`,
    reversedRoute: (route: string) => `${route}, atbuline tvarka`,
    colStop: 'Stotelė',
    newSchedule: (n: number) => `Naujas tvarkaraštis ${n}`,
    select: (schedule: string) => `Pažymėti: ${schedule}`,
    holidaysYes: 'ir per šventes',
    holidaysNo: 'ne per šventes',
    noRule: 'be taisyklės',
    noDays: 'be savaitės dienų',
    cellLabel: (stop: string, n: number, schedule: string, boundFor: string) =>
      `${stop} (stotelė nr. ${n}), ${schedule}, ${boundFor}`,
    unplaced: (n: number) =>
      `${plural(n, 'reisas', 'reisai', 'reisų')} dar be maršruto varianto: ${n === 1 ? 'jis redaguojamas' : 'jie redaguojami'} tvarkaraščių redaktoriuje.`,
    notATime: (text: string, where: string) =>
      `${where}: „${text}“ nėra laikas. Įrašykite, pvz., 6:15, 06:15, 615, 0615 arba 6.15; Esc grąžina išsaugotą laiką.`,
    pasteTooBig: (rows: number, cols: number, roomRows: number, roomCols: number) =>
      `Nieko neįklijuota: bloke yra ${plural(rows, 'eilutė', 'eilutės', 'eilučių')} ir ${plural(cols, 'stulpelis', 'stulpeliai', 'stulpelių')}, o nuo šio langelio telpa ${plural(roomRows, 'eilutė', 'eilutės', 'eilučių')} ir ${plural(roomCols, 'stulpelis', 'stulpeliai', 'stulpelių')}.`,
    pasteInvalid: (text: string, row: number, col: number) =>
      `Nieko neįklijuota: „${text}“ (bloko ${row} eilutė, ${col} stulpelis) nėra laikas.`,
    pasted: (n: number) => `Įklijuota: ${plural(n, 'laikas', 'laikai', 'laikų')}.`,
    toolsHeading: 'Kopijavimas ir perstūmimas',
    toolsIntro:
      'Pažymėkite reisus, su kuriais dirbsite. Reisas priklauso tvarkaraščiui, todėl pažymėjus reisą pažymimas visas jo tvarkaraštis: kopijuojant ir perstumiant abu pirmyn ir atgal važiuojančios poros reisai keičiasi kartu, o kopija išlaiko originalo savaitės dienas, metinę taisyklę ir šventes.',
    selectedNone: 'Dar nepažymėtas nė vienas reisas: pažymėkite langelį virš reiso.',
    selected: (names: string) => `Pažymėta: ${names}`,
    offset: 'Poslinkis (HH:MM)',
    copies: 'Kopijų skaičius',
    duplicate: 'Dubliuoti',
    copyLater: (offset: string) => `Kopijuoti ${offset} vėliau`,
    makeCopies: (n: number, offset: string) =>
      `Sukurti ${plural(n, 'kopiją', 'kopijas', 'kopijų')} kas ${offset}`,
    shiftLater: (offset: string) => `Perstumti ${offset} vėliau`,
    shiftEarlier: (offset: string) => `Perstumti ${offset} anksčiau`,
    removeNew: 'Pašalinti naujus tvarkaraščius',
    clearSelection: 'Atžymėti visus',
    copied: (n: number) =>
      `${pluralForm(n, 'Pridėtas', 'Pridėti', 'Pridėta')} ${plural(n, 'naujas tvarkaraštis', 'nauji tvarkaraščiai', 'naujų tvarkaraščių')}: išsaugokite, kad liktų.`,
    shifted: (n: number, offset: string, later: boolean) =>
      `${pluralForm(n, 'Perstumtas', 'Perstumti', 'Perstumta')} ${plural(n, 'tvarkaraštis', 'tvarkaraščiai', 'tvarkaraščių')} ${offset} ${later ? 'vėliau' : 'anksčiau'}: išsaugokite, kad liktų.`,
    outOfDay: (schedule: string, time: string) =>
      `Nieko nepakeista: ${time} (${schedule}) peržengtų vidurnaktį. Laikai turi būti nuo 00:00 iki 23:59.`,
    copiesRange: (max: number) => `Kopijų skaičius – sveikasis skaičius nuo 1 iki ${max}.`,
    removeOnlyNew:
      'Čia galima pašalinti tik naujus, dar neišsaugotus tvarkaraščius; išsaugotus ištrinkite tvarkaraščių redaktoriuje.',
    removed: (n: number) =>
      `${pluralForm(n, 'Pašalintas', 'Pašalinti', 'Pašalinta')} ${plural(n, 'naujas tvarkaraštis', 'nauji tvarkaraščiai', 'naujų tvarkaraščių')}.`,
    unsaved: (n: number) =>
      `${pluralForm(n, 'Pakeistas', 'Pakeisti', 'Pakeista')} ${plural(n, 'tvarkaraštis', 'tvarkaraščiai', 'tvarkaraščių')}, dar ${pluralForm(n, 'neišsaugotas', 'neišsaugoti', 'neišsaugota')}.`,
    nothingToSave: 'Nėra ką išsaugoti.',
    save: (n: number) => `Išsaugoti ${plural(n, 'tvarkaraštį', 'tvarkaraščius', 'tvarkaraščių')}`,
    fixCellsFirst:
      'Kai kuriuose langeliuose įrašytas ne laikas (pažymėta raudonai): pataisykite juos arba juose paspauskite Esc.',
    failedSchedule: (schedule: string) => `Neišsaugota: ${schedule} (tušti jo laikai apvesti raudonai).`,
    warningOf: (schedule: string, text: string) => `${schedule} – ${text}`,
    isNew: 'naujas',
    duplicateSchedule: 'Dubliuoti tvarkaraštį',
  },
  /** Tvarkaraščio patikra (12 užduotis): visos duomenų patikros su nuorodomis, kur taisyti. */
  check: {
    menu: 'Tvarkaraščio patikra',
    about:
      'Visos viso tvarkaraščio duomenų patikros; prie kiekvieno radinio – nuoroda į vietą, kur jį ištaisyti.',
    heading: 'Tvarkaraščio patikra',
    intro:
      'Visos duomenų patikros per visą tvarkaraštį, koks jis išsaugotas dabar. Klaidos gadina tai, ką mato keleiviai ar kelionių planavimo programos; į įspėjimus verta pažiūrėti. Prie kiekvieno radinio yra nuoroda į vietą, kur jį galima ištaisyti.',
    rerun: 'Tikrinti dar kartą',
    checking: 'Tikrinama…',
    clean: 'Problemų nerasta.',
    verdict: (errors: number, warnings: number) =>
      `${plural(errors, 'klaida', 'klaidos', 'klaidų')} ir ${plural(warnings, 'įspėjimas', 'įspėjimai', 'įspėjimų')}`,
    checked: (c: TimetableCheckReport['counts'], start: string, end: string) =>
      `Patikrinta: ${plural(c.stops, 'stotelė', 'stotelės', 'stotelių')}, ${plural(c.lines, 'maršrutas', 'maršrutai', 'maršrutų')} (${plural(c.routes, 'variantas', 'variantai', 'variantų')}), ${plural(c.schedules, 'tvarkaraštis', 'tvarkaraščiai', 'tvarkaraščių')} (${plural(c.trips, 'reisas', 'reisai', 'reisų')}), ${plural(c.rules, 'metinė taisyklė', 'metinės taisyklės', 'metinių taisyklių')} ir ${plural(c.holidays, 'švenčių diena', 'švenčių dienos', 'švenčių dienų')}; kursavimo dienos nuo ${start} iki ${end}.`,
    severity: { error: 'Klaida', warning: 'Įspėjimas' },
    showAll: (n: number) => `Rodyti visus radinius (${n})`,
    passed: (n: number) => `Patikros, kurios nieko nerado (${n})`,
    titles: {
      timesBackwards: 'Reisai, kuriuose laikas grįžta atgal',
      missingTimes: 'Reisai su trūkstamais laikais',
      timeCount: 'Reisai, kurių laikai neatitinka maršruto varianto stotelių',
      directionMismatch: 'Reisai, kurių kryptis neatitinka stotelių eilės',
      scheduleNoTrips: 'Tvarkaraščiai be reisų',
      scheduleNoWeekdays: 'Tvarkaraščiai be savaitės dienų',
      windowOutOfOrder: 'Tvarkaraščiai, kurių galiojimo pabaiga ankstesnė už pradžią',
      neverRuns: 'Tvarkaraščiai, kurie per artimiausius 12 mėnesių nekursuoja',
      windowPast: 'Tvarkaraščiai, kurių galiojimas jau baigėsi (juos galima ištrinti jų kortelėje)',
      unchangedCopy: 'Naujojo tvarkaraščio kopijos, kurios niekuo nesiskiria nuo originalo',
      seasonMismatch: 'Aprašymai, kuriuose minimas kitas sezonas nei jų metinėje taisyklėje',
      periodMismatch: 'Aprašymai, kurių datos nesutampa su metinės taisyklės laikotarpiais',
      weekdayRepeated: 'Tvarkaraščiai, kuriuose savaitės diena nurodyta du kartus',
      lineNoSchedules: 'Maršrutai be tvarkaraščių',
      timetableGap: 'Maršrutai su dienomis tarp senojo tvarkaraščio pabaigos ir naujojo pradžios',
      unusedRoute: 'Maršruto variantai, kurių nenaudoja joks tvarkaraštis',
      unusedStop: 'Stotelės, kurių nenaudoja joks maršrutas',
      sameNameStops: 'Vienodai pavadintos stotelės be jas skiriančios pastabos',
      unusedRule: 'Niekur nenaudojamos metinės taisyklės',
      duplicateHoliday: 'Švenčių dienos, įrašytos du kartus ta pačia data',
      impossibleDate: 'Datos, kurių būna ne kiekvienais metais',
      edgeSpaces: 'Tekstai su tarpais pradžioje ar pabaigoje',
      changeNamesMissing:
        'Eismo pakeitimai, kuriuose nurodyti reisai, maršrutai ar stotelės, kurių tvarkaraštyje nebėra',
    },
    hints: {
      neverRuns: (start: string, end: string) =>
        `Skaičiuota kiekvienai dienai nuo ${start} iki ${end} pagal tas pačias taisykles kaip išvykimai: savaitės dienas, metinę taisyklę ir švenčių dienas.`,
      seasonMismatch:
        'Apytikrė patikra: aprašymo žodžiai (vasara, žiema, mokslo metai, atostogos, apskritus metus) lyginami su taisyklės pavadinimu, o jei šis sezono neįvardija, – su jos laikotarpiais. Aprašymas „nevažiuoja vasarą“ irgi bus parodytas.',
      periodMismatch:
        'Apytikrė patikra: datos, parašytos kaip „nuo balandžio 15 d. iki lapkričio 3 d.“, „nuo 04.01 iki 11.15“ ar „4/15 - 11/03“ (pirma mėnuo), lyginamos su dienomis, kurias apima taisyklės laikotarpiai.',
      missingTimes: 'Stotelėje be laiko išvykimas nerodomas.',
      directionMismatch:
        'Reisas „Į Anykščius“ grįžta į autobusų stotį (stotelė 1), todėl negali joje prasidėti ir nuo jos tolti; reisas „Iš Anykščių“ iš stoties išvyksta, todėl negali joje baigtis. Klaidinga arba kryptis, arba stotelių eilė (maršruto variantas ar jo varnelė „Atvirkščiai (nuo paskutinės stotelės)“): kol tai neištaisyta, keleiviai ir kelionių planavimo programos reisą mato atvirkščiai.',
      sameNameStops:
        'Kiekvienai stotelei įrašykite pastabą (laukas „Koordinatės“), iš kurios keleiviai suprastų, kuri tai stotelė, arba sujunkite jas.',
    },
    seasons: {
      summer: 'vasarą',
      winter: 'žiemą',
      schoolYear: 'mokslo metus',
      schoolHolidays: 'moksleivių atostogas',
      wholeYear: 'visus metus',
    },
    and: (head: string, last: string) => `${head} ir ${last}`,
    targets: {
      schedule: (line: string, id: number) => `Maršruto ${line} tvarkaraštis ${id}`,
      lineSchedules: (line: string) => `Pridėti tvarkaraščių maršrutui ${line}`,
      line: (line: string) => `Redaguoti maršrutą ${line}`,
      stop: (name: string, id: number) => `${name} (stotelė ${id})`,
      rule: (name: string) => `Metinė taisyklė „${name}“`,
      holidays: 'Švenčių dienos',
      serviceChange: (title: string, id: number) => `Eismo pakeitimas ${id} „${title}“`,
    },
    gone: (trips: number[], lines: number[], stops: number[]) =>
      `Tvarkaraštyje nebėra: ${[...trips.map((id) => `reiso ${id}`), ...lines.map((id) => `maršruto ${id}`), ...stops.map((id) => `stotelės ${id}`)].join(', ')}`,
    trip: (id: number) => `reisas ${id}`,
    backwards: (from: string, to: string, stop: string | null, position: number, count: number) =>
      `${from} → ${to} ${stop === null ? `${position}-ojoje stotelėje` : `stotelėje „${stop}“`} (${position}-oji iš ${count})`,
    backwardsMore: (steps: number) =>
      `laikas grįžta atgal ${plural(steps, 'kartą', 'kartus', 'kartų')}, pirmą kartą`,
    routeOrder: 'laikai, regis, surašyti maršruto, o ne važiavimo tvarka',
    missing: (missing: number, total: number) => `${missing} iš ${total} stotelių neturi laiko`,
    timeCount: (times: number, stops: number) => `laikų: ${times}, maršruto varianto stotelių: ${stops}`,
    // The parameters' types are the English catalogue's (AdminMessages).
    direction: (boundFor, first, firstTime, last, lastTime, reversed) =>
      `kryptis „${boundFor}“, bet reisas prasideda stotelėje „${first}“${firstTime === null ? '' : ` (${firstTime})`} ir baigiasi stotelėje „${last}“${lastTime === null ? '' : ` (${lastTime})`}${reversed ? '; maršruto variantas važiuojamas atbuline tvarka' : ''}`,
    neverRuns: {
      rule: 'metinė taisyklė negalioja nė vieną dieną',
      days: 'metinė taisyklė nė karto nesutampa su jo savaitės dienomis',
      window: 'per šiuos 12 mėnesių jo galiojimo laikotarpiu nėra nė vienos jo kursavimo dienos',
    },
    season: (description: string, mentioned: string, rule: string) =>
      `aprašyme „${description}“ kalbama apie ${mentioned}, o metinėje taisyklėje – apie ${rule}`,
    range: (from: string, to: string) => `nuo ${from} iki ${to}`,
    dates: (description: string, named: string, rule: string) =>
      `aprašyme „${description}“ nurodyta ${named}, o metinė taisyklė galioja ${rule}`,
    allYear: 'visus metus',
    windowOrder: (from: string, until: string) =>
      `galioja nuo ${from} iki ${until}: pabaiga ankstesnė už pradžią, todėl niekada nekursuoja`,
    windowPast: (from: string | null, until: string) =>
      `galiojo ${from === null ? '' : `nuo ${from} `}iki ${until}; jei jo nebereikia, ištrinkite jį jo kortelėje`,
    unchangedCopy: (from: string, originalId: number) =>
      `galioja nuo ${from}; dienos ir reisai tokie pat kaip tvarkaraščio Nr. ${originalId}, kuris baigiasi dieną prieš`,
    gap: (lastDay: string, nextFrom: string, days: number) =>
      `senasis tvarkaraštis baigiasi ${lastDay}, naujasis prasideda ${nextFrom}: ${plural(days, 'diena', 'dienos', 'dienų')} be tvarkaraščio`,
    repeated: (days: string, count: number) =>
      `${days} ${count === 1 ? 'nurodytas' : 'nurodyti'} daugiau nei kartą`,
    route: (n: number, notes: string | null) =>
      `maršruto variantas ${n}${notes === null ? '' : ` „${notes}“`} nenaudojamas jokiame tvarkaraštyje`,
    impossible: {
      noMonth: (date: string) => `${date}: tokio mėnesio nėra`,
      noDay: (date: string) => `${date}: tokios dienos nėra`,
      leapOnly: (date: string) => `${date}: būna tik keliamaisiais metais`,
    },
    dateOf: {
      holiday: (name: string) => `šventė „${name}“`,
      periodStart: 'laikotarpio pradžia',
      periodEnd: 'laikotarpio pabaiga',
    },
    spaces: (field: string, value: string) => `${field} „${value}“ turi tarpų pradžioje ar pabaigoje`,
    fields: {
      name: 'pavadinimas',
      coords: 'pastaba (koordinatės)',
      periodName: 'pavadinimas',
      routeNotes: 'maršruto varianto pavadinimas',
    },
  },
  /** Eismo pakeitimai (27 užduotis, A dalis): darbuotojų ekranas. */
  serviceChanges: {
    menu: 'Eismo pakeitimai',
    intro:
      'Atšaukite reisus ar pakeiskite jų laiką pasirinktomis dienomis, laikinai uždarykite stotelę arba praneškite keleiviams. Kiekvienas pakeitimas kartu yra ir pranešimas svetainėje bei realaus laiko duomenyse.',
    create: {
      cancel: 'Atšaukti reisus',
      retime: 'Pakeisti laiką',
      closure: 'Uždaryti stotelę',
      notice: 'Pridėti pranešimą',
    },
    kinds: {
      cancel: 'Atšaukti reisai',
      retime: 'Pakeistas laikas',
      closure: 'Uždaryta stotelė',
      notice: 'Pranešimas',
    },
    statuses: { current: 'Galioja dabar', upcoming: 'Numatyti', past: 'Pasibaigę' },
    filters: 'Pakeitimų filtras',
    line: 'Maršrutas',
    allLines: 'Visi maršrutai',
    holdingOn: 'Galioja dieną',
    status: 'Būsena',
    allStatuses: 'Visi',
    clearFilters: 'Rodyti visus pakeitimus',
    empty: 'Eismo pakeitimų dar nėra.',
    noMatch: 'Filtrą atitinkančių pakeitimų nėra.',
    untilFurther: 'iki atskiro pranešimo',
    network: 'Visas maršrutų tinklas',
    concernsLines: (names: string[]) =>
      names.length === 1 ? `Maršrutas ${names[0]}` : `Maršrutai: ${names.join(', ')}`,
    concernsTrips: (n: number) => plural(n, 'reisas', 'reisai', 'reisų'),
    concernsStops: (names: string[]) =>
      names.length === 1 ? `Stotelė ${names[0]}` : `Stotelės: ${names.join(', ')}`,
    shiftBy: (minutes: number) => `Poslinkis: ${minutes > 0 ? '+' : ''}${minutes} min.`,
    typedTimes: (n: number) => plural(n, 'įvestas laikas', 'įvesti laikai', 'įvestų laikų'),
    reasonIs: (reason: string) => `Priežastis: ${reason}`,
    editOf: (title: string) => `Redaguoti „${title}“`,
    undo: 'Atšaukti pakeitimą',
    undoOf: (title: string) => `Atšaukti pakeitimą „${title}“`,
    undone: (title: string) => `Pakeitimas „${title}“ atšauktas. Jis liko istorijoje.`,
    formTitle: {
      cancel: 'Atšaukti reisus',
      retime: 'Pakeisti laiką',
      closure: 'Uždaryti stotelę',
      notice: 'Pridėti pranešimą',
    },
    editTitle: (title: string) => `Redaguoti „${title}“`,
    keeps:
      'Tai, ką pakeitimas daro (jo reisai, laikai ar stotelė), lieka kaip buvo; norėdami tai pakeisti, atšaukite jį ir sukurkite naują.',
    from: 'Nuo',
    until: 'Iki',
    oneDayHint: 'Vienai dienai laukelį „Iki“ palikite tuščią.',
    openHint: 'Palikite datą tuščią, jei pradžia ar pabaiga neribota.',
    pickLine: 'Pasirinkite maršrutą',
    tripsOn: (date: string) => `Reisai ${date}`,
    tripsHint:
      'Pirmosios dienos įprasti reisai abiem kryptimis; pažymėkite tuos, kuriems taikomas pakeitimas.',
    tripsNeedDate: 'Pasirinkite maršrutą ir pirmąją dieną, kad matytumėte jos reisus.',
    noTrips: 'Šią dieną maršrutas reisų neturi.',
    alreadyCancelled: (title: string) => `jau pakeista: ${title}`,
    shift: 'Poslinkis, minutėmis',
    shiftHint:
      'Vėliau su pliusu, anksčiau su minusu: 15 arba -10. Jei keičiate tik kai kuriuos laikus, palikite tuščią.',
    badShift: 'Poslinkis turi būti sveikasis minučių skaičius, pavyzdžiui, 15 arba -10',
    newTimes: (time: string, from: string) => `Nauji reiso ${time} iš ${from} laikai`,
    newTimesHint:
      'Įveskite laiką tik ten, kur jis kitoks (0738 – tai 07:38); įvestas laikas svarbesnis už poslinkį.',
    newTimeAt: (stop: string, planned: string) => `${stop}, planuota ${planned}`,
    badTime: (text: string) => `„${text}“ nėra paros laikas (00:00–23:59)`,
    closedStop: 'Uždaroma stotelė',
    insteadStop: 'Vietoj jos naudoti stotelę (nebūtina)',
    reason: 'Priežastis',
    reasonHint: 'Keleiviai ją mato prie atšaukto reiso.',
    notice: 'Pranešimas keleiviams',
    noticeHint: 'Palikus pavadinimą tuščią, pranešimas parašomas pagal tai, ką pakeitimas daro.',
    titleLt: 'Pavadinimas lietuviškai',
    textLt: 'Tekstas lietuviškai',
    titleEn: 'Pavadinimas angliškai (nebūtina)',
    textEn: 'Tekstas angliškai (nebūtina)',
    cause: 'Priežasties rūšis',
    effect: 'Poveikis',
    url: 'Nuoroda (nebūtina)',
    causes: {
      UNKNOWN_CAUSE: 'Nežinoma priežastis',
      OTHER_CAUSE: 'Kita priežastis',
      TECHNICAL_PROBLEM: 'Techninis gedimas',
      STRIKE: 'Streikas',
      DEMONSTRATION: 'Demonstracija',
      ACCIDENT: 'Eismo įvykis',
      HOLIDAY: 'Šventė',
      WEATHER: 'Oro sąlygos',
      MAINTENANCE: 'Techninė priežiūra',
      CONSTRUCTION: 'Statybos ar kelio darbai',
      POLICE_ACTIVITY: 'Policijos veiksmai',
      MEDICAL_EMERGENCY: 'Medicininė pagalba',
    },
    effects: {
      NO_SERVICE: 'Reisai nevyksta',
      REDUCED_SERVICE: 'Mažiau reisų',
      SIGNIFICANT_DELAYS: 'Dideli vėlavimai',
      DETOUR: 'Važiuojama aplinkkeliu',
      ADDITIONAL_SERVICE: 'Papildomi reisai',
      MODIFIED_SERVICE: 'Pakeistas eismas',
      OTHER_EFFECT: 'Kitas poveikis',
      UNKNOWN_EFFECT: 'Poveikis nežinomas',
      STOP_MOVED: 'Stotelė perkelta',
      NO_EFFECT: 'Eismas nesikeičia',
      ACCESSIBILITY_ISSUE: 'Prieinamumo kliūtis',
    },
    byDefault: (label: string) => `${label} (numatyta)`,
    concerns: 'Kam taikoma',
    concernsHint: 'Nieko nepasirinkus – visam maršrutų tinklui.',
    lines: 'Maršrutai',
    stops: 'Stotelės',
    trips: 'Reisai',
    tripsOfLine: 'Maršruto reisai',
    tripsDay: 'Dieną',
    addStop: 'Pridėti stotelę',
    removeStop: (name: string) => `Pašalinti ${name}`,
    save: 'Išsaugoti pakeitimą',
    saving: 'Saugoma…',
    preview: 'Ką matys lankytojai',
    previewDate: 'Diena',
    previewNone: 'Šią dieną pakeitimų nėra: lankytojai mato įprastą tvarkaraštį.',
    previewCancelled: 'Nevyksta:',
    previewRetimed: 'Važiuoja pakeistu laiku:',
    previewClosed: (stop: string) => `Neaptarnaujama: ${stop}`,
    previewInstead: (stop: string) => `Vietoj jos – ${stop}`,
    notRunning: 'šią dieną ir taip nevyksta',
  },
  // Stotelių ekrano ir maršruto redaktoriaus žemėlapiai.
  stopsMap: {
    heading: 'Žemėlapis',
    label: 'Stotelių žemėlapis',
    toPlace: 'Stotelė, kurią žymėsite žemėlapyje',
    choose: '(pasirinkite stotelę be vietos)',
    hint: 'Pasirinkite stotelę be vietos ir spustelėkite žemėlapyje, kur ji yra. Stotelę perkelsite nutempę. Kiekvienas pažymėjimas ir perkėlimas išsaugomas iš karto, su nauja versija ir įrašu keitimų istorijoje; vietą sąraše vis dar galima įrašyti kaip „platuma, ilguma“.',
    placing: (name: string) => `Spustelėkite žemėlapyje, kur yra stotelė „${name}“.`,
    placed: (name: string) => `Stotelė „${name}“ pažymėta žemėlapyje`,
    moved: (name: string) => `Stotelė „${name}“ perkelta`,
    selected: (name: string, position: string) => `„${name}“: ${position}`,
    tilesFailed: 'Žemėlapio pagrindo įkelti nepavyko: stotelės rodomos ant vienspalvio fono.',
    proposed: (name: string) => `${name} (siūloma vieta)`,
    routeStops: 'Maršruto stotelės iš eilės',
    routeMap: (n: number) => `Maršruto variantas ${n} žemėlapyje`,
    routePlaced: (placed: number, total: number) =>
      placed === 0
        ? 'Nė viena šio maršruto stotelė dar neturi vietos.'
        : `Vietą turi šio maršruto stotelių: ${placed} iš ${total}.`,
  },
  // Persėdimai, kuriuos skaičiuoja kelionės planavimas.
  changeRules: {
    heading: 'Persėdimai',
    intro:
      'Kelionės planavimas leidžia persėsti į kitą autobusą, jei jis išvyksta ne anksčiau kaip po 2 minučių. Čia galite nustatyti kitą persėdimo laiką stotelėje ir pažymėti dvi stoteles kaip vieną persėdimo vietą (pvz., stotį ir stotelę kitoje gatvės pusėje) su ėjimo laiku.',
    stopTimes: 'Persėdimo laikas stotelėse',
    stopTimesNone: 'Visose stotelėse – 2 minutės.',
    places: 'Persėdimo vietos',
    placesNone: 'Persėdimo vietų nėra.',
    stop: 'Stotelė',
    stopA: 'Stotelė',
    stopB: 'Kita stotelė',
    minutes: 'Minutės',
    walkMinutes: 'Ėjimas, min.',
    chooseStop: 'Pasirinkite stotelę',
    addStop: 'Pridėti stotelę',
    addPlace: 'Pridėti persėdimo vietą',
    remove: 'Pašalinti',
    removeRow: (what: string) => `Pašalinti: ${what}`,
    save: 'Išsaugoti',
    saving: 'Saugoma…',
    saved: 'Išsaugota',
  },
  // Galiojimo laikotarpiai ir „Naujas tvarkaraštis nuo ...“
  dated: {
    validFrom: 'Galioja nuo',
    validUntil: 'Galioja iki',
    windowHint: 'Palikite tuščią, jei neribojama.',
    window: (from: string | null, until: string | null) =>
      from && until ? `galioja ${from}–${until}` : from ? `galioja nuo ${from}` : `galioja iki ${until}`,
    panelTitle: 'Naujas tvarkaraštis nuo datos',
    panelHint:
      'Nukopijuoja tvarkaraščius kaip naujus, galiojančius nuo nurodytos dienos, o dabartinių galiojimą baigia dieną prieš – vienu išsaugojimu (istorijoje atšaukiama vienu žingsniu). Tada redaguokite kopijas.',
    from: 'Naujas tvarkaraštis nuo',
    onlyTicked: (n: number) => `Tik ${n === 1 ? 'pažymėtą tvarkaraštį' : `pažymėtus tvarkaraščius (${n})`}`,
    make: 'Sukurti naują tvarkaraštį',
    made: (n: number, from: string) => `Naujam tvarkaraščiui nuo ${from} nukopijuota tvarkaraščių: ${n}.`,
    noneToCopy: 'Nė vienas šios linijos tvarkaraštis negalioja ir prieš šią dieną, ir ją.',
    chooseDate: 'Pasirinkite pirmąją naujo tvarkaraščio dieną.',
    validOn: 'Rodyti tvarkaraščius, galiojančius',
    validOnHint: 'Tuščia – visi tvarkaraščiai.',
    hidden: (n: number) => `Tą dieną negaliojančių tvarkaraščių: ${n}.`,
  },
  /** Nepavykę prisijungimai (37 užduotis). */
  signIns: {
    menu: 'Nepavykę prisijungimai',
    heading: 'Nepavykę prisijungimai',
    intro: (minutes: number, limit: number) =>
      `Neteisingi slaptažodžiai per pastarąsias ${minutes} min. pagal paskyros vardą ir adresą, iš kurio jie atsiųsti; naujausi viršuje. Adresui neleidžiama jungtis prie paskyros po ${limit} ${pluralForm(limit, 'neteisingo slaptažodžio', 'neteisingų slaptažodžių', 'neteisingų slaptažodžių')} iš jo arba kai paskyra iš visų adresų kartu jau gavo ${limit}; adresas, iš kurio neteisingų slaptažodžių nebuvo, vis tiek gali prisijungti, todėl svetimas spėliojimas niekada neužblokuoja paties savininko. Blokavimo metu atmesti bandymai neskaičiuojami. Teisingas slaptažodis panaikina to adreso neteisingus bandymus.`,
    unlock: 'Norėdami iš karto panaikinti paskyros apribojimą, serveryje paleiskite:',
    unlockName: '<vardas>',
    refresh: 'Atnaujinti',
    refreshing: 'Atnaujinama…',
    asOf: (time: string) => `Duomenys ${time} Vilniaus laiku.`,
    empty: (minutes: number) => `Per pastarąsias ${minutes} min. nepavykusių prisijungimų nebuvo.`,
    locked: (n: number) =>
      pluralForm(
        n,
        `Šiuo metu užblokuotas ${n} adresas.`,
        `Šiuo metu užblokuoti ${n} adresai.`,
        `Šiuo metu užblokuota ${n} adresų.`,
      ),
    noneLocked: 'Šiuo metu neužblokuotas nė vienas adresas.',
    shown: (shown: number, total: number) =>
      pluralForm(
        shown,
        `Rodomas ${shown} naujausias iš ${total}.`,
        `Rodomi ${shown} naujausi iš ${total}.`,
        `Rodoma ${shown} naujausių iš ${total}.`,
      ),
    table: 'Neteisingi slaptažodžiai pagal paskyrą ir adresą',
    colAccount: 'Paskyra',
    colAddress: 'Adresas',
    colFailures: 'Neteisingi slaptažodžiai',
    colLast: 'Paskutinis bandymas',
    colStatus: 'Būsena',
    noAccount: 'tokios paskyros nėra',
    unknownAddress: 'nežinomas',
    nameFailures: (n: number) => `paskyrai iš viso ${n}`,
    lockedUntil: (time: string) => `Užblokuotas iki ${time}`,
    lockedBy: {
      address: (limit: number) =>
        `iš šio adreso ${plural(limit, 'neteisingas slaptažodis', 'neteisingi slaptažodžiai', 'neteisingų slaptažodžių')}`,
      name: (limit: number) => `paskyra iš visų adresų jau gavo ${limit}`,
    },
    notLocked: 'Neužblokuotas',
  },
  /** Eismas dabar (40 užduotis): autobusai realiuoju laiku darbuotojams. */
  live: {
    menu: 'Eismas dabar',
    heading: 'Eismas dabar',
    intro:
      'Autobusai, kurie dabar siunčia savo vietą, reisai, kurie turėtų važiuoti, bet nieko nesiunčia, ir kaip punktualiai autobusai važiavo.',
    inService: 'Dabar važiuojantys autobusai',
    asOf: (time: string) => `Duomenys ${time} Vilniaus laiku. Atnaujinama kas 15 sekundžių.`,
    refresh: 'Atnaujinti',
    refreshing: 'Atnaujinama…',
    noneInService: 'Šiuo metu nė vienas autobusas nesiunčia savo vietos.',
    busesTable: 'Dabar važiuojantys autobusai',
    colLine: 'Maršrutas',
    colTrip: 'Reisas',
    colDriver: 'Vairuotojas',
    colDelay: 'Vėlavimas',
    colAge: 'Paskutinė vieta',
    colNext: 'Kita stotelė',
    trip: (departure: string, to: string) => `${departure} → ${to}`,
    tripId: (id: number) => `reisas ${id}`,
    tracker: (vehicle: string | null) =>
      vehicle === null ? 'sekimo įrenginys' : `sekimo įrenginys, transporto priemonė ${vehicle}`,
    noDriver: 'nežinomas',
    delay: (minutes: number) =>
      minutes === 0 ? 'laiku' : minutes > 0 ? `vėluoja ${minutes} min.` : `${-minutes} min. anksčiau`,
    age: (seconds: number) =>
      seconds < 60 ? `prieš ${seconds} s` : `prieš ${Math.floor(seconds / 60)} min.`,
    standingAt: (stop: string) => `stovi stotelėje „${stop}“`,
    noNextStop: 'nėra',
    missing: 'Be duomenų realiuoju laiku',
    missingIntro:
      'Reisai, kurie pagal tvarkaraštį (su tos dienos pakeitimais) dabar turėtų būti tarp pirmosios ir paskutinės stotelės, bet per pastarąsias 3 minutes neatsiuntė savo vietos.',
    noneMissing: 'Visi reisai, kurie dabar turėtų važiuoti, siunčia savo vietą.',
    missingTable: 'Reisai be duomenų realiuoju laiku',
    colPlanned: 'Pagal tvarkaraštį',
    planned: (from: string, to: string) => `${from}–${to}`,
    never: 'šiandien nebuvo',
    punctuality: 'Punktualumas',
    punctualityIntro: (early: number, late: number) =>
      `Pagal laikus, kai autobusai išvyko iš stotelių (paskutinėje stotelėje – kai atvyko), lyginant su tvarkaraščiu. Laiku – nuo ${early} min. anksčiau iki ${late} min. vėliau, skaičiuojant sveikomis minutėmis, kaip rodo laikrodis (vėluojant ${late} min. 59 s dar laikoma, kad laiku).`,
    filters: 'Laikotarpis ir kas laikoma „laiku“',
    from: 'Nuo',
    until: 'Iki',
    early: 'Kiek minučių anksčiau dar laiku',
    late: 'Kiek minučių vėliau dar laiku',
    nothingObserved: 'Per šį laikotarpį neužfiksuota nė vieno laiko stotelėje.',
    summary: (
      share: string,
      onTime: number,
      observed: number,
      early: number,
      late: number,
      average: string,
    ) =>
      `Laiku ${share}: ${onTime} iš ${observed} ${pluralForm(observed, 'užfiksuoto laiko', 'užfiksuotų laikų', 'užfiksuotų laikų')} (anksčiau ${early}, vėliau ${late}). Vidutinis vėlavimas ${average} min.`,
    chartLine: 'Kokia dalis laiku pagal maršrutą',
    chartHour: 'Kokia dalis laiku pagal paros valandą',
    chartDesc:
      'Kiekvienai eilutei – stulpelis, rodantis, kokia dalis užfiksuotų laikų buvo laiku. Tie patys skaičiai pateikti lentelėje žemiau.',
    byLine: 'Pagal maršrutą',
    byHour: 'Pagal paros valandą',
    byStop: 'Pagal stotelę',
    colObserved: 'Užfiksuota',
    colOnTime: 'Laiku',
    colEarly: 'Anksčiau',
    colLate: 'Vėliau',
    colShare: 'Laiku, %',
    colAverage: 'Vidutinis vėlavimas, min.',
    colHour: 'Valanda',
    colStop: 'Stotelė',
    hour: (hour: number) => `${String(hour).padStart(2, '0')}:00–${String(hour).padStart(2, '0')}:59`,
    download: 'Atsisiųsti CSV',
  },
};
