import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MailDeliveryError } from '@reviews/application';
import {
  anOutgoingMail,
  CONTRACT_FROM,
  describeMailerContract,
} from '@reviews/application/testing';
import { SesMailer } from '../src/ses-mailer.js';
import { LocalSes, freePort } from './local-ses.js';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const from = `${CONTRACT_FROM.name} <${CONTRACT_FROM.address}>`;
let ses: LocalSes;

beforeAll(async () => {
  ses = await LocalSes.start(await freePort());
});

afterAll(async () => {
  await ses.stop();
});

describeMailerContract('SesMailer against aws-ses-v2-local', async () => {
  await ses.clear();
  const mailer = new SesMailer({ region: 'eu-west-1', endpoint: ses.endpoint, from, credentials });
  return { mailer, received: () => ses.received(), close: async () => mailer.close() };
});

describe('SesMailer', () => {
  it('throws MailDeliveryError while the endpoint is down, and delivers on a later retry', async () => {
    const port = await freePort();
    const mailer = new SesMailer({
      region: 'eu-west-1',
      endpoint: `http://127.0.0.1:${port}`,
      from,
      credentials,
    });
    const mail = anOutgoingMail().to('retry@example.com').build();

    await expect(mailer.send(mail)).rejects.toBeInstanceOf(MailDeliveryError);

    const revived = await LocalSes.start(port);
    try {
      await mailer.send(mail);
      expect((await revived.received()).map((m) => m.to)).toEqual(['retry@example.com']);
    } finally {
      mailer.close();
      await revived.stop();
    }
  });
});
