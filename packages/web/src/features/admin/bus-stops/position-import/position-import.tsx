import {
  decodeUtf8Lines,
  type KeyedMessage,
  MAX_STOPS_TXT_CHARS,
  renderServerMessage,
  serverMessage,
} from '@bus/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { Alert } from '../../../../components/alert.tsx';
import { DataTable } from '../../../../components/data-table.tsx';
import { type AdminMessages, useAdminMessages } from '../../../../i18n/admin.ts';
import { type Language, useLanguage, useServerMessages } from '../../../../i18n/index.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { distanceText } from '../../logic/distance-text.ts';
import { ALERT_MS, useToasts } from '../../ui/toasts.tsx';
import { ProposalsMap } from './proposals-map.tsx';
import {
  chosenProposals,
  initialChoices,
  type PositionImportPreviewData,
  type PositionProposal,
  type ReviewChoices,
} from './review.ts';
import './position-import.css';

/**
 * "Import positions from GTFS" on the bus stops screen (issue 29): a stops.txt of another feed
 * is read by the server (admin.stops.positionImportPreview), its proposals reviewed here
 * (matched ticked, ambiguous with a chooser, unmatched listed) and the chosen ones saved in one
 * step (admin.stops.positionImportApply), against the version of the stops the preview showed.
 */
export function PositionImport() {
  const m = useAdminMessages();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((was) => !was)}
      >
        {m.positionImport.open}
      </button>
      {open && (
        <section id={`${id}-panel`} className="panel position-import" aria-labelledby={`${id}-heading`}>
          <h2 id={`${id}-heading`}>{m.positionImport.heading}</h2>
          <ImportPanel onClose={() => setOpen(false)} />
        </section>
      )}
    </>
  );
}

function ImportPanel({ onClose }: { onClose: () => void }) {
  const m = useAdminMessages();
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useMutation(trpc.admin.stops.positionImportPreview.mutationOptions());
  // What is wrong with the file before it is sent: too large, or not UTF-8 text (at its line).
  const [refused, setRefused] = useState<KeyedMessage | null>(null);
  const [choices, setChoices] = useState<ReviewChoices>(new Map());

  const read = async (file: File | undefined) => {
    preview.reset();
    setRefused(null);
    if (!file) return;
    const tooLarge = serverMessage('stopsTxtTooLarge', { max: MAX_STOPS_TXT_CHARS });
    // A character is at most 4 bytes: a larger file cannot fit, and is not read at all.
    if (file.size > 4 * MAX_STOPS_TXT_CHARS) {
      setRefused(tooLarge);
      return;
    }
    // Decoded strictly: file.text() would turn bytes that are not UTF-8 into U+FFFD silently.
    const decoded = decodeUtf8Lines(new Uint8Array(await file.arrayBuffer()));
    if (!decoded.ok) {
      setRefused(serverMessage('stopsTxtProblem', { line: decoded.line, problem: { kind: 'notUtf8' } }));
      return;
    }
    if (decoded.text.length > MAX_STOPS_TXT_CHARS) {
      setRefused(tooLarge);
      return;
    }
    const answer = await preview.mutateAsync({ stopsTxt: decoded.text }).catch(() => null);
    if (answer) setChoices(initialChoices(answer));
  };

  const refusedText = serverMessages && refused ? renderServerMessage(serverMessages, refused) : null;

  return (
    <>
      <p className="position-import__intro">{m.positionImport.intro}</p>
      <div className="toolbar">
        <div className="field">
          <label htmlFor={`${id}-file`}>{m.positionImport.file}</label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            className="input"
            accept=".txt,.csv,text/plain,text/csv"
            onChange={(event) => void read(event.target.files?.[0])}
          />
        </div>
        <button type="button" className="btn" onClick={onClose}>
          {m.positionImport.close}
        </button>
      </div>
      {preview.isPending && (
        <p className="muted" role="status">
          {m.positionImport.reading}
        </p>
      )}
      {refusedText && <Alert tone="danger">{refusedText}</Alert>}
      {preview.isError && <Alert tone="danger">{errorText(preview.error, serverMessages)}</Alert>}
      {preview.data && (
        <Review
          // A new file starts a new review.
          key={preview.submittedAt}
          preview={preview.data}
          choices={choices}
          onChoose={(stopId, choice) => setChoices((was) => new Map(was).set(stopId, choice))}
          onSaved={() => {
            preview.reset();
            if (fileInput.current) fileInput.current.value = '';
          }}
        />
      )}
    </>
  );
}

const positionText = ({ lat, lon }: { lat: number; lon: number }) => `${lat.toFixed(6)}, ${lon.toFixed(6)}`;

const feedNames = (stops: readonly { id: string; name: string }[]) =>
  [...new Set(stops.map((s) => s.name))].join(', ');

