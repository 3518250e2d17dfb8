/**
 * Loads a module that a screen needs on interaction (a form's zod schema, a dialog's code) once the browser is
 * idle after the first paint, so that it is not part of the route's initial script (ADR 024) and is there
 * before the user submits or clicks. The import itself is the cache: calling `load` again costs nothing.
 */
import { startTransition, useEffect, useState } from 'react';

export function whenIdle(load: () => Promise<unknown>, timeoutMs?: number): () => void {
  // Many components may ask for the same module (every dialog for Radix's): one turn in the queue, kept while one
  // of them still wants it.
  let job = idleLoads.find((j) => j.load === load);
  if (job) job.wanted += 1;
  else {
    job = { load, timeoutMs, wanted: 1 };
    idleLoads.push(job);
  }
  const queued = job;
  startNextLoad();
  let cancelled = false;
  return () => {
    if (cancelled) return;
    cancelled = true;
    queued.wanted -= 1;
    const at = idleLoads.indexOf(queued);
    if (queued.wanted === 0 && at >= 0) idleLoads.splice(at, 1);
  };
}

/**
 * The loads asked for with `whenIdle`, one at a time: each starts in an idle period of its own once the one before it
 * has finished (its modules fetched and evaluated). Started together, a screen's dialogs, forms and chrome were
 * evaluated together: on a playlist their code, zod and the schemas made one task of 20–65 ms after the first paint,
 * four times that on a phone (ADR 045).
 */
interface IdleLoad {
  load: () => Promise<unknown>;
  /** At the latest this long after its turn came, idle or not. */
  timeoutMs?: number;
  /** How many components still want it. */
  wanted: number;
}
const idleLoads: IdleLoad[] = [];
let loading = false;
let loadedOne = false;
/** Without idle callbacks (Safari): after the first load's second of waiting, the next ones wait only this long. */
const NEXT_LOAD_WITHOUT_IDLE_MS = 50;

function startNextLoad() {
  if (loading || idleLoads.length === 0) return;
  loading = true;
  const waitingFor = idleLoads[0];
  const timeoutMs =
    typeof requestIdleCallback !== 'function' && loadedOne ? NEXT_LOAD_WITHOUT_IDLE_MS : waitingFor.timeoutMs;
  onIdle(() => {
    // Cancelled while it waited: the next one takes its idle period.
    const job = idleLoads[0] === waitingFor ? idleLoads.shift() : undefined;
    const done = () => {
      loading = false;
      startNextLoad();
    };
    if (!job) return done();
    loadedOne = true;
    job
      .load()
      .catch(() => {})
      .finally(done);
  }, timeoutMs);
}

/**
 * Runs `fn` once the browser is idle — at the latest after `timeoutMs` when given (work that must happen soon, just
 * not in the middle of a screen's first renders); returns the cancel.
 */
export function onIdle(fn: () => void, timeoutMs?: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  // Without idle callbacks (Safari before 18, the unit tests' Node): a short timer.
  const id = setTimeout(fn, Math.min(timeoutMs ?? 1000, 1000));
  return () => clearTimeout(id);
}

export function usePreload(load: () => Promise<unknown>) {
  useEffect(() => whenIdle(load), [load]);
}

/**
 * False, then true once the browser has been idle after the mount (at the latest after `timeoutMs`). The change is a
 * transition, so that what it mounts (the player bar and toasts, for one) renders in slices of a few milliseconds
 * beside the page's other work, not as one long task after the first paint (ADR 038).
 */
export function useIdleTransition(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => onIdle(() => startTransition(() => setIdle(true)), timeoutMs), [timeoutMs]);
  return idle;
}

/**
 * False on the first render, true once the browser has painted it (a frame, then a task: the task runs after that
 * frame's paint). For reads the first screen does not need, such as the navigation's badges: started from the first
 * commit's effects, they answered before the first paint and Lighthouse's simulation counted them, and the CPU work
 * before them, into the page's largest paint (ADR 039). Never true in a tab that has not been shown (no frames).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
