/** /api/account (the person's own account) and /api/auth/password-reset (reset links). */
import { z } from 'zod';
import {
  AccountSchema,
  ChangeEmailSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  EndedSessionsSchema,
  PasswordResetAnswerSchema,
  PasswordResetAvailabilitySchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  SessionIdParamsSchema,
  SessionInfoSchema,
} from '../../../shared/schemas/account';
import { ErrorBodySchema } from '../../../shared/schemas/common';
import type { AppModule } from '../../deps';
import { notFound } from '../../lib/http-errors';
import { publicOrigin } from '../../lib/public-origin';
import { signedInUser } from '../../plugins/auth';
import * as service from './account.service';
import { exportAccount } from './account-export';
import { confirmReset, requestReset, RESET_ANSWER } from './password-reset';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

export const accountModule: AppModule = {
  name: 'account',
  register(app, deps) {
    const tags = ['account'];
    const mailer = deps.state.mailer;

    app.get(
      '/api/account',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Your account: sign-in methods and role',
          response: { 200: AccountSchema, ...errors },
        },
      },
      async (request) => service.getAccount(deps, signedInUser(request).id),
    );

    app.post(
      '/api/account/password',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Change your password (the current one required); your other sessions end at once',
          body: ChangePasswordSchema,
          response: { 200: EndedSessionsSchema, ...errors },
        },
      },
      async (request) => ({
        ended: await service.changePassword(deps, signedInUser(request).id, request.sessionSid, request.body),
      }),
    );

    app.patch(
      '/api/account/email',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Change your email (your password required)',
          body: ChangeEmailSchema,
          response: { 200: AccountSchema, ...errors },
        },
      },
      async (request) => service.changeEmail(deps, signedInUser(request).id, request.body),
    );

    app.get(
      '/api/account/sessions',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Your sessions: browser, system, address, when signed in and last seen, and which is this one',
          response: { 200: z.array(SessionInfoSchema), ...errors },
        },
      },
      async (request) => service.listSessions(deps, signedInUser(request).id, request.sessionSid),
    );

    app.delete(
      '/api/account/sessions/:id',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'End one of your sessions (its sockets close too)',
          params: SessionIdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const sid = await service.endSession(deps, signedInUser(request).id, request.params.id);
        if (sid === request.sessionSid) deps.sessions.clearCookie(reply);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/account/sessions/end-others',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'End every session but this one',
          response: { 200: EndedSessionsSchema, ...errors },
        },
      },
      async (request) => ({
        ended: await service.endOtherSessions(deps, signedInUser(request).id, request.sessionSid),
      }),
    );

    app.get(
      '/api/account/export',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Download everything CrowdMix stores about you (JSON)',
          response: { 200: z.record(z.string(), z.unknown()), ...errors },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const base = publicOrigin(deps.config, request);
        const data = await exportAccount(deps.db, user.id, base);
        return reply
          .header(
            'Content-Disposition',
            `attachment; filename="crowdmix-data-${new Date().toISOString().slice(0, 10)}.json"`,
          )
          .header('Cache-Control', 'private, no-store')
          .send(data);
      },
    );

    app.post(
      '/api/account/delete',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Delete your account (password and typed confirmation required)',
          body: DeleteAccountSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.deleteAccount(deps, signedInUser(request).id, request.body);
        deps.sessions.clearCookie(reply);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/auth/password-reset',
      {
        schema: {
          tags,
          summary: 'Whether this server mails reset links (otherwise its operator prints them)',
          response: { 200: PasswordResetAvailabilitySchema },
        },
      },
      async () => ({ email: mailer.enabled }),
    );

    app.post(
      '/api/auth/password-reset',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'Mail a reset link; the same answer whether or not an account has the address',
          body: PasswordResetRequestSchema,
          response: {
            202: PasswordResetAnswerSchema,
            400: ErrorBodySchema,
            404: ErrorBodySchema,
            429: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        if (!mailer.enabled)
          throw notFound('Password reset by email is not set up on this server. Ask its operator for a reset link.');
        requestReset(deps, mailer, request.body.email, request.ip);
        return reply.status(202).send({ message: RESET_ANSWER });
      },
    );

    app.post(
      '/api/auth/password-reset/confirm',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'Set a new password with a reset link; every session of the account ends',
          body: PasswordResetConfirmSchema,
          response: { 204: z.null(), 400: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        await confirmReset(deps, request.body.token, request.body.password);
        return reply.status(204).send(null);
      },
    );
  },
  stop(deps) {
    deps.state.mailer.close();
  },
};
