/** This tab's id as a venue's player device (kept for the tab's life, so a reload keeps it). */
const KEY = 'crowdmix.live.deviceId';

export function hostDeviceId(): string {
  try {
    const stored = sessionStorage.getItem(KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
    const id = crypto.randomUUID().replace(/-/g, '');
    sessionStorage.setItem(KEY, id);
    return id;
  } catch {
    return crypto.randomUUID().replace(/-/g, '');
  }
}
