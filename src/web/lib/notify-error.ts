/** The one way a screen reports a failed action. */
import { errorMessage } from './api-client';
import { isUnauthorizedError } from './auth-redirect';
import { toast } from './toast';

/**
 * Shows a failed action as a destructive toast titled `title`, with the server's message or `fallback`
 * (`{ description }` for a fixed text). A 401 shows nothing here: the query client's mutation cache has
 * already said 'Unauthorized' and is taking the user to sign in.
 */
export function notifyError(
  err: unknown,
  title: string,
  fallback: string | { description: string } = 'Please try again.',
) {
  if (isUnauthorizedError(err)) return;
  const description = typeof fallback === 'string' ? errorMessage(err, fallback) : fallback.description;
  toast({ title, description, variant: 'destructive' });
}
