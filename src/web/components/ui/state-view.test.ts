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
});
