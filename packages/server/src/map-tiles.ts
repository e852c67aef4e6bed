/**
 * The map's background tiles (issue 29): where the maps of the site fetch them from
 * (`MAP_TILES_URL`, a Leaflet tile address with {z}, {x} and {y}, and {s} for a server letter)
 * and the attribution the tiles' licence asks for (`MAP_TILES_ATTRIBUTION`: the words, then the
 * address they link to in angle brackets). The default is the OpenStreetMap standard tiles,
 * whose usage policy asks for a Referer (the site's Referrer-Policy sends its origin), the
 * attribution linked to the copyright page, no bulk downloads, and no zoom beyond 19.
 */

export const DEFAULT_MAP_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILES_ATTRIBUTION =
  '© OpenStreetMap contributors <https://www.openstreetmap.org/copyright>';
/** The OpenStreetMap standard tiles go no further; the maps never ask for more. */
export const MAP_MAX_ZOOM = 19;

export interface MapTiles {
  /** The tile address, with {z}, {x}, {y} (and maybe {s}). */
  url: string;
  /** The attribution's words and the address they link to (null: plain words). */
  attribution: { text: string; href: string | null };
  maxZoom: number;
}

const PLACEHOLDERS = /\{(?:z|x|y|s|r)\}/g;

/** Why a tile address is refused, or null when it is a good one. */
export function tilesUrlProblem(url: string): string | null {
  if (!/^https?:\/\/\S+$/i.test(url))
    return 'must be an http(s) address like https://tile.openstreetmap.org/{z}/{x}/{y}.png';
  for (const part of ['{z}', '{x}', '{y}'])
    if (!url.includes(part)) return `must contain ${part} (the tile's zoom, column and row)`;
  try {
    new URL(url.replace(PLACEHOLDERS, 'a'));
  } catch {
    return 'is not a valid address';
  }
  return null;
}

/**
 * The Content-Security-Policy source that allows the tile images: the scheme and host of the
 * address, with a server letter ({s}.tile.example.org) as a wildcard (*.tile.example.org).
 */
export function tilesCspSource(url: string): string {
  const { protocol, host } = new URL(url.replace(/\{s\}/g, '__s__').replace(PLACEHOLDERS, '0'));
  const wildHost = host.replace(/^[^.]*__s__[^.]*\./, '*.');
  return `${protocol}//${wildHost}`;
}

/** 'Words <https://…>' -> the words and the link; words alone are not linked. */
export function parseAttribution(text: string): { text: string; href: string | null } | null {
  const match = /^(.*?)\s*<(https?:\/\/[^\s<>]+)>\s*$/s.exec(text.trim());
  const words = (match ? (match[1] ?? '') : text).trim();
  if (words === '' || /[<>]/.test(words)) return null;
  return { text: words, href: match?.[2] ?? null };
}

export function mapTiles(url: string, attribution: string): MapTiles {
  const parsed = parseAttribution(attribution);
  if (parsed === null) throw new Error(`MAP_TILES_ATTRIBUTION is not valid: ${attribution}`);
  return { url, attribution: parsed, maxZoom: MAP_MAX_ZOOM };
}
