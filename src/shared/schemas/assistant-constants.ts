/** DJ Verse's limits and confidence thresholds, without zod (./assistant.ts re-exports them; ADR 024). */
export const AI_MESSAGE_MAX = 1000;

export const AI_DEFAULT_COUNT = 5;

export const AI_MAX_COUNT = 10;

/** Confidence colours of spec section 9: green at 0.8 or more, yellow at 0.6 or more, red below. */
export const CONFIDENCE_GREEN = 0.8;

export const CONFIDENCE_YELLOW = 0.6;
