import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names without resolving Tailwind conflicts. For the few building blocks of the first screen
 * (loading placeholder, logo, landing buttons), whose callers only add classes and never override one: it keeps
 * tailwind-merge (~8 KB gzip) out of the landing page's initial JavaScript. Anything that lets callers
 * override its utilities uses `cn` from ./utils instead.
 */
export const cx: (...inputs: ClassValue[]) => string = clsx;
