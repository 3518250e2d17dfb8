import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('turns on jitless parsing in the zod that the schemas use, without importing zod itself', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
