export { OutboxMailer } from './outbox-mailer.js';
export type { OutboxMailerOptions } from './outbox-mailer.js';
export { SesMailer } from './ses-mailer.js';
export type { SesMailerOptions } from './ses-mailer.js';
