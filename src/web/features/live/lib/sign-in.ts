/** The sign-in link that brings the patron back here afterwards (the login page follows a same-site `next`). */
export const signInHref = (back: string) => `/login?next=${encodeURIComponent(back)}`;
