import type { Rng } from './prng.ts';

/**
 * Lithuanian-looking names for the synthetic timetable: real district towns for the hubs,
 * generated villages (syllables + the usual place-name endings) and town street stops, so
 * the stop search sees the diacritics (ą č ę ė į š ų ū ž) and word shapes of real data.
 */

export interface Town {
  /** Nominative, for line names: 'Utena'. */
  name: string;
  /** Genitive, for stop names: 'Utenos AS'. */
  genitive: string;
}

/** Stop 1, the home station. */
export const HOME_TOWN: Town = { name: 'Anykščiai', genitive: 'Anykščių' };

/** The other hubs: district towns whose bus stations many lines pass. */
export const HUB_TOWNS: readonly Town[] = [
  { name: 'Vilnius', genitive: 'Vilniaus' },
  { name: 'Kaunas', genitive: 'Kauno' },
  { name: 'Klaipėda', genitive: 'Klaipėdos' },
  { name: 'Šiauliai', genitive: 'Šiaulių' },
  { name: 'Panevėžys', genitive: 'Panevėžio' },
  { name: 'Utena', genitive: 'Utenos' },
  { name: 'Molėtai', genitive: 'Molėtų' },
  { name: 'Rokiškis', genitive: 'Rokiškio' },
  { name: 'Ukmergė', genitive: 'Ukmergės' },
  { name: 'Kupiškis', genitive: 'Kupiškio' },
  { name: 'Biržai', genitive: 'Biržų' },
  { name: 'Zarasai', genitive: 'Zarasų' },
  { name: 'Ignalina', genitive: 'Ignalinos' },
  { name: 'Švenčionys', genitive: 'Švenčionių' },
  { name: 'Jonava', genitive: 'Jonavos' },
  { name: 'Kėdainiai', genitive: 'Kėdainių' },
  { name: 'Alytus', genitive: 'Alytaus' },
  { name: 'Marijampolė', genitive: 'Marijampolės' },
  { name: 'Telšiai', genitive: 'Telšių' },
  { name: 'Tauragė', genitive: 'Tauragės' },
  { name: 'Plungė', genitive: 'Plungės' },
  { name: 'Mažeikiai', genitive: 'Mažeikių' },
  { name: 'Raseiniai', genitive: 'Raseinių' },
  { name: 'Jurbarkas', genitive: 'Jurbarko' },
  { name: 'Prienai', genitive: 'Prienų' },
  { name: 'Trakai', genitive: 'Trakų' },
  { name: 'Elektrėnai', genitive: 'Elektrėnų' },
  { name: 'Varėna', genitive: 'Varėnos' },
  { name: 'Druskininkai', genitive: 'Druskininkų' },
  { name: 'Širvintos', genitive: 'Širvintų' },
];

/** Town stops: streets ('g.', 'al.', 'a.'), the railway station ('st.') and landmarks. */
export const TOWN_STOP_NAMES: readonly string[] = [
  'Vilniaus g.',
  'Kauno g.',
  'Utenos g.',
  'Ukmergės g.',
  'Liepų g.',
  'Beržų g.',
  'Klevų g.',
  'Pušų g.',
  'Ąžuolų g.',
  'Sodų g.',
  'Mokyklos g.',
  'Ežero g.',
  'Upės g.',
  'Pergalės g.',
  'Laisvės al.',
  'Taikos g.',
  'Žalioji g.',
  'Įgulos g.',
  'Šventosios g.',
  'Kalnų g.',
  'Ramybės g.',
  'Jaunimo g.',
  'Statybininkų g.',
  'Kęstučio g.',
  'Vytauto g.',
  'Gedimino g.',
  'Maironio g.',
  'Žemaitės g.',
  'Šaltinių g.',
  'Dariaus ir Girėno g.',
  'Basanavičiaus g.',
  'Baranausko a.',
  'Pramonės g.',
  'Geležinkelio st.',
  'Ligoninė',
  'Poliklinika',
  'Turgus',
  'Centras',
  'Autobusų parkas',
  'Prekybos centras',
  'Gimnazija',
  'Bažnyčia',
  'Kapinės',
  'Stadionas',
  'Kultūros namai',
  'Paštas',
  'Sodų bendrija „Ąžuolas“',
  'Miškų urėdija',
];

const ONSETS = [
  'b',
  'd',
  'g',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  'š',
  't',
  'v',
  'ž',
  'dž',
  'č',
  'kr',
  'gr',
  'pl',
  'br',
  'tr',
  'sk',
  'st',
  'šv',
  'žv',
  'kl',
  'gl',
  'šl',
  'sv',
] as const;
const VOWELS = [
  'a',
  'a',
  'e',
  'i',
  'i',
  'o',
  'u',
  'ė',
  'y',
  'ū',
  'ie',
  'uo',
  'ai',
  'au',
  'ei',
  'ą',
  'ę',
  'į',
  'ų',
] as const;
const CODAS = [
  '',
  '',
  '',
  'l',
  'n',
  'r',
  's',
  'k',
  't',
  'm',
  'lt',
  'rg',
  'rd',
  'nk',
  'rš',
  'ž',
  'š',
] as const;
const ROOT_ENDINGS = ['n', 'l', 'r', 'k', 't', 'š', 'd', 'g', 'v', 'č', 'ž'] as const;

