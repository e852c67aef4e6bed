/**
 * The timetable home's path (the first entry of pages.ts's table), in a module of its own: the
 * router of the home's first bundle imports it, and a bundler puts a module in one chunk whole,
 * so importing it from pages.ts would carry the whole table (with its heads, which the browser
 * never uses) into that bundle instead of the other pages' lazy chunk.
 */
export const HOME_PATH = '/';
