/** NewVotes on a database that fails: the votes come back unwritten (the slower path takes them), and it is logged. */
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../../test/helpers/test-db';
import { NewVotes } from './new-votes';

describe('NewVotes when its statement fails', () => {
  it('gives each vote of the failed batch back unwritten, and logs the failure once', async () => {
    const database = await createTestDatabase();
    await database.close();
    const log = { warn: vi.fn() };
    const newVotes = new NewVotes(database.db, log);
    const vote = (songId: number) => ({ userId: 'u1', songId, venueId: null, voteType: 'up' as const, slot: 0 });
    expect(await Promise.all([newVotes.write(vote(1)), newVotes.write(vote(2))])).toEqual([null, null]);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0][1]).toMatch(/batch of new votes failed/);
  });
});
