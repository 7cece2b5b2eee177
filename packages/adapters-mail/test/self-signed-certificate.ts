import { X509Certificate, generateKeyPairSync, sign } from 'node:crypto';

/** DER: one tag-length-value. */
function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const length =
    body.length < 0x80
      ? Buffer.from([body.length])
      : body.length < 0x100
        ? Buffer.from([0x81, body.length])
        : Buffer.from([0x82, body.length >> 8, body.length & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
const set = (...items: Buffer[]) => tlv(0x31, ...items);

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) base128.unshift((value & 0x7f) | 0x80);
    bytes.push(...base128);
  }
  return tlv(0x06, Buffer.from(bytes));
}

const utcTime = (date: Date) =>
  tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`));

const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));

/** A certificate and its key, PEM. */
export interface SelfSignedCertificate {
  readonly cert: string;
  readonly key: string;
}

/**
 * A fresh self-signed certificate (P-256, ECDSA-SHA256, a day's validity) for `localhost` and
 * 127.0.0.1, built with node:crypto alone: a client that trusts it (nodemailer's `tls.ca`) accepts
 * the test server; one that does not refuses it, as it would refuse an impostor.
 */
export function selfSignedCertificate(): SelfSignedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = sequence(set(sequence(oid('2.5.4.3'), tlv(0x0c, Buffer.from('localhost')))));
  const now = Date.now();
  const subjectAltName = sequence(
    oid('2.5.29.17'),
    tlv(
      0x04,
      sequence(tlv(0x82, Buffer.from('localhost')), tlv(0x87, Buffer.from([127, 0, 0, 1]))),
    ),
  );
  const tbs = sequence(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, Buffer.from([0x01, ...Array.from({ length: 8 }, () => (Math.random() * 256) | 0)])),
    ECDSA_WITH_SHA256,
    name,
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, sequence(subjectAltName)),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = sequence(tbs, ECDSA_WITH_SHA256, tlv(0x03, Buffer.from([0]), signature));
  const cert = `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END CERTIFICATE-----\n`;
  // Parsing it back fails loudly here, not as a puzzling TLS error later.
  new X509Certificate(cert);
  return { cert, key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}
