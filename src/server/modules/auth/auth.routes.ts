/** Sign-up, sign-in, sign-out, the current user, and the OpenID Connect redirect dance. */
import { z } from 'zod';
import { AuthProvidersSchema, CurrentUserSchema, LoginSchema, RegisterSchema } from '../../../shared/schemas/auth';
import { ErrorBodySchema } from '../../../shared/schemas/common';
import type { AppModule } from '../../deps';
import { RATE_RULES } from '../../lib/rate-limiter';
import { signedInUser } from '../../plugins/auth';
import { presentCurrentUser } from '../users/users.presenter';
import * as service from './auth.service';
import { SignInThrottle } from './sign-in-throttle';
import { OIDC_STATE_COOKIE, OidcClient } from './oidc';

export const authModule: AppModule = {
  name: 'auth',
  register(app, deps) {
    const { db, limiter, sessions, config } = deps;
    const oidc = config.oidc && config.appUrl ? new OidcClient(config.oidc, config.appUrl, db) : null;
    const tags = ['auth'];
    const registerRule = { ...RATE_RULES.register, limit: config.signupLimitPerHour };
    const throttle = new SignInThrottle(limiter, config.signIn);

    app.get(
      '/api/auth/user',
      {
        config: { auth: 'required' },
        schema: { tags, summary: 'The signed-in user', response: { 200: CurrentUserSchema, 401: ErrorBodySchema } },
      },
      async (request) => presentCurrentUser(await service.currentUser(db, signedInUser(request).id)),
    );

    app.get(
      '/api/auth/providers',
      { schema: { tags, summary: 'Which sign-in methods are available', response: { 200: AuthProvidersSchema } } },
      async () => ({
        local: true,
        oidc: Boolean(oidc),
      }),
    );

    app.post(
      '/api/auth/register',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'Create a local account and sign in',
          body: RegisterSchema,
          response: { 201: CurrentUserSchema, 409: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        limiter.hit(registerRule, request.ip);
        const user = await service.register(db, request.body);
        await sessions.signIn(request, reply, user.id);
        return reply.status(201).send(presentCurrentUser(user));
      },
    );

    app.post(
      '/api/auth/login',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'Sign in with email and password',
          body: LoginSchema,
          response: { 200: CurrentUserSchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const user = await service.login(db, throttle, deps.sleep, request.body, request.ip);
        await sessions.signIn(request, reply, user.id);
        return presentCurrentUser(user);
      },
    );

    app.post(
      '/api/auth/logout',
      { config: { auth: 'public' }, schema: { tags, summary: 'Sign out', response: { 204: z.null() } } },
      async (request, reply) => {
        await sessions.signOut(request, reply);
        return reply.status(204).send(null);
      },
    );

    // Browser navigations: each answers 302 with a Location (declared so that the API document says so).
    const redirect = (where: string) => ({ 302: z.null().describe(`Redirect (Location header): ${where}`) });

    app.get(
      '/api/login',
      {
        schema: {
          tags,
          summary: 'Start sign-in (browser navigation)',
          response: redirect('the identity provider, or /login without one'),
        },
      },
      async (request, reply) => {
        if (!oidc) return reply.redirect('/login', 302);
        const { url, cookie } = await oidc.begin();
        reply.setCookie(OIDC_STATE_COOKIE, cookie, {
          path: '/api/callback',
          httpOnly: true,
          sameSite: 'lax',
          secure: config.secureCookies,
          maxAge: 600,
        });
        return reply.redirect(url, 302);
      },
    );

    app.get(
      '/api/callback',
      {
        schema: {
          tags,
          summary: 'OpenID Connect redirect target',
          response: redirect('/ when signed in, /login?error=oidc otherwise'),
        },
      },
      async (request, reply) => {
        if (!oidc) return reply.redirect('/login', 302);
        try {
          const url = new URL(request.url, config.appUrl);
          const user = await oidc.complete(url, request.cookies[OIDC_STATE_COOKIE]);
          reply.clearCookie(OIDC_STATE_COOKIE, { path: '/api/callback' });
          await sessions.signIn(request, reply, user.id);
          return reply.redirect('/', 302);
        } catch (err) {
          request.log.warn({ err }, 'OpenID Connect sign-in failed');
          return reply.redirect('/login?error=oidc', 302);
        }
      },
    );

    app.get(
      '/api/logout',
      {
        schema: {
          tags,
          summary: 'Sign out (browser navigation)',
          description:
            'A navigation from another site (Sec-Fetch-Site: cross-site) signs nobody out: it is sent to the ' +
            '/logout page, which asks "Sign out?" and POSTs /api/auth/logout.',
          response: redirect('/, or /logout from a cross-site link'),
        },
      },
      async (request, reply) => {
        // A link on another site must not end the session (issue 13, finding 8; ADR 014).
        if (request.headers['sec-fetch-site'] === 'cross-site') return reply.redirect('/logout', 302);
        await sessions.signOut(request, reply);
        return reply.redirect('/', 302);
      },
    );
  },
};
