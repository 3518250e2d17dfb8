/**
 * OpenID Connect sign-in ("the hosting platform's login"): authorization code with PKCE, state and nonce.
 * The short-lived login state lives in the sessions table under a random cookie, not in memory, so any
 * instance can finish a login another started.
 */
import crypto from 'node:crypto';
import * as client from 'openid-client';
import { and, eq, gt } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { hashToken } from '../../plugins/session';
import * as repo from './auth.repository';

export const OIDC_STATE_COOKIE = 'crowdmix_oidc';
const STATE_TTL_MS = 10 * 60_000;

interface PendingLogin {
  kind: 'oidc';
  state: string;
  nonce: string;
  verifier: string;
}

export class OidcClient {
  private configuration?: Promise<client.Configuration>;

  constructor(
    private readonly cfg: NonNullable<Config['oidc']>,
    private readonly appUrl: string,
    private readonly db: Db,
  ) {}

  get redirectUri() {
    return `${this.appUrl}/api/callback`;
  }

  private discover() {
    this.configuration ??= client
      .discovery(new URL(this.cfg.issuerUrl), this.cfg.clientId, this.cfg.clientSecret, undefined, {
        // Plain http is only accepted for a loopback issuer (development and tests).
        execute: isLoopback(this.cfg.issuerUrl) ? [client.allowInsecureRequests] : [],
      })
      .catch((err) => {
        this.configuration = undefined;
        throw err;
      });
    return this.configuration;
  }

  /** Starts a login: stores state, nonce and PKCE verifier, returns the provider URL and the state cookie. */
  async begin(): Promise<{ url: string; cookie: string }> {
    const config = await this.discover();
    const verifier = client.randomPKCECodeVerifier();
    const pending: PendingLogin = {
      kind: 'oidc',
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier,
    };
    const cookie = crypto.randomBytes(32).toString('base64url');
    await this.db.insert(sessions).values({
      sid: hashToken(`oidc:${cookie}`),
      sess: { userId: '', createdAt: new Date().toISOString(), oidc: pending },
      expire: new Date(Date.now() + STATE_TTL_MS),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: this.cfg.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, cookie };
  }

  /** Finishes a login: checks state, nonce and PKCE, then finds or creates the user by (issuer, subject). */
  async complete(callbackUrl: URL, stateCookie: string | undefined) {
    if (!stateCookie) throw new Error('missing login state');
    const sid = hashToken(`oidc:${stateCookie}`);
    const [row] = await this.db
      .delete(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date())))
      .returning();
    const pending = (row?.sess as { oidc?: PendingLogin } | undefined)?.oidc;
    if (!pending) throw new Error('login state expired or unknown');
    const config = await this.discover();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims?.sub) throw new Error('the identity token has no subject');
    // In the code flow a conforming provider sends the profile and email claims from UserInfo only (OIDC Core
    // 5.4); fetchUserInfo checks that its subject is the ID token's. ID-token claims win where both exist.
    const userInfo = config.serverMetadata().userinfo_endpoint
      ? await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)
      : undefined;
    const claims = { ...userInfo, ...idClaims };
    const issuer = config.serverMetadata().issuer;
    const profile = {
      firstName: str(claims.given_name) ?? str(claims.name)?.split(' ')[0] ?? null,
      lastName: str(claims.family_name) ?? null,
      profileImageUrl: safeImageUrl(str(claims.picture)),
    };
    const existing = await repo.findUserByIdentity(this.db, issuer, claims.sub);
    if (existing) return repo.updateProfileFromClaims(this.db, existing.id, profile);
    const email = claims.email_verified === false ? null : (str(claims.email) ?? null);
    return repo.insertOidcUser(this.db, { issuer, subject: claims.sub, email, ...profile });
  }
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 254) : undefined);

function safeImageUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

function isLoopback(url: string) {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}
