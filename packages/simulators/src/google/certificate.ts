// A self-signed X.509 certificate, DER by hand: node:crypto verifies certificates but does not
// make them. Published at /oauth2/v1/certs, as google-auth-library reads Google's keys under Node.
import { randomBytes, sign, type KeyObject } from 'node:crypto';


function der(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const length = body.length < 0x80 ? Buffer.from([body.length]) : (() => {
    const bytes: number[] = [];
    for (let n = body.length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
    return Buffer.from([0x80 | bytes.length, ...bytes]);
  })();
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

function derOid(oid: string): Buffer {
  const [first = 0, second = 0, ...rest] = oid.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let n = part >> 7; n > 0; n >>= 7) chunk.unshift(0x80 | (n & 0x7f));
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

function derUtcTime(ms: number): Buffer {
  const text = new Date(ms).toISOString().replace(/[-:T]/g, '').slice(2, 14);
  return der(0x17, Buffer.from(`${text}Z`, 'ascii'));
}

/**
 * A certificate for the signing key, valid from a day before `now` for two weeks, subject and
 * issuer the same common name; signed with SHA-256 and RSA like Google's.
 */
export function selfSignedCertificate(privateKey: KeyObject, publicKey: KeyObject, now: number): string {
  const sha256WithRsa = der(0x30, derOid('1.2.840.113549.1.1.11'), der(0x05));
  const name = der(0x30, der(0x31, der(0x30, derOid('2.5.4.3'), der(0x0c, Buffer.from('federated-signon.system.gserviceaccount.com')))));
  const serial = der(0x02, Buffer.concat([Buffer.from([0x01]), randomBytes(8)]));
  const tbs = der(
    0x30,
    der(0xa0, der(0x02, Buffer.from([0x02]))),
    serial,
    sha256WithRsa,
    name,
    der(0x30, derUtcTime(now - 86_400_000), derUtcTime(now + 14 * 86_400_000)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = der(0x30, tbs, sha256WithRsa, der(0x03, Buffer.concat([Buffer.from([0x00]), signature])));
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
