import { distanceMetres, type Position } from '@bus/core/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Loading } from '../../components/loading.tsx';
import { useDriveMessages } from '../../i18n/drive.ts';
import { formatDate } from '../../i18n/format.ts';
import { useMessages, useServerMessages } from '../../i18n/index.ts';
import { errorText } from '../../lib/error-text.ts';
import { readStoredUser } from '../../lib/stored-user.ts';
import { clearStoredUser, storeUser } from '../../lib/stored-user-write.ts';
import { useTRPC, useTRPCClient } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import {
  type CurrentTrip,
  DriveApiProvider,
  type DriveTrip,
  httpStatusOf,
  type ReportAnswer,
} from './drive-api.tsx';
import { type Fix, ReportQueue, signalLost } from './report-queue.ts';
import { type PositionProblem, type Positions, usePositions, useWakeLock } from './use-positions.ts';
import './drive.css';

/**
 * The drivers' page (/drive, issue 40), phone first: a driver signs in with a ROLE_DRIVER
 * account, picks one of the trips about to start near the phone (or types the line and the
 * time), starts it, and the page sends the phone's position while the trip runs (report-queue.ts
 * says which and when), keeps the screen on, and says plainly what the server answered and what
 * is wrong (no signal, no permission, no connection, a refused position). Stop ends the trip; at
 * its last stop the trip ends by itself and the page offers the next one. A reload finds the
 * started trip again (drive.current). Everything is in its own chunk, with its own React Query
 * and tRPC client, as the admin board's; a driver's account opens nothing of the admin board.
 */
export function DrivePage() {
  const t = useDriveMessages();
  useDocumentTitle(t.heading);
  return (
    <div className="drive">
      <h1>{t.heading}</h1>
      <DriveApiProvider>
        <SignedInOrNot />
      </DriveApiProvider>
    </div>
  );
}

function SignedInOrNot() {
  const [signedIn, setSignedIn] = useState(() => Boolean(readStoredUser()?.accessToken));
  const [sessionEnded, setSessionEnded] = useState(false);
  // A new sign-in starts the signed-in part afresh (its answers were the other account's).
  const [session, setSession] = useState(0);
  const queryClient = useQueryClient();
  const signedInNow = () => {
    queryClient.clear();
    setSessionEnded(false);
    setSignedIn(true);
    setSession((n) => n + 1);
  };
  const signOut = useCallback(
    (ended: boolean) => {
      clearStoredUser();
      queryClient.clear();
      setSessionEnded(ended);
      setSignedIn(false);
    },
    [queryClient],
  );
  if (!signedIn) return <SignIn note={sessionEnded ? 'sessionEnded' : null} onSignedIn={signedInNow} />;
  return <Driver key={session} onSignOut={signOut} onSignedIn={signedInNow} />;
}

/** The driver's sign-in (the admin login's call, auth.signIn; the sign-in is kept as the admin's is). */
function SignIn({
  note,
  refusal,
  onSignedIn,
}: {
  note: 'sessionEnded' | null;
  refusal?: ReactNode;
  onSignedIn: () => void;
}) {
  const t = useDriveMessages().signIn;
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const id = useId();
  const [values, setValues] = useState({ username: '', password: '' });
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = useMutation(trpc.auth.signIn.mutationOptions());
  const missing = (field: 'username' | 'password') => tried && values[field].trim() === '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    const empty = (['username', 'password'] as const).find((f) => values[f].trim() === '');
    if (empty) {
      document.getElementById(`${id}-${empty}`)?.focus();
      return;
    }
    setFailure(null);
    signIn.mutate(values, {
      onSuccess: (result) => {
        if (!storeUser(result)) {
          setFailure(t.noToken);
          return;
        }
        onSignedIn();
      },
      onError: (error) => setFailure(errorText(error, serverMessages)),
    });
  };
  const field = (name: 'username' | 'password', label: string, type: string, autoComplete: string) => (
    <div className="drive-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        autoCapitalize="none"
        className="input"
        aria-invalid={missing(name) || undefined}
        aria-describedby={missing(name) ? `${id}-${name}-error` : undefined}
        value={values[name]}
        onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
      />
      {missing(name) && (
        <p id={`${id}-${name}-error`} className="drive-field__error">
          {t.required}
        </p>
      )}
    </div>
  );
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t.heading}</h2>
      {note === 'sessionEnded' && (
        <p className="drive-note" role="status">
          {t.sessionEnded}
        </p>
      )}
      {refusal}
      {failure !== null && (
        <p className="drive-problem" role="alert">
          {failure}
        </p>
      )}
      <form className="drive-form" noValidate onSubmit={submit}>
        {field('username', t.username, 'text', 'username')}
        {field('password', t.password, 'password', 'current-password')}
        <button type="submit" className="drive-button drive-button--go" disabled={signIn.isPending}>
          {signIn.isPending ? t.submitting : t.submit}
        </button>
      </form>
    </section>
  );
}

