/**
 * A GTFS Fares v2 reader for the tests (fare-files.test.ts, the server's gtfs-fares.test.ts): the
 * fare of one leg found from a feed's files alone, by the reference's matching rules
 * (https://gtfs.org/schedule/reference/#fare_leg_rulestxt), knowing nothing of how the feed
 * writer names or builds anything. The leg's network is its route's (routes.network_id or
 * route_networks.txt), its areas its stops' (stop_areas.txt); a rule with a timeframe matches on
 * the dates of the timeframe's service (calendar.txt and calendar_dates.txt) at the times it
 * gives. With a rule_priority column an empty field matches anything and the highest priority
 * wins; without one an empty field matches only values no rule names ("all ... excluding the ones
 * listed under"). Two legs in a row (readJourneyFare) are priced with the transfer rules of their
 * leg groups (https://gtfs.org/schedule/reference/#fare_transfer_rulestxt).
 */

/** A feed's files as records by column name (absent file: undefined). */
export type FareTables = ReadonlyMap<string, readonly Record<string, string>[]>;

export type LegFare =
  | { kind: 'none' }
  /** More than one product matches at the same priority: the feed does not say one price. */
  | { kind: 'ambiguous'; productIds: string[] }
  | {
      kind: 'priced';
      productId: string;
      /** The leg group of the rule that matched ('' for none). */
      legGroupId: string;
      /** Rider category id -> cents (an empty category: any rider). */
      amounts: Map<string, number>;
      /** The rider category is_default_fare_category marks. */
      defaultCategory: string | null;
      /** Rider category name -> its id. */
      categoryByName: Map<string, string>;
    };

