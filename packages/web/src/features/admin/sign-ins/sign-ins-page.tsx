import type { AppRouter } from '@bus/server';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { Fragment, type ReactNode } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useMessages } from '../../../i18n/index.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { FetchButton, LoadError } from '../ui/bits.tsx';
import './sign-ins.css';

type Refused = inferRouterOutputs<AppRouter>['admin']['signIns']['refused'];
type RefusedItem = Refused['items'][number];

/** How often the open page asks again by itself: lockouts end within minutes. */
const REFRESH_MS = 30_000;

/**
 * Refused sign-ins (/admin-panel/sign-ins, issue 37): the wrong passwords of the sign-in limits'
 * window per account name and client address (admin.signIns.refused), newest first, each with
 * whether that address is locked out of that account now and until when (Vilnius time).
 */
export function SignInsPage() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  // Always asked afresh, and again while open: the page is for seeing what happens now.
  const refused = useQuery({
    ...trpc.admin.signIns.refused.queryOptions(),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: REFRESH_MS,
  });

  const refresh = (
    <FetchButton
      fetching={refused.isFetching}
      text={m.signIns.refresh}
      busyText={m.signIns.refreshing}
      onFetch={refused.refetch}
    />
  );
  let body: ReactNode;
  if (refused.isPending) body = <Loading />;
  else if (refused.isError)
    body = (
      <>
        <LoadError error={refused.error} />
        <div className="actions-bar">{refresh}</div>
      </>
    );
  else body = <Report report={refused.data} refresh={refresh} />;

  return (
    <div className="sign-ins">
      <h1>{m.signIns.heading}</h1>
      {body}
    </div>
  );
}

/** The answer: what the list is, the verdict, when it was read (with the refresh), the rows. */
function Report({ report, refresh }: { report: Refused; refresh: ReactNode }) {
  const m = useAdminMessages();
  const { locale } = useMessages().app;
  const { items, total, windowMinutes, limit } = report;
  const lockedAddresses = new Set(items.filter((item) => item.lockedBy !== null).map((i) => i.address)).size;
  const verdict =
    items.length === 0
      ? m.signIns.empty(windowMinutes)
      : lockedAddresses > 0
        ? m.signIns.locked(lockedAddresses)
        : m.signIns.noneLocked;
  return (
    <>
      <p className="sign-ins__intro">{m.signIns.intro(windowMinutes, limit)}</p>
      <p className={`verdict sign-ins__verdict ${lockedAddresses > 0 ? 'is-bad' : 'is-good'}`} role="status">
        {verdict}
      </p>
      <div className="actions-bar sign-ins__as-of">
        <p className="field-hint">
          {m.signIns.asOf(formatDate(locale, 'dateTime', new Date(report.at)))}
          {total > items.length && ` ${m.signIns.shown(items.length, total)}`}
        </p>
        {refresh}
      </div>
      {lockedAddresses > 0 && (
        <p className="field-hint">
          {m.signIns.unlock} <code>pnpm cli user unlock {m.signIns.unlockName}</code>
        </p>
      )}
      {items.length > 0 && (
        <div className="table-wrap">
          <table className="table sign-ins-table">
            <caption className="sr-only">{m.signIns.table}</caption>
            <thead>
              <tr>
                <th scope="col">{m.signIns.colAccount}</th>
                <th scope="col">{m.signIns.colAddress}</th>
                <th scope="col" className="num">
                  {m.signIns.colFailures}
                </th>
                <th scope="col">{m.signIns.colLast}</th>
                <th scope="col">{m.signIns.colStatus}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <Row key={`${item.username}\u0000${item.address}`} item={item} limit={limit} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** One account name and address; on a phone a block with each value under its heading's words. */
function Row({ item, limit }: { item: RefusedItem; limit: number }) {
  const m = useAdminMessages();
  const { locale } = useMessages().app;
  const time = (iso: string) => formatDate(locale, 'timeSeconds', new Date(iso));
  return (
    <tr className={item.lockedBy === null ? undefined : 'is-locked'}>
      <td data-label={m.signIns.colAccount}>
        {/* A name is whatever was typed: isolated, so its direction cannot turn the row around. */}
        <bdi className="sign-ins__name">{item.username}</bdi>
        {!item.account && <span className="field-hint sign-ins__no-account"> ({m.signIns.noAccount})</span>}
      </td>
      <td data-label={m.signIns.colAddress}>
        {item.address === '' ? (
          <span className="muted">{m.signIns.unknownAddress}</span>
        ) : (
          <span className="sign-ins__address">
            <Address address={item.address} />
          </span>
        )}
      </td>
      <td data-label={m.signIns.colFailures} className="num">
        <span className="sign-ins__count">{item.failures}</span>
        {/* Spaces keep the parts apart where the text is read whole (a screen reader, a copy). */}
        {item.nameFailures > item.failures && ' '}
        {item.nameFailures > item.failures && (
          <span className="field-hint sign-ins__of-name">{m.signIns.nameFailures(item.nameFailures)}</span>
        )}
      </td>
      <td data-label={m.signIns.colLast}>
        <time dateTime={item.lastAt}>{time(item.lastAt)}</time>
      </td>
      <td data-label={m.signIns.colStatus}>
        {item.lockedBy === null || item.lockedUntil === null ? (
          <span className="muted">{m.signIns.notLocked}</span>
        ) : (
          <>
            <span className="badge sign-ins__locked">{m.signIns.lockedUntil(time(item.lockedUntil))}</span>{' '}
            <span className="field-hint sign-ins__why">{m.signIns.lockedBy[item.lockedBy](limit)}</span>
          </>
        )}
      </td>
    </tr>
  );
}

/** An address that may break after each colon (IPv6), never inside a group of digits. */
function Address({ address }: { address: string }) {
  return address.split(':').map((part, index) => (
    // The parts of one address are fixed: their place is their key.
    <Fragment key={index}>
      {index > 0 && (
        <>
          :<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}
