/**
 * Outgoing mail through SMTP_URL (nodemailer). Sends run in the background so that an answer never waits on, or
 * reveals by its timing, a mail server; `idle()` lets tests wait for them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export class Mailer {
  private transport: Promise<Transporter> | null = null;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly config: { url: string; from: string } | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled() {
    return Boolean(this.config);
  }

  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then((m) => m.default.createTransport(this.config!.url));
    return this.transport;
  }

  /** Runs `work` (which may send mail) in the background; failures are logged, never thrown at a caller. */
  background(work: () => Promise<void>) {
    const p = work().catch((err) => this.log.warn({ err }, 'background mail work failed'));
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  async send(mail: Mail): Promise<void> {
    if (!this.config) throw new Error('mail is not configured (SMTP_URL)');
    const t = await this.transporter();
    await t.sendMail({ from: this.config.from, to: mail.to, subject: mail.subject, text: mail.text });
  }

  /** Resolves when no background work is left (tests). */
  async idle() {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  close() {
    void this.transport?.then((t) => t.close());
  }
}
