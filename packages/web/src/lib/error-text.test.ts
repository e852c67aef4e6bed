import { describe, expect, it } from 'vitest';
import { errorText } from './error-text.ts';

describe('errorText', () => {
  it("prefers the server response's message, then the error's message, then the error as text", () => {
    expect(errorText({ data: { message: 'Stop not found' }, message: 'Request failed' })).toBe(
      'Stop not found',
    );
    expect(errorText(new Error('Request failed'))).toBe('Request failed');
    expect(errorText('plain failure')).toBe('plain failure');
    expect(errorText(404)).toBe('404');
  });
});