function candidateText(
  m: AdminMessages,
  language: Language,
  candidate: PositionImportPreviewData['ambiguous'][number]['candidates'][number],
): string {
  const near =
    candidate.nearMeters === null
      ? m.positionImport.noNeighbours
      : m.positionImport.nearNeighbours(distanceText(candidate.nearMeters, language));
  return `${positionText(candidate.position)} · ${feedNames(candidate.feedStops)} (${near})`;
}

function Review({
  preview,
  choices,
  onChoose,
  onSaved,
}: {
  preview: PositionImportPreviewData;
  choices: ReviewChoices;
  onChoose: (stopId: number, choice: number | null) => void;
  onSaved: () => void;
}) {
  const m = useAdminMessages();
  const language = useLanguage();
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const id = useId();
  const apply = useMutation(trpc.admin.stops.positionImportApply.mutationOptions());
  // The positions chosen: what the save sends, and the bus stops map's `proposals` for review.
  const proposals: PositionProposal[] = useMemo(() => chosenProposals(preview, choices), [preview, choices]);

  const save = async () => {
    const saved = await apply
      .mutateAsync({
        baseVersion: preview.version,
        positions: proposals.map(({ stopId, lat, lon }) => ({ stopId, lat, lon })),
      })
      .catch(() => null);
    if (!saved) return;
    toasts.success(m.positionImport.saved(proposals.length), ALERT_MS.standard);
    await queryClient.invalidateQueries({ queryKey: trpc.admin.stops.pathKey() });
    onSaved();
  };

  return (
    <div className="position-import__review">
      <p role="status">{m.positionImport.read(preview.feedStops, preview.skipped)}</p>
      <ProposalsMap proposals={proposals} />

      <h3 id={`${id}-matched`}>{m.positionImport.matched(preview.matched.length)}</h3>
      {preview.matched.length === 0 ? (
        <p>{m.positionImport.noneMatched}</p>
      ) : (
        <DataTable
          wrapClassName="position-import__matched"
          className="table admin-table position-import__table"
          columns={[
            m.positionImport.colSave,
            m.positionImport.colStop,
            m.positionImport.colProposed,
            m.positionImport.colInFile,
            m.positionImport.colNow,
          ]}
        >
          {preview.matched.map((match) => (
            <tr key={match.stopId}>
              <td>
                <input
                  type="checkbox"
                  className="checkbox"
                  aria-label={m.positionImport.saveOf(match.name, match.stopId)}
                  checked={choices.get(match.stopId) === 0}
                  onChange={(event) => onChoose(match.stopId, event.target.checked ? 0 : null)}
                />
              </td>
              <td>{match.name}</td>
              <td className="position">
                {positionText(match.position)}
                {match.by === 'nearness' && (
                  <span className="position-import__note">{m.positionImport.byNeighbours}</span>
                )}
              </td>
              <td>{feedNames(match.feedStops)}</td>
              <td className="position">
                {match.current === null ? (
                  <span className="muted">{m.stops.noPosition}</span>
                ) : (
                  <>
                    {positionText(match.current)}
                    <span className="position-import__note">
                      {m.positionImport.awayFromNow(distanceText(match.movedMeters ?? 0, language))}
                    </span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      {preview.ambiguous.length > 0 && (
        <>
          <h3>{m.positionImport.ambiguous(preview.ambiguous.length)}</h3>
          <ul className="position-import__choices">
            {preview.ambiguous.map((stop) => (
              <li key={stop.stopId} className="field">
                <label htmlFor={`${id}-choose-${stop.stopId}`}>
                  {m.positionImport.chooseOf(stop.name, stop.stopId)}
                </label>
                <select
                  id={`${id}-choose-${stop.stopId}`}
                  className="input select"
                  value={String(choices.get(stop.stopId) ?? '')}
                  onChange={(event) =>
                    onChoose(stop.stopId, event.target.value === '' ? null : Number(event.target.value))
                  }
                >
                  <option value="">{m.positionImport.dontSave}</option>
                  {stop.candidates.map((candidate, i) => (
                    <option key={positionText(candidate.position)} value={i}>
                      {candidateText(m, language, candidate)}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
        </>
      )}

      {preview.unmatched.length > 0 && (
        <>
          <h3>{m.positionImport.unmatched(preview.unmatched.length)}</h3>
          <ul className="position-import__unmatched">
            {preview.unmatched.map((stop) => (
              <li key={stop.stopId}>
                {stop.name} <span className="muted">({stop.stopId})</span>
              </li>
            ))}
          </ul>
        </>
      )}

      {apply.isError && <Alert tone="danger">{errorText(apply.error, serverMessages)}</Alert>}
      <div className="actions-bar">
        <button
          type="button"
          className="btn btn--primary"
          disabled={proposals.length === 0 || apply.isPending}
          onClick={() => void save()}
        >
          {apply.isPending ? m.positionImport.saving : m.positionImport.save(proposals.length)}
        </button>
      </div>
    </div>
  );
}
