import { MESSAGES } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, adminApp } from './admin-helpers.ts';

/**
 * Issue 25: a JSON body that is not valid UTF-8 is refused with 400 and a clear message on
 * tRPC and on the old REST paths, and nothing is stored. Before, `{"name":"x\xed\xa0\x80y"}`
 * (the UTF-8 bytes of a lone surrogate) was stored as replacement characters.
 */

const REFUSED = 'The request body is not valid UTF-8 text: nothing was saved';

let t: AdminTestApp;
beforeAll(async () => {
  t = await adminApp();
});
afterAll(() => t.app.close());

/** JSON text with raw bytes spliced in where `\u0000` stands. */
function body(json: string, bytes: number[]): Buffer {
  const [before = '', after = ''] = json.split('\u0000');
  return Buffer.concat([Buffer.from(before, 'utf8'), Buffer.from(bytes), Buffer.from(after, 'utf8')]);
}

/** Byte sequences that are no UTF-8 (RFC 3629), each inside a holiday's name. */
const BROKEN: [string, number[]][] = [
  ['a lone surrogate (CESU-8)', [0xed, 0xa0, 0x80]],
  ['a Latin-1 byte', [0xe9]],
  ['an overlong slash', [0xc0, 0xaf]],
  ['a truncated sequence', [0xc5]],
  ['a stray continuation byte', [0x80]],
  ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
];

async function holidays(): Promise<unknown> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/holidays/all',
    headers: { authorization: `Bearer ${t.adminToken}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

function post(url: string, payload: Buffer, contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${t.adminToken}` },
  });
}

describe('JSON bodies that are not valid UTF-8', () => {
  it.each(BROKEN)('the old REST path refuses %s with 400 and stores nothing', async (_label, bytes) => {
    const before = await holidays();
    const res = await post('/api/holidays/save1', body('{"name":"x\u0000y","month":2,"day":3}', bytes));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, error: 'Bad Request', message: REFUSED });
    expect(await holidays()).toEqual(before);
  });

  it.each(BROKEN)(
    'tRPC refuses %s with 400, keyed like every message, and stores nothing',
    async (_label, bytes) => {
      const before = await holidays();
      for (const url of ['/trpc/admin.holidays.save', '/trpc/admin.holidays.save?batch=1']) {
        const json = url.includes('batch')
          ? '{"0":{"id":null,"name":"x\u0000y","month":2,"day":3}}'
          : '{"id":null,"name":"x\u0000y","month":2,"day":3}';
        const res = await post(url, body(json, bytes), 'application/json; charset=utf-8');
        expect(res.statusCode, url).toBe(400);
        const answer = res.json() as { error: { message: string; data: Record<string, unknown> } };
        expect(answer.error.message, url).toBe(REFUSED);
        expect(answer.error.data, url).toMatchObject({
          code: 'BAD_REQUEST',
          httpStatus: 400,
          messageKey: 'bodyNotUtf8',
          messageParams: {},
        });
      }
      expect(await holidays()).toEqual(before);
    },
  );

  it('the sign-in refuses one before looking at the password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: body('{"username":"boss\u0000","password":"2025"}', [0xff]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REFUSED);
    const viaTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { 'content-type': 'application/json' },
      payload: body('{"username":"boss\u0000","password":"2025"}', [0xff]),
    });
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json().error.data.messageKey).toBe('bodyNotUtf8');
  });
});

describe('valid UTF-8 goes through as before', () => {
  it('stores Lithuanian letters and characters outside the BMP exactly (old REST path)', async () => {
    const name = 'Žolinė 🚌';
    const res = await post(
      '/api/holidays/save1',
      Buffer.from(JSON.stringify({ name, month: 8, day: 15 }), 'utf8'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe(name);
  });

  it('tRPC still reads valid bodies and still answers broken JSON as it did', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from(JSON.stringify({ username: 'ąčę', password: 'wrong-password' }), 'utf8'),
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().error.message).toBe(MESSAGES.badCredentials);
    const broken = await post('/trpc/admin.holidays.save', Buffer.from('{"id":null,', 'utf8'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).not.toBe(REFUSED);
  });

  it('the old REST paths still refuse broken JSON and a __proto__ key with 400', async () => {
    expect((await post('/api/holidays/save1', Buffer.from('{"name":', 'utf8'))).statusCode).toBe(400);
    const proto = await post(
      '/api/holidays/save1',
      Buffer.from('{"name":"x","month":1,"day":2,"__proto__":{"admin":true}}', 'utf8'),
    );
    expect(proto.statusCode).toBe(400);
  });
});

/** JSON text whose string holds a lone surrogate, written as JSON writes it: valid UTF-8 bytes. */
const LONE = (text: string) => text.replace('\u0000', '\\ud800');

describe('texts that hold a lone surrogate (JSON "\\ud800": valid UTF-8 that is no Unicode)', () => {
  it('the old REST paths refuse them with 400 naming the field, and store nothing', async () => {
    const before = await holidays();
    const holiday = await post(
      '/api/holidays/save1',
      Buffer.from(LONE('{"name":"x\u0000y","month":2,"day":3}')),
    );
    expect(holiday.statusCode).toBe(400);
    expect(holiday.json().message).toBe(
      'name holds a broken character (a lone surrogate), which is not text',
    );
    expect(await holidays()).toEqual(before);
    const stop = await post(
      '/api/busstop/save/one',
      Buffer.from(LONE('{"id":7,"name":"Stop\u0000","coords":null,"defaultOption":false}')),
    );
    expect(stop.statusCode).toBe(400);
    expect(stop.json().message).toMatch(/^name holds a broken character/);
    // A low surrogate alone, deeper in the body.
    const low = await post(
      '/api/holidays/save1',
      Buffer.from('{"name":"ok","month":2,"day":3,"extra":[{"a":"\\udc00"}]}'),
    );
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toMatch(/^extra\.0\.a holds a broken character/);
  });

  it('tRPC refuses them with 400, keyed, naming the field, for a stop, a holiday and a notice', async () => {
    const calls: [string, string, string][] = [
      ['admin.holidays.save', '{"id":null,"name":"x\u0000y","month":2,"day":3}', 'name'],
      [
        'admin.stops.save',
        '{"id":7,"name":"Stop\u0000","coords":null,"defaultOption":true,"baseVersion":0}',
        'name',
      ],
      [
        'admin.serviceChanges.save',
        '{"id":null,"kind":"notice","from":"2026-12-03","titleLt":"Pranešimas\u0000","titleEn":"Notice","baseVersion":0}',
        'titleLt',
      ],
    ];
    for (const [path, json, field] of calls) {
      const res = await post(`/trpc/${path}`, Buffer.from(LONE(json)));
      expect(res.statusCode, path).toBe(400);
      const answer = res.json() as { error: { message: string; data: Record<string, unknown> } };
      expect(answer.error.data, path).toMatchObject({
        httpStatus: 400,
        messageKey: 'textNotUnicode',
        messageParams: { field },
      });
      expect(answer.error.message, path).toBe(
        `${field} holds a broken character (a lone surrogate), which is not text`,
      );
    }
    // A pair of surrogates is one character outside the BMP: it goes through.
    const pair = await post(
      '/trpc/admin.holidays.save',
      Buffer.from('{"id":null,"name":"Autobusas \\ud83d\\ude8c","month":2,"day":4,"baseVersion":0}'),
    );
    expect(pair.statusCode, pair.body).toBe(200);
  });
});
