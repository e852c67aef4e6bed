/**
 * The browser-safe slice of @bus/core used by the public pages. It comes from
 * `@bus/core/browser`, core's zod-free entry: the package's main entry also builds its zod
 * schemas at module level, which would add zod (~25 KB gzip) to the initial bundle.
 */
export {
  addDays,
  BOARD_MAX_STOPS,
  BOARD_PATH,
  DIRECTIONS,
  type Direction,
  departureBay,
  effectivePeriods,
  foldText,
  HOME_PATH,
  HOME_STOP_ID,
  isBoardPath,
  isIsoDate,
  normalizeDeparturesQuery,
  PAGE_KEYS,
  PAGES,
  type PageKey,
  type PageParams,
  parseTime,
  rulePassesOn,
  SERVICE_TIME_ZONE,
  stopLabel,
  VILNIUS_MINUTE_PARTS,
  type VilniusNow,
  vilniusInstant,
  vilniusNow,
  vilniusTime,
  WEEKDAYS,
  WHOLE_YEAR_RULE_NAME,
} from '@bus/core/browser';
