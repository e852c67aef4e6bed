/**
 * The site's own address for links that leave the site (issue 42): the printed timetables' QR
 * codes and footers, and the stop widget's code other sites paste. Pure.
 */

/**
 * The site's base address: the Publishing screen's site address (`timetable.site`, and the
 * print answers' `siteUrl`) without its trailing slashes, else the page's own origin.
 */
export function siteOf(siteUrl: string | null, origin: string): string {
  const set = siteUrl?.trim() ?? '';
  return (set === '' ? origin : set).replace(/\/+$/, '');
}
