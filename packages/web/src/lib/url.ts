/** Appends a query string (with or without its leading '?') to a path; '' adds nothing. */
export function withSearch(path: string, search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query ? `${path}?${query}` : path;
}