/** Nominative ending -> genitive ending (plural -iai -> -ių, masculine -is -> -io, ...). */
const SUFFIXES: readonly (readonly [nominative: string, genitive: string])[] = [
  ['iai', 'ių'],
  ['iai', 'ių'],
  ['ėnai', 'ėnų'],
  ['ėnai', 'ėnų'],
  ['škis', 'škio'],
  ['škiai', 'škių'],
  ['ai', 'ų'],
  ['ai', 'ų'],
  ['ava', 'avos'],
  ['ynė', 'ynės'],
  ['onys', 'onių'],
  ['upis', 'upio'],
  ['kalnis', 'kalnio'],
  ['ėliai', 'ėlių'],
  ['iškiai', 'iškių'],
  ['uva', 'uvos'],
  ['ščiai', 'ščių'],
  ['ė', 'ės'],
  ['as', 'o'],
  ['ys', 'io'],
];

const PREFIXES = ['Naujieji', 'Senieji', 'Didieji', 'Mažieji'] as const;
const PREFIX_GENITIVES: Record<(typeof PREFIXES)[number], string> = {
  Naujieji: 'Naujųjų',
  Senieji: 'Senųjų',
  Didieji: 'Didžiųjų',
  Mažieji: 'Mažųjų',
};

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase('lt') + text.slice(1);
}

function syllable(rng: Rng): string {
  return rng.pick(ONSETS) + rng.pick(VOWELS) + rng.pick(CODAS);
}

/** A village: 'Kurkliai' / 'Kurklių', sometimes 'Naujieji Žvirgždėnai' / 'Naujųjų Žvirgždėnų'. */
export function villageName(rng: Rng): Town {
  let root = syllable(rng);
  if (rng.chance(0.55)) root += syllable(rng);
  if (!/[bcdfghjklmnprsštvzžč]$/.test(root)) root += rng.pick(ROOT_ENDINGS);
  const [nom, gen] = rng.pick(SUFFIXES);
  const name = capitalize(root + nom);
  const genitive = capitalize(root + gen);
  // Adjective prefixes only on plural names, where Lithuanian uses them ('Naujieji Elektrėnai').
  if (nom.endsWith('ai') && rng.chance(0.06)) {
    const prefix = rng.pick(PREFIXES);
    return { name: `${prefix} ${name}`, genitive: `${PREFIX_GENITIVES[prefix]} ${genitive}` };
  }
  return { name, genitive };
}

/** Extra stops of one village besides its own name. */
export const VILLAGE_STOP_FORMS: readonly ((v: Town) => string)[] = [
  (v) => `${v.genitive} kryžkelė`,
  (v) => `${v.genitive} mokykla`,
  (v) => `${v.genitive} k.`,
  (v) => `${v.name} I`,
  (v) => `${v.name} II`,
  (v) => `${v.genitive} centras`,
  (v) => `${v.genitive} sodai`,
  (v) => `${v.genitive} seniūnija`,
  (v) => `${v.genitive} st.`,
  (v) => `${v.genitive} pašto sk.`,
];

export const OPERATORS: readonly string[] = [
  'UAB „Anykščių autobusų parkas“',
  'UAB „Utenos autobusų parkas“',
  'UAB „Kautra“',
  'UAB „Toks“',
  'UAB „Busturas“',
  'UAB „Transrevis“',
  'UAB „Panevėžio autobusų parkas“',
  'UAB „Šiaulių autobusai“',
  'UAB „Rokiškio autobusų parkas“',
  'UAB „Kėdainių autobusų parkas“',
];

export const TIME_CONSTRAINT_NOTES: readonly string[] = [
  'Nevažiuoja švenčių dienomis',
  'Tik mokslo metu',
  'Važiuoja pagal išankstinį užsakymą',
  'Vasaros sezonu važiuoja iki ežero',
  'Šeštadieniais nevažiuoja',
];

export const LINE_NOTES: readonly (readonly [key: string, value: string])[] = [
  ['Pastaba', 'Bilietai perkami pas vairuotoją'],
  ['Pastaba', 'Autobusas pritaikytas žmonėms su negalia'],
  ['Informacija', 'Moksleiviams taikoma nuolaida'],
  ['Įspėjimas', 'Remonto metu stotelė perkelta į Ąžuolų g.'],
];
