import type { AppRouter } from '@bus/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { switchLanguage } from '../../../i18n/index.ts';
import { createTrpcClient, TRPCProvider } from '../../../lib/trpc.ts';
import { SignInsPage } from './sign-ins-page.tsx';

/** Server-side renders (no DOM needed) of the refused sign-ins with a fixed answer in the cache. */

type Refused = inferRouterOutputs<AppRouter>['admin']['signIns']['refused'];

// 10:08 UTC on 29 November is 12:08 in Vilnius (UTC+2 in winter).
const board = (items: Refused['items'], total = items.length): Refused => ({
  at: '2026-11-29T10:08:00.000Z',
  windowMinutes: 15,
  limit: 20,
  items,
  total,
});

const guessed: Refused['items'] = [
  {
    username: 'anna',
    address: '198.51.100.7',
    failures: 20,
    nameFailures: 21,
    lastAt: '2026-11-29T10:06:10.000Z',
    lockedBy: 'address',
    lockedUntil: '2026-11-29T10:18:00.000Z',
    account: true,
  },
  {
    username: 'anna',
    address: '198.51.100.8',
    failures: 1,
    nameFailures: 21,
    lastAt: '2026-11-29T10:05:00.000Z',
    lockedBy: 'name',
    lockedUntil: '2026-11-29T10:18:10.000Z',
    account: true,
  },
  {
    username: 'administrator',
    address: '2001:db8::17',
    failures: 3,
    nameFailures: 3,
    lastAt: '2026-11-29T10:02:00.000Z',
    lockedBy: null,
    lockedUntil: null,
    account: false,
  },
];

function render(data: Refused) {
  const queryClient = new QueryClient();
  const trpcClient = createTrpcClient();
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  queryClient.setQueryData(trpc.admin.signIns.refused.queryKey(), data);
  return renderToString(
    <Router ssrPath="/sign-ins">
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <SignInsPage />
        </TRPCProvider>
      </QueryClientProvider>
    </Router>,
  );
}

/** The text as read: tags are gaps (React's markers between two texts and word breaks are none). */
const text = (html: string) =>
  html
    .replaceAll('<!-- -->', '')
    .replace(/<wbr\/?>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&#x27;', "'");

/** The rows of the table as read, one string each. */
const rows = (html: string) =>
  [...html.matchAll(/<tr( class="is-locked")?>(.*?)<\/tr>/g)].slice(1).map((m) => text(m[0]).trim());

afterAll(() => switchLanguage('en'));

describe('refused sign-ins page', () => {
  it('says so when there are none, with the window', () => {
    const html = render(board([]));
    const shown = text(html);
    expect(shown).toContain('Refused sign-ins');
    expect(shown).toContain('No refused sign-ins in the last 15 minutes.');
    expect(shown).toContain('As of 2026-11-29 12:08, Vilnius time.');
    expect(html).toContain('class="verdict sign-ins__verdict is-good"');
    expect(html).not.toContain('<table');
    expect(shown).not.toContain('pnpm cli user unlock');
  });

  it('lists each account and address: count, the last one in Vilnius time, locked or not and until when', () => {
    const html = render(board(guessed));
    const shown = text(html);
    expect(shown).toContain('2 addresses are locked out of accounts now.');
    expect(html).toContain('class="verdict sign-ins__verdict is-bad"');
    expect(shown).toContain('Account Address Wrong passwords Last attempt Status');
    expect(rows(html)).toEqual([
      'anna 198.51.100.7 20 21 for the account in all 12:06:10 Locked out until 12:18:00 20 wrong passwords from this address',
      'anna 198.51.100.8 1 21 for the account in all 12:05:00 Locked out until 12:18:10 the account has had 20 from all addresses',
      'administrator (no such account) 2001:db8::17 3 12:02:00 Not locked',
    ]);
    expect(html.match(/<tr class="is-locked">/g)).toHaveLength(2);
    expect(html).toContain('<time dateTime="2026-11-29T10:06:10.000Z">12:06:10</time>');
    // The way out, shown while someone is locked out.
    expect(shown).toContain(
      'To lift an account’s limit at once, run on the server: pnpm cli user unlock <name>',
    );
    // Each value carries its heading for the phone layout.
    expect(html).toContain('<td data-label="Wrong passwords" class="num">');
    // An IPv6 address may break after its colons only.
    expect(html.replaceAll('<!-- -->', '')).toContain('2001:<wbr/>db8:<wbr/>:<wbr/>17');
  });

  it('says when only the newest are shown, and that an old failure has no address', () => {
    const legacy = { ...(guessed[2] as Refused['items'][number]), address: '' };
    const shown = text(render(board([legacy], 340)));
    expect(shown).toContain('No address is locked out now.');
    expect(shown).toContain('Showing the newest 1 of 340.');
    expect(rows(render(board([legacy], 340)))[0]).toContain('administrator (no such account) unknown 3');
  });

  it('in Lithuanian', async () => {
    await switchLanguage('lt');
    const shown = text(render(board(guessed, 240)));
    expect(shown).toContain('Nepavykę prisijungimai');
    expect(shown).toContain('Šiuo metu užblokuoti 2 adresai.');
    expect(shown).toContain('Duomenys 2026-11-29 12:08 Vilniaus laiku. Rodomi 3 naujausi iš 240.');
    expect(shown).toContain('Paskyra Adresas Neteisingi slaptažodžiai Paskutinis bandymas Būsena');
    expect(rows(render(board(guessed)))).toEqual([
      'anna 198.51.100.7 20 paskyrai iš viso 21 12:06:10 Užblokuotas iki 12:18:00 iš šio adreso 20 neteisingų slaptažodžių',
      'anna 198.51.100.8 1 paskyrai iš viso 21 12:05:00 Užblokuotas iki 12:18:10 paskyra iš visų adresų jau gavo 20',
      'administrator (tokios paskyros nėra) 2001:db8::17 3 12:02:00 Neužblokuotas',
    ]);
    expect(text(render(board([])))).toContain('Per pastarąsias 15 min. nepavykusių prisijungimų nebuvo.');
  });
});
