export { OutboxMailer } from './outbox-mailer.js';
export { SesMailer } from './ses-mailer.js';
export { SmtpMailer } from './smtp-mailer.js';