/** Where the driver is in a trip's life on this page. */
type Screen =
  | { kind: 'choose' }
  | { kind: 'chosen'; trip: DriveTrip }
  | { kind: 'driving'; trip: DriveTrip; passed: number }
  | { kind: 'over'; why: 'ended' | 'stopped'; trip: DriveTrip };

/** A signed-in account: the trip it drives now (drive.current), else the trips to choose from. */
function Driver({ onSignOut, onSignedIn }: { onSignOut: (ended: boolean) => void; onSignedIn: () => void }) {
  const t = useDriveMessages();
  const { retry } = useMessages().errors;
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const current = useQuery(trpc.drive.current.queryOptions());
  const status = current.isError ? httpStatusOf(current.error) : undefined;
  useEffect(() => {
    if (status === 401) onSignOut(true);
  }, [status, onSignOut]);

  const signOut = (
    <p className="drive-account">
      <button type="button" className="drive-button drive-button--quiet" onClick={() => onSignOut(false)}>
        {t.signOut}
      </button>
    </p>
  );
  if (current.isPending || status === 401) return <Loading />;
  if (current.isError) {
    const refusal = (
      <p className="drive-problem" role="alert">
        {errorText(current.error, serverMessages)}
      </p>
    );
    // Signed in, but not with a driver's account (the server's driverRequired): sign in as one.
    if (status === 403) return <SignIn note={null} refusal={refusal} onSignedIn={onSignedIn} />;
    return (
      <>
        {refusal}
        <button type="button" className="drive-button" onClick={() => current.refetch()}>
          {retry}
        </button>
      </>
    );
  }
  return (
    <>
      <DriverScreens restored={current.data} />
      {signOut}
    </>
  );
}

function DriverScreens({ restored }: { restored: CurrentTrip | null }) {
  const positions = usePositions();
  const [screen, setScreen] = useState<Screen>(() =>
    restored === null
      ? { kind: 'choose' }
      : restored.ended
        ? { kind: 'over', why: 'ended', trip: restored }
        : { kind: 'driving', trip: restored, passed: restored.passed },
  );
  const pick = (trip: DriveTrip) => setScreen({ kind: 'chosen', trip });
  switch (screen.kind) {
    case 'choose':
      return <Choose positions={positions} onPick={pick} />;
    case 'chosen':
      return (
        <Chosen
          trip={screen.trip}
          onStarted={(trip) => setScreen({ kind: 'driving', trip, passed: 0 })}
          onBack={() => setScreen({ kind: 'choose' })}
        />
      );
    case 'driving':
      return (
        <Driving
          key={screen.trip.tripId}
          trip={screen.trip}
          passed={screen.passed}
          positions={positions}
          onOver={(why) => setScreen({ kind: 'over', why, trip: screen.trip })}
        />
      );
    case 'over':
      return <Over why={screen.why} trip={screen.trip} positions={positions} onPick={pick} />;
  }
}

/** The words for a position problem, or null. */
function problemText(t: ReturnType<typeof useDriveMessages>, problem: PositionProblem | null): string | null {
  if (problem === 'denied') return t.driving.permissionLost;
  if (problem === 'unsupported') return t.driving.noGeolocation;
  if (problem === 'unavailable') return t.driving.unavailable;
  return null;
}

