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
