/** Every feature module, in registration order. Add a module here to mount its routes. */
import type { AppModule } from '../deps';
import { authModule } from './auth/auth.routes';
import { healthModule } from './health/health.routes';

export const modules: AppModule[] = [healthModule, authModule];
