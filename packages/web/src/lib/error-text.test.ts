import { describe, expect, it } from 'vitest';
import { serverMessagesEn as en } from '../i18n/server-messages-en.ts';
import { serverMessagesLt as lt } from '../i18n/server-messages-lt.ts';
import { errorText } from './error-text.ts';

describe('errorText', () => {
  it("prefers the server response's message, then the error's message, then the error as text", () => {
    expect(errorText({ data: { message: 'Stop not found' }, message: 'Request failed' }, en)).toBe(
      'Stop not found',
    );
    expect(errorText(new Error('Request failed'), en)).toBe('Request failed');
    expect(errorText('plain failure', en)).toBe('plain failure');
    expect(errorText(404, en)).toBe('404');
  });

  it("shows the server's English while the language's server messages are on their way", () => {
    const error = {
      data: { messageKey: 'notFound', messageParams: {}, message: 'Bus stop 9 does not exist' },
    };
    expect(errorText(error, null)).toBe('Bus stop 9 does not exist');
  });

  it("words a keyed server message in the catalogue's language", () => {
    const stale = {
      message: 'Holiday Joninės was changed by anna at 2026-06-20 09:15 after you opened it. …',
      data: {
        code: 'CONFLICT',
        messageKey: 'stale',
        messageParams: {
          subject: { kind: 'holiday', id: 3, name: 'Joninės' },
          username: 'anna',
          at: '2026-06-20 09:15',
        },
      },
    };
    expect(errorText(stale, lt)).toBe(
      'Kol redagavote, šventę „Joninės“ pakeitė naudotojas anna (2026-06-20 09:15). Nieko neišsaugota: įkelkite puslapį iš naujo, kad matytumėte dabartinę versiją (jūsų pakeitimai liko redaktoriuje).',
    );
    expect(errorText(stale, en)).toBe(
      'Holiday Joninės was changed by anna at 2026-06-20 09:15 after you opened it. Nothing was saved: reload to see the current version (your changes are kept in the editor).',
    );
    const tooLong = {
      message: 'name: Stop name is too long: at most 100 characters',
      data: {
        messageKey: 'textProblem',
        messageParams: { field: 'stopName', problem: 'too-long', limit: 100 },
      },
    };
    expect(errorText(tooLong, lt)).toBe(
      'Laukas „Stotelės pavadinimas“ per ilgas: ne daugiau kaip 100 simbolių',
    );
    expect(errorText({ message: 'x', data: { messageKey: 'tripCount' } }, lt)).toBe(
      'Tvarkaraštyje mažiausiai 1 reisas, daugiausia 2 reisai',
    );
    expect(
      errorText({ message: 'x', data: { messageKey: 'accountLocked', messageParams: { minutes: 21 } } }, lt),
    ).toBe('Per daug kartų įvestas neteisingas šios paskyros slaptažodis, bandykite dar kartą po 21 minutės');
  });

  it("falls back to the server's words for a key or parameters it does not know", () => {
    expect(errorText({ message: 'Something new', data: { messageKey: 'fromANewerServer' } }, lt)).toBe(
      'Something new',
    );
    expect(
      errorText(
        { message: 'Routes in use', data: { messageKey: 'routesUsedBySchedules', messageParams: {} } },
        lt,
      ),
    ).toBe('Routes in use');
    expect(errorText({ message: 'Proto', data: { messageKey: 'toString' } }, lt)).toBe('Proto');
  });
});