/** Asked again for the trips near the phone only when it has moved this far. */
const NEAR_AGAIN_METRES = 200;

/** The trips about to start near the phone, and the line and time typed. */
function Choose({
  positions,
  onPick,
  heading,
  except,
}: {
  positions: Positions;
  onPick: (trip: DriveTrip) => void;
  heading?: string;
  /** The trip just over: not offered again. */
  except?: number;
}) {
  const t = useDriveMessages();
  const trpc = useTRPC();
  const id = useId();
  const [asked, setAsked] = useState<Position | null>(null);
  const { latest, problem } = positions;
  useEffect(() => {
    if (latest !== null && (asked === null || distanceMetres(asked, latest) > NEAR_AGAIN_METRES))
      setAsked({ lat: latest.lat, lon: latest.lon });
  }, [latest, asked]);
  const near = useQuery({
    ...trpc.drive.near.queryOptions(asked),
    enabled: asked !== null,
    // The trips about to start move on with the clock.
    refetchInterval: 60_000,
  });
  const problemWords = problemText(t, problem);
  return (
    <>
      <section aria-labelledby={`${id}-near`}>
        <h2 id={`${id}-near`}>{heading ?? t.choose.nearHeading}</h2>
        <div role="status">{asked === null && problemWords === null && <p>{t.choose.locating}</p>}</div>
        {problemWords !== null && asked === null && <p className="drive-problem">{problemWords}</p>}
        {near.data && (
          <TripList
            trips={near.data.filter((trip) => trip.tripId !== except)}
            empty={t.choose.none}
            onPick={onPick}
          />
        )}
      </section>
      <FindTrip onPick={onPick} />
    </>
  );
}

