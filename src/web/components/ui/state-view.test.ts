import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { friendlyError } from './state-view';

describe('friendlyError', () => {
  it('never shows a status code or raw JSON', () => {
    const e = new ApiError(500, '{"message":"Internal Server Error","code":"INTERNAL"}', 'Internal Server Error');
    const text = friendlyError(e);
    expect(text).not.toMatch(/500|\{|INTERNAL/);
    expect(text).toMatch(/went wrong/);
  });

  it("uses the server's own sentence for a client error", () => {
    expect(friendlyError(new ApiError(404, '{"message":"Playlist not found"}', 'Not Found'))).toBe(
      'Playlist not found',
    );
    expect(friendlyError(new ApiError(400, 'not json', 'Bad Request'))).not.toContain('not json');
  });

  it('names a network failure', () => {
    expect(friendlyError(new TypeError('Failed to fetch'))).toMatch(/connection/);
  });

  it("reads the status of the spec's plain 'HTTP 500: ...' and '500: {json}' errors, without showing them", () => {
    for (const e of [new Error('HTTP 500: Internal Server Error'), new Error('500: {"message":"boom"}')]) {
      expect(friendlyError(e)).toBe('Something went wrong on our side. Please try again in a moment.');
    }
    expect(friendlyError(new Error('HTTP 429: Too Many Requests'))).toMatch(/Too many requests/);
  });
});
