/** Reads a venue id from the route (digits only), NaN otherwise. */
export const venueIdFrom = (raw: string | undefined): number => (/^\d{1,10}$/.test(raw ?? '') ? Number(raw) : NaN);