export interface Leg {
  routeId: string;
  fromStopId: string;
  toStopId: string;
  /** YYYY-MM-DD, the day the leg starts (and ends: no trip here runs past midnight). */
  date: string;
  /** HH:MM:SS the leg starts and ends; none: any time of day matches. */
  startTime?: string;
  endTime?: string;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function seconds(time: string): number {
  const [h = '0', m = '0', s = '0'] = time.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** Whether the service runs on `date` by calendar.txt and calendar_dates.txt. */
function serviceRuns(tables: FareTables, serviceId: string, date: string): boolean {
  const compact = date.replaceAll('-', '');
  const exception = (tables.get('calendar_dates.txt') ?? []).find(
    (row) => row.service_id === serviceId && row.date === compact,
  );
  if (exception !== undefined) return exception.exception_type === '1';
  const weekday = WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()] as string;
  return (tables.get('calendar.txt') ?? []).some(
    (row) =>
      row.service_id === serviceId &&
      row[weekday] === '1' &&
      (row.start_date ?? '') <= compact &&
      compact <= (row.end_date ?? ''),
  );
}

/** Amount '1.50' -> 150 cents. */
function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

export function readLegFare(tables: FareTables, leg: Leg): LegFare {
  const rules = tables.get('fare_leg_rules.txt');
  if (rules === undefined || rules.length === 0) return { kind: 'none' };
  const routeNetwork =
    (tables.get('routes.txt') ?? []).find((r) => r.route_id === leg.routeId)?.network_id ||
    (tables.get('route_networks.txt') ?? []).find((r) => r.route_id === leg.routeId)?.network_id ||
    '';
  const areasOf = (stopId: string) =>
    new Set(
      (tables.get('stop_areas.txt') ?? []).filter((r) => r.stop_id === stopId).map((r) => r.area_id ?? ''),
    );
  const legValues: Record<'network_id' | 'from_area_id' | 'to_area_id', Set<string>> = {
    network_id: new Set(routeNetwork === '' ? [] : [routeNetwork]),
    from_area_id: areasOf(leg.fromStopId),
    to_area_id: areasOf(leg.toStopId),
  };
  const inTimeframe = (group: string, time: string | undefined) =>
    group === '' ||
    (tables.get('timeframes.txt') ?? []).some(
      (row) =>
        row.timeframe_group_id === group &&
        serviceRuns(tables, row.service_id ?? '', leg.date) &&
        (time === undefined ||
          (seconds(row.start_time || '00:00:00') <= seconds(time) &&
            seconds(time) < seconds(row.end_time || '24:00:00'))),
    );
  const timed = rules.filter(
    (rule) =>
      inTimeframe(rule.from_timeframe_group_id ?? '', leg.startTime) &&
      inTimeframe(rule.to_timeframe_group_id ?? '', leg.endTime),
  );

  let matching: Record<string, string>[];
  if (rules.some((rule) => 'rule_priority' in rule)) {
    const fits = timed.filter((rule) =>
      (['network_id', 'from_area_id', 'to_area_id'] as const).every((field) => {
        const value = rule[field] ?? '';
        return value === '' || legValues[field].has(value);
      }),
    );
    const top = Math.max(-1, ...fits.map((rule) => Number(rule.rule_priority || 0)));
    matching = fits.filter((rule) => Number(rule.rule_priority || 0) === top);
  } else {
    matching = timed;
    for (const field of ['network_id', 'from_area_id', 'to_area_id'] as const) {
      const exact = matching.filter(
        (rule) => (rule[field] ?? '') !== '' && legValues[field].has(rule[field] ?? ''),
      );
      if (exact.length > 0) {
        matching = exact;
        continue;
      }
      const listed = new Set(rules.map((rule) => rule[field] ?? ''));
      const excluded = [...legValues[field]].some((value) => listed.has(value));
      matching = excluded ? [] : matching.filter((rule) => (rule[field] ?? '') === '');
    }
  }
  const productIds = [...new Set(matching.map((rule) => rule.fare_product_id ?? ''))];
  const [productId] = productIds;
  if (productId === undefined) return { kind: 'none' };
  // Two rules of one product in different leg groups: the feed does not say which group the leg is in.
  const groups = new Set(matching.map((rule) => rule.leg_group_id ?? ''));
  if (productIds.length > 1 || groups.size > 1) return { kind: 'ambiguous', productIds };
  const categories = tables.get('rider_categories.txt') ?? [];
  return {
    kind: 'priced',
    productId,
    legGroupId: [...groups][0] ?? '',
    amounts: amountsOf(tables, productId),
    defaultCategory: categories.find((c) => c.is_default_fare_category === '1')?.rider_category_id ?? null,
    categoryByName: new Map(categories.map((c) => [c.rider_category_name ?? '', c.rider_category_id ?? ''])),
  };
}

/** A product's amount for each rider category (an empty category: any rider). */
function amountsOf(tables: FareTables, productId: string): Map<string, number> {
  return new Map(
    (tables.get('fare_products.txt') ?? [])
      .filter((row) => row.fare_product_id === productId)
      .map((row) => [row.rider_category_id ?? '', cents(row.amount ?? '')] as const),
  );
}

/** A rider category's amount of a product's amounts: its own, else any rider's. */
function amountFor(amounts: ReadonlyMap<string, number>, category: string): number | null {
  return amounts.get(category) ?? amounts.get('') ?? null;
}

export type JourneyFareRead =
  | { kind: 'none' }
  | { kind: 'ambiguous' }
  /** Rider category id -> cents; `transfer`: the transfer rule's type when one applied. */
  | { kind: 'priced'; amounts: Map<string, number>; transfer: number | null };

/**
 * What two legs in a row cost, from the files alone: each leg's fare (readLegFare), and the
 * transfer rule from the first's leg group to the second's, when one holds for the time between
 * them (its duration_limit, counted as duration_limit_type says): fare_transfer_type 0, the first
 * leg's fare and the transfer's product (A + AB); 1, both legs' and the transfer's (A + AB + B);
 * 2, the transfer's product alone (AB). With no transfer rule, both legs' fares. Legs need their
 * times. An empty group in a rule matches the groups no rule of that side names.
 */
export function readJourneyFare(tables: FareTables, first: Leg, second: Leg): JourneyFareRead {
  const [a, b] = [readLegFare(tables, first), readLegFare(tables, second)];
  if (a.kind === 'none' || b.kind === 'none') return { kind: 'none' };
  if (a.kind === 'ambiguous' || b.kind === 'ambiguous') return { kind: 'ambiguous' };
  const categories = new Set([...a.amounts.keys(), ...b.amounts.keys()]);
  const sum = (...amounts: ReadonlyMap<string, number>[]) =>
    new Map(
      [...categories].map((category) => [
        category,
        amounts.reduce((total, each) => total + (amountFor(each, category) ?? 0), 0),
      ]),
    );
  const rules = tables.get('fare_transfer_rules.txt') ?? [];
  const named = (side: 'from_leg_group_id' | 'to_leg_group_id') => new Set(rules.map((r) => r[side] ?? ''));
  // A group a rule names is matched by it; an empty one matches the groups no rule of its side names.
  const fits =
    (side: 'from_leg_group_id' | 'to_leg_group_id', group: string) => (rule: Record<string, string>) =>
      (rule[side] ?? '') === group || ((rule[side] ?? '') === '' && !named(side).has(group));
  const at = (time: string | undefined) => seconds(time ?? '00:00:00');
  const within = (rule: Record<string, string>) => {
    if ((rule.duration_limit ?? '') === '') return true;
    const limit = Number(rule.duration_limit);
    const span = [
      at(second.endTime) - at(first.startTime),
      at(second.startTime) - at(first.startTime),
      at(second.startTime) - at(first.endTime),
      at(second.endTime) - at(first.endTime),
    ][Number(rule.duration_limit_type)];
    return span !== undefined && span >= 0 && span <= limit;
  };
  const matching = rules.filter(
    (rule) =>
      fits('from_leg_group_id', a.legGroupId)(rule) &&
      fits('to_leg_group_id', b.legGroupId)(rule) &&
      within(rule),
  );
  if (matching.length > 1) return { kind: 'ambiguous' };
  const [rule] = matching;
  if (rule === undefined) return { kind: 'priced', amounts: sum(a.amounts, b.amounts), transfer: null };
  const transfer =
    (rule.fare_product_id ?? '') === ''
      ? new Map<string, number>()
      : amountsOf(tables, rule.fare_product_id ?? '');
  const type = Number(rule.fare_transfer_type);
  const amounts =
    type === 0 ? sum(a.amounts, transfer) : type === 1 ? sum(a.amounts, transfer, b.amounts) : sum(transfer);
  return { kind: 'priced', amounts, transfer: type };
}

/** The default category's price of a leg (what the site calls the fare), or null when the feed gives none. */
export function fullFare(fare: LegFare): number | null {
  if (fare.kind !== 'priced') return null;
  return fare.amounts.get(fare.defaultCategory ?? '') ?? fare.amounts.get('') ?? null;
}
