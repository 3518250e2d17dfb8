/** The small part of `oidc-provider` (shipped without types) that the OpenID Connect tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ProviderAccount {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export interface ProviderConfiguration {
    clients?: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    cookies?: { keys: string[] };
    jwks?: { keys: object[] };
    ttl?: Record<string, number>;
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required?: () => boolean };
    findAccount?(ctx: unknown, sub: string): Promise<ProviderAccount | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
