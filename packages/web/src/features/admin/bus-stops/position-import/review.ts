import type { AdminOutputs } from '../../admin-api.tsx';

/** The server's proposals for a stops.txt (admin.stops.positionImportPreview). */
export type PositionImportPreviewData = AdminOutputs['stops']['positionImportPreview'];

/**
 * What staff chose for each stop in the review: the index of the place to save (a matched
 * stop has one place, 0; an ambiguous one, one of its candidates), or null: not saved.
 */
export type ReviewChoices = ReadonlyMap<number, number | null>;

/**
 * Matched stops are saved unless they already have a position (kept unless staff tick them);
 * an ambiguous stop waits for staff to choose a place.
 */
export function initialChoices(preview: PositionImportPreviewData): Map<number, number | null> {
  const choices = new Map<number, number | null>();
  for (const m of preview.matched) choices.set(m.stopId, m.current === null ? 0 : null);
  for (const a of preview.ambiguous) choices.set(a.stopId, null);
  return choices;
}

/**
 * A stop and the position chosen for it: what the save sends, and what the map of the bus
 * stops screen shows for review (its `proposals`).
 */
export interface PositionProposal {
  stopId: number;
  name: string;
  lat: number;
  lon: number;
}

/** The positions chosen, in the order the review lists them (matched, then ambiguous). */
export function chosenProposals(
  preview: PositionImportPreviewData,
  choices: ReviewChoices,
): PositionProposal[] {
  const proposals: PositionProposal[] = [];
  for (const m of preview.matched)
    if (choices.get(m.stopId) === 0) proposals.push({ stopId: m.stopId, name: m.name, ...m.position });
  for (const a of preview.ambiguous) {
    const chosen = choices.get(a.stopId);
    const candidate = chosen === null || chosen === undefined ? undefined : a.candidates[chosen];
    if (candidate) proposals.push({ stopId: a.stopId, name: a.name, ...candidate.position });
  }
  return proposals;
}
