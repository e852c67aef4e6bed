/**
 * The first month (0 = January) of the calendar page holding `month` (1-12; null: none, January),
 * `shown` months at a time within one year: pages start at January and step by `shown` (Jan-Mar,
 * Apr-Jun, Jul-Sep, Oct-Dec for 3), so paging never ends on a page holding December alone, and a
 * page never runs past December. The picker opens on the page of the month picked and every
 * month change (paging, the keyboard moving past a page's edge) lands on the page it belongs to.
 */
export function pickerPageStart(month: number | null, shown: number): number {
  const size = Math.min(Math.max(1, Math.floor(shown)), 12);
  const index = month !== null && month >= 1 && month <= 12 ? month - 1 : 0;
  return Math.min(Math.floor(index / size) * size, 12 - size);
}
