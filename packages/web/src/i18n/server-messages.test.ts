import { renderServerMessage, SERVER_MESSAGE_KEYS, SERVER_MESSAGES, serverMessage } from '@bus/core';
import { SERVER_MESSAGE_SAMPLES, sampleMessage as sample } from '@bus/core/server-message-samples';
import { describe, expect, it } from 'vitest';
import { serverMessagesEn } from './server-messages-en.ts';
import { serverMessagesLt } from './server-messages-lt.ts';

describe('the server message catalogues', () => {
  it('have the same keys in both languages, the keys of the server', () => {
    const keys = [...SERVER_MESSAGE_KEYS].sort();
    expect(Object.keys(serverMessagesEn).sort()).toEqual(keys);
    expect(Object.keys(serverMessagesLt).sort()).toEqual(keys);
    expect(Object.keys(SERVER_MESSAGE_SAMPLES).sort()).toEqual(keys);
  });

  it("English gives exactly the server's English for every key", () => {
    for (const key of SERVER_MESSAGE_KEYS)
      expect(renderServerMessage(serverMessagesEn, sample(key)), key).toBe(
        renderServerMessage(SERVER_MESSAGES, sample(key)),
      );
  });

  it('Lithuanian names the line of a file that is not UTF-8 text', () => {
    expect(
      renderServerMessage(
        serverMessagesLt,
        serverMessage('stopsTxtProblem', { line: 7, problem: { kind: 'notUtf8' } }),
      ),
    ).toBe(
      'Stotelių failo nepavyko perskaityti: eilutė 7: tekstas nėra UTF-8 (išsaugokite failą UTF-8 koduote)',
    );
    expect(
      renderServerMessage(serverMessagesLt, serverMessage('textNotUnicode', { field: 'stopsTxt', line: 3 })),
    ).toBe('Lauke „stopsTxt“ 3 eilutėje yra sugadintas simbolis (pavienis pakaitinis kodas)');
  });

  it('Lithuanian words every key (no English left, parameters kept)', () => {
    for (const key of SERVER_MESSAGE_KEYS) {
      const text = renderServerMessage(serverMessagesLt, sample(key));
      expect(text.length, key).toBeGreaterThan(0);
      expect(text, key).not.toBe(renderServerMessage(SERVER_MESSAGES, sample(key)));
      expect(text, key).not.toMatch(/undefined|null|\[object/);
    }
    expect(renderServerMessage(serverMessagesLt, sample('routesUsedBySchedules'))).toBe(
      'Tvarkaraščių naudojamų maršruto variantų pašalinti negalima: „per Vikonis“ (variantas 3) – tvarkaraščiai 70, 71; variantas 4 – tvarkaraštis 72',
    );
    expect(
      renderServerMessage(
        serverMessagesLt,
        serverMessage('staleLineCopy', {
          lineId: 7,
          line: 'M17 B',
          details: true,
          routeIds: [12, 13],
          addedRouteIds: [15],
          username: 'anna',
          at: '2026-01-05 14:30',
        }),
      ),
    ).toBe(
      'Po to, kai įkėlėte šį puslapį, maršrute „M17 B“ pakeista: duomenys, variantai 12, 13 (paskutinį kartą – naudotojas anna, 2026-01-05 14:30); variantas 15 pridėtas vėliau, ir išsaugojus šį puslapį jis būtų ištrintas. Nieko neišsaugota: įkelkite puslapį iš naujo, kad matytumėte dabartinį maršrutą, ir pakeitimus atlikite dar kartą.',
    );
    expect(
      renderServerMessage(
        serverMessagesLt,
        serverMessage('staleRulesCopy', {
          rules: [{ id: 2, name: 'Vasara' }],
          added: [
            { id: 5, name: 'Žiema' },
            { id: 6, name: 'Ruduo' },
          ],
          username: 'anna',
          at: '2026-01-05 14:30',
        }),
      ),
    ).toBe(
      'Metinė taisyklė „Vasara“ (taisyklė 2) pakeista po to, kai įkėlėte šį puslapį (paskutinį kartą – naudotojas anna, 2026-01-05 14:30); taisyklės „Žiema“ (taisyklė 5), „Ruduo“ (taisyklė 6) pridėtos vėliau, ir išsaugojus šį puslapį jos būtų ištrintos. Nieko neišsaugota: įkelkite puslapį iš naujo, kad matytumėte dabartines taisykles, ir pakeitimus atlikite dar kartą.',
    );
    const stale = serverMessage('stale', {
      subject: { kind: 'lineSchedules', lineId: 4, line: 'M35' },
      username: 'boss',
      at: '2026-01-05 14:30',
    });
    expect(renderServerMessage(serverMessagesLt, stale)).toMatch(
      /^Kol redagavote, maršruto „M35“ tvarkaraščius pakeitė naudotojas boss \(2026-01-05 14:30\)\./,
    );
  });

  it.each([
    [1, '1 simbolis'],
    [2, '2 simboliai'],
    [9, '9 simboliai'],
    [10, '10 simbolių'],
    [11, '11 simbolių'],
    [20, '20 simbolių'],
    [21, '21 simbolis'],
    [22, '22 simboliai'],
    [100, '100 simbolių'],
  ])('counts in Lithuanian: at most %i -> %s', (max, words) => {
    expect(serverMessagesLt.usernameTooLong({ max })).toBe(
      `Naudotojo vardas per ilgas: ne daugiau kaip ${words}`,
    );
  });

  it.each([
    [1, 'po minutės'],
    [2, 'po 2 minučių'],
    [10, 'po 10 minučių'],
    [21, 'po 21 minutės'],
  ])('a locked account waits %i minute(s): %s', (minutes, words) => {
    expect(serverMessagesLt.accountLocked({ minutes })).toMatch(new RegExp(`${words}$`));
  });
});
