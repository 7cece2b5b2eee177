import { createServer, type ServerResponse } from 'node:http';
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

  it('abandons an endpoint that drips its answer a byte every 2 s at the 10 s deadline, and closes the request', async () => {
    const answering = new Set<ServerResponse>();
    let requests = 0;
    const drip = createServer((req, res) => {
      requests++;
      answering.add(res);
      res.on('close', () => answering.delete(res));
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 2_000);
      res.on('close', () => clearInterval(timer));
      req.resume();
    });
    await new Promise<void>((done) => drip.listen(0, '127.0.0.1', done));
    const address = drip.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const mailer = new SesMailer({
      region: 'eu-west-1',
      endpoint: `http://127.0.0.1:${port}`,
      from,
      credentials,
    });
    try {
      const began = Date.now();
      const failure = mailer.send(anOutgoingMail().build());
      await expect(failure).rejects.toThrow(
        'Amazon SES did not answer within the mail deadline (10000 ms); the send was abandoned.',
      );
      expect(Date.now() - began).toBeLessThan(11_000);
      for (let waited = 0; answering.size > 0 && waited < 1_000; waited += 20) {
        await new Promise((done) => setTimeout(done, 20));
      }
      expect(answering.size).toBe(0);
      expect(requests).toBe(1);
    } finally {
      mailer.close();
      drip.closeAllConnections();
      await new Promise((done) => drip.close(done));
    }
  }, 20_000);
});
