/**
 * The timetable home's path (the first entry of pages.ts's table), in a module of its own: the
 * router of the home's first bundle imports it, and a bundler puts a module in one chunk whole,
 * so importing it from pages.ts would carry the whole table (with its heads, which the browser
 * never uses) into that bundle instead of the other pages' lazy chunk.
 */
export const HOME_PATH = '/';

/** The departure board of a station screen (issue 42), for the same reason: the layout drops its menu there. */
export const BOARD_PATH = '/board';

/** Whether a path (without its query) is the board's: '/board', or '/board/' as the router takes it too. */
export function isBoardPath(path: string): boolean {
  return path.replace(/\/+$/, '') === BOARD_PATH;
}
