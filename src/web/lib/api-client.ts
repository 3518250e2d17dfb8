/**
 * The API client of spec section 7: credentials on every call, FormData sent as is and other bodies as JSON,
 * and errors whose message is "{status}: {body or status text}".
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: string,
    statusText: string,
    public readonly retryAfter?: number,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `message` field when the body is our JSON error, otherwise the raw text. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      /* not JSON */
    }
    return this.body || this.message;
  }

  get isUnauthorized() {
    return this.status === 401;
  }
}

async function throwIfNotOk(res: Response) {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  const retry = Number(res.headers.get('retry-after'));
  throw new ApiError(res.status, text, res.statusText, Number.isFinite(retry) && retry > 0 ? retry : undefined);
}

/** Sends a request; returns the Response after checking its status. */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    ...init,
  });
  await throwIfNotOk(res);
  return res;
}

/** GET and parse JSON. */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await apiRequest('GET', url, undefined, { signal });
  return (await res.json()) as T;
}

/** A mutation helper: sends `body`, parses a JSON reply when there is one. */
export async function sendJson<T>(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await apiRequest(method, url, body);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The user-facing text of any error: the server's message for API errors. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage || fallback;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
