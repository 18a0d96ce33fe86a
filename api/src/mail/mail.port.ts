export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The main link of the message (sign-in link), shown by the dev mailbox. */
  link?: string;
}

/** Outgoing e-mail. SMTP in production; the dev mailbox elsewhere when no SMTP is configured. */
export interface MailPort {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