function TripList({
  trips,
  empty,
  onPick,
}: {
  trips: readonly DriveTrip[];
  empty: string;
  onPick: (trip: DriveTrip) => void;
}) {
  const t = useDriveMessages().choose;
  if (trips.length === 0) return <p className="drive-note">{empty}</p>;
  return (
    <ul className="drive-trips">
      {trips.map((trip) => (
        <li key={trip.tripId}>
          <button type="button" className="drive-trip" onClick={() => onPick(trip)}>
            <span className="drive-trip__title">{t.trip(trip.lineName, trip.departure)}</span>
            <span>{t.route(trip.from, trip.to)}</span>
            {trip.metres !== null && <span className="drive-trip__away">{t.away(trip.metres)}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** "Type the line and the time" (drive.find): for a phone without a position, or a driver who knows. */
function FindTrip({ onPick }: { onPick: (trip: DriveTrip) => void }) {
  const t = useDriveMessages().choose;
  const trpc = useTRPC();
  const id = useId();
  const [line, setLine] = useState('');
  const [time, setTime] = useState('');
  const [asked, setAsked] = useState<{ line: string; time: string } | null>(null);
  const found = useQuery({
    ...trpc.drive.find.queryOptions(asked ?? { line: '-', time: '00:00' }),
    enabled: asked !== null,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (line.trim() !== '' && /^\d{2}:\d{2}$/.test(time)) setAsked({ line: line.trim(), time });
  };
  return (
    <section aria-labelledby={`${id}-find`}>
      <h2 id={`${id}-find`}>{t.findHeading}</h2>
      <form className="drive-form drive-form--find" onSubmit={submit}>
        <div className="drive-field">
          <label htmlFor={`${id}-line`}>{t.line}</label>
          <input
            id={`${id}-line`}
            className="input"
            autoCapitalize="characters"
            autoComplete="off"
            required
            value={line}
            onChange={(event) => setLine(event.target.value)}
          />
        </div>
        <div className="drive-field">
          <label htmlFor={`${id}-time`}>{t.time}</label>
          <input
            id={`${id}-time`}
            className="input"
            type="time"
            required
            aria-describedby={`${id}-time-hint`}
            value={time}
            onChange={(event) => setTime(event.target.value)}
          />
          <p id={`${id}-time-hint`} className="drive-field__hint">
            {t.timeHint}
          </p>
        </div>
        <button type="submit" className="drive-button">
          {t.find}
        </button>
      </form>
      {found.data && <TripList trips={found.data} empty={t.notFound} onPick={onPick} />}
    </section>
  );
}

/** One trip picked: its stops, and Start. */
function Chosen({
  trip,
  onStarted,
  onBack,
}: {
  trip: DriveTrip;
  onStarted: (trip: DriveTrip) => void;
  onBack: () => void;
}) {
  const t = useDriveMessages().choose;
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const id = useId();
  const start = useMutation(trpc.drive.start.mutationOptions());
  return (
    <section aria-labelledby={`${id}-trip`}>
      <h2 id={`${id}-trip`}>{t.trip(trip.lineName, trip.departure)}</h2>
      <p className="drive-route">{t.route(trip.from, trip.to)}</p>
      {start.isError && (
        <p className="drive-problem" role="alert">
          {errorText(start.error, serverMessages)}
        </p>
      )}
      <button
        type="button"
        className="drive-button drive-button--go"
        disabled={start.isPending}
        onClick={() => start.mutate({ tripId: trip.tripId }, { onSuccess: onStarted })}
      >
        {start.isPending ? t.starting : t.start}
      </button>
      <button type="button" className="drive-button" onClick={onBack}>
        {t.back}
      </button>
      <StopList trip={trip} passed={0} />
    </section>
  );
}

function StopList({ trip, passed }: { trip: DriveTrip; passed: number }) {
  const t = useDriveMessages().choose;
  return (
    <ol className="drive-stops" aria-label={t.stops}>
      {trip.stops.map((stop, index) => (
        <li key={`${stop.stopId}-${index}`} className={index < passed ? 'is-passed' : undefined}>
          <span className="drive-stops__time">{stop.time}</span> {stop.name}
        </li>
      ))}
    </ol>
  );
}

/** What the page says while a trip runs, beside the server's last answer. */
interface DrivingState {
  passed: number;
  delaySeconds: number | null;
  /** When the last position the server took was taken. */
  sentAt: number | null;
  refusal: string | null;
  offline: boolean;
  lost: boolean;
}

/** A trip under way: the positions go to the server (report-queue.ts), its answers are shown. */
function Driving({
  trip,
  passed,
  positions,
  onOver,
}: {
  trip: DriveTrip;
  passed: number;
  positions: Positions;
  onOver: (why: 'ended' | 'stopped') => void;
}) {
  const t = useDriveMessages();
  const { locale } = useMessages().app;
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const id = useId();
  const [state, setState] = useState<DrivingState>({
    passed,
    delaySeconds: null,
    sentAt: null,
    refusal: null,
    offline: false,
    lost: false,
  });
  const awake = useWakeLock(true);
  const stop = useMutation(trpc.drive.stop.mutationOptions());

  // The sending, kept across renders: one queue for the trip, the newest handlers.
  const queue = useRef(new ReportQueue());
  const mounted = useRef(false);
  const handlers = useRef({ onOver, serverMessages });
  handlers.current = { onOver, serverMessages };
  const { subscribe, latest } = positions;
  const latestRef = useRef(latest);
  latestRef.current = latest;

  useEffect(() => {
    mounted.current = true;
    const startedAt = Date.now();
    const answered = (fix: Fix, answer: ReportAnswer) => {
      queue.current.sent(fix, Date.now());
      if (!mounted.current) return;
      setState((s) => ({
        ...s,
        passed: answer.passed,
        delaySeconds: answer.delaySeconds,
        sentAt: fix.at,
        refusal: null,
        offline: false,
      }));
      if (answer.ended) handlers.current.onOver('ended');
      else pump();
    };
    const failed = (fix: Fix, error: unknown) => {
      // No answer at all: no connection. Any answer: the server refused it, in words.
      if (httpStatusOf(error) === undefined) queue.current.offline(fix, Date.now());
      else queue.current.sent(fix, Date.now());
      if (!mounted.current) return;
      setState((s) =>
        queue.current.isOffline
          ? { ...s, offline: true }
          : { ...s, offline: false, refusal: errorText(error, handlers.current.serverMessages) },
      );
    };
    const send = (fix: Fix) =>
      client.drive.report
        .mutate({
          tripId: trip.tripId,
          at: fix.at,
          lat: fix.lat,
          lon: fix.lon,
          accuracy: fix.accuracy,
          heading: fix.heading,
        })
        .then(
          (answer) => answered(fix, answer),
          (error: unknown) => failed(fix, error),
        );
    const pump = () => {
      const due = queue.current.next(Date.now());
      if (due) void send(due);
    };
    const arrived = (fix: Fix) => {
      // A position: the signal is back at once.
      if (mounted.current) setState((s) => (s.lost ? { ...s, lost: false } : s));
      const due = queue.current.add(fix, Date.now());
      if (due) void send(due);
    };
    // The newest position known when the trip starts (or the page loads again) goes first.
    if (latestRef.current) arrived(latestRef.current);
    const unsubscribe = subscribe(arrived);
    const timer = setInterval(() => {
      pump();
      const lost = signalLost(latestRef.current?.at ?? null, startedAt, Date.now());
      setState((s) => (s.lost === lost ? s : { ...s, lost }));
    }, 1000);
    const online = () => {
      queue.current.online();
      pump();
    };
    addEventListener('online', online);
    return () => {
      mounted.current = false;
      unsubscribe();
      clearInterval(timer);
      removeEventListener('online', online);
    };
  }, [client, subscribe, trip.tripId]);

  const next = trip.stops[state.passed];
  const problems = [
    problemText(t, positions.problem),
    state.lost && positions.problem === null ? t.driving.signalLost : null,
    state.offline ? t.driving.offline : null,
    state.refusal,
    stop.isError ? errorText(stop.error, serverMessages) : null,
  ].filter((p): p is string => p !== null);

  return (
    <section aria-labelledby={`${id}-trip`} className="drive-driving">
      <h2 id={`${id}-trip`}>{t.choose.trip(trip.lineName, trip.departure)}</h2>
      <p className="drive-route">{t.choose.route(trip.from, trip.to)}</p>
      <div className="drive-status" role="status">
        <p className="drive-delay">
          {state.delaySeconds === null
            ? t.driving.waiting
            : t.driving.delay(Math.round(state.delaySeconds / 60))}
        </p>
        <p>{t.driving.passed(state.passed, trip.stops.length)}</p>
        {next && <p>{t.driving.nextStop(next.name)}</p>}
      </div>
      <div className="drive-problems" role="alert">
        {problems.map((problem) => (
          <p key={problem} className="drive-problem">
            {problem}
          </p>
        ))}
      </div>
      {state.sentAt !== null && (
        <p className="drive-sent">
          {t.driving.sent(formatDate(locale, 'timeSeconds', new Date(state.sentAt)))}
        </p>
      )}
      {awake && <p className="drive-note">{t.driving.awake}</p>}
      <button
        type="button"
        className="drive-button drive-button--stop"
        disabled={stop.isPending}
        onClick={() => stop.mutate({ tripId: trip.tripId }, { onSuccess: () => onOver('stopped') })}
      >
        {stop.isPending ? t.driving.stopping : t.driving.stop}
      </button>
      <StopList trip={trip} passed={state.passed} />
    </section>
  );
}

/** The trip is over (ended at its last stop, or stopped): the next trips from where the bus is. */
function Over({
  why,
  trip,
  positions,
  onPick,
}: {
  why: 'ended' | 'stopped';
  trip: DriveTrip;
  positions: Positions;
  onPick: (trip: DriveTrip) => void;
}) {
  const t = useDriveMessages().over;
  return (
    <>
      <p className="drive-over" role="status">
        {why === 'ended' ? t.ended : t.stopped}
      </p>
      <Choose positions={positions} onPick={onPick} heading={t.nextHeading} except={trip.tripId} />
    </>
  );
}
