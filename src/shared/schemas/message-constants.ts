/** Message limits the screens use, without zod (./message.ts re-exports them; ADR 024). */
export const MESSAGE_MAX_LENGTH = 2000;

/** How many messages one page of history holds. */
export const MESSAGE_PAGE_SIZE = 100;
