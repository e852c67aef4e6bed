/** Pure helpers of the history screen (tested without a DOM). */

export const HISTORY_KINDS = [
  'line',
  'schedule',
  'rules',
  'holiday',
  'stop',
  'service_change',
  // The changes between buses.
  'change_rules',
  // Issue 41: fares.
  'fare_rule',
  'concession',
  'through_fare',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export interface HistoryFilter {
  kind?: HistoryKind;
  lineId?: number;
  username?: string;
}

/** The filter kept in the address (?kind=line&line=3&user=boss), so a view can be linked. */
export function filterFromSearch(search: string): HistoryFilter {
  const params = new URLSearchParams(search);
  const filter: HistoryFilter = {};
  const kind = params.get('kind');
  if (kind && (HISTORY_KINDS as readonly string[]).includes(kind)) filter.kind = kind as HistoryKind;
  const line = Number(params.get('line'));
  if (Number.isInteger(line) && line > 0) filter.lineId = line;
  const user = params.get('user')?.trim();
  if (user) filter.username = user;
  return filter;
}

export function searchFromFilter(filter: HistoryFilter): string {
  const params = new URLSearchParams();
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.lineId !== undefined) params.set('line', String(filter.lineId));
  if (filter.username) params.set('user', filter.username);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The cache key of the history pages for a filter: the procedure's path (tRPC's pathKey) and
 * the input, marked as an infinite query the way tRPC marks its own.
 */
export function historyPagesKey<P extends readonly unknown[]>(path: P, filter: HistoryFilter) {
  return [...path, { input: filter, type: 'infinite' }] as const;
}

/**
 * A changed field's path as staff read it: 'trips[id=130].timeList[2]' -> 'trips #130 › timeList 3',
 * 'info.name' -> 'info › name'; '' (the whole thing) -> null.
 */
export function fieldLabel(path: string): string | null {
  if (path === '') return null;
  return path
    .replace(/\[id=(\d+)\]/g, ' #$1')
    .replace(/\[(\d+)\]/g, (_, index: string) => ` ${Number(index) + 1}`)
    .split('.')
    .join(' › ')
    .trim();
}

/**
 * A field label cut where a line may break on a phone: between the words of a camelCase name
 * ('enabledSeasonalYearlyRuleFilter' -> 'enabled', 'Seasonal', ...), never inside a word.
 */
export function labelBreaks(label: string): string[] {
  return label.split(/(?<=[a-z])(?=[A-Z])/);
}
