export { OutboxMailer } from './outbox-mailer.js';
export { SesMailer } from './ses-mailer.js';
export { SmtpMailer } from './smtp-mailer.js';
export type { SmtpSecurity, SmtpServer } from './smtp-mailer.js';
