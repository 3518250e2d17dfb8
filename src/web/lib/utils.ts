import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { twMergeConfig } from './tw-merge-config';

/**
 * tailwind-merge with its default configuration cut down to the class groups the app's class names use (ADR 028:
 * the full default was 8.4 KB gzip on every route). utils.test.ts checks it merges the app's classes as the default.
 */
const twMerge = createTailwindMerge(twMergeConfig);

/** Merges class names, letting later Tailwind classes win. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** True on phones and tablets, where browsers block autoplay (spec: player and chat behaviour). */
export function isMobileBrowser(ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i.test(ua);
}
