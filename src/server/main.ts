/** The process entry in development (`npm run dev`, tsx): the server from its sources. The build's is entry.ts. */
import { serve } from './serve';

void serve({ codeCache: 'off' });
