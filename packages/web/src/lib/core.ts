/**
 * The browser-safe slice of @bus/core used by the public pages. It comes from
 * `@bus/core/browser`, core's zod-free entry: the package's main entry also builds its zod
 * schemas at module level, which would add zod (~25 KB gzip) to the initial bundle.
 */
export {
  addDays,
  type DeparturesQueryParts,
  DIRECTIONS,
  type Direction,
  effectivePeriods,
  foldText,
  HOME_STOP_ID,
  isIsoDate,
  matchRank,
  normalizeDeparturesQuery,
  parseTime,
  periodContains,
  prepareQuery,
  rulePassesOn,
  searchName,
  stopLabel,
  vilniusNow,
  WEEKDAYS,
  WHOLE_YEAR_RULE_NAME,
  weekdayName,
} from '@bus/core/browser';
