// Certificates made in the test with the openssl CLI (as loopback.ts makes its self-signed one): a
// test CA and leaves it signs with chosen dates and names, plus a self-signed leaf. Leaves are
// signed with `openssl ca`, the one openssl 3.0 command that takes explicit start and end dates
// (needed for an expired certificate). EC P-256 keys, quick to make.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DAY = 86_400_000;

export interface TestCertificate {
  key: string;
  cert: string;
  /** The subject, as CertificateInfo writes it. */
  subject: string;
  sans: string[];
  /** Upper-case hex, as CertificateInfo writes it. */
  serial: string;
  notBefore: Date;
  notAfter: Date;
}

export interface TestCertificates {
  /** The CA's certificate: pass it as ProbeContext.ca where verification should succeed. */
  ca: { key: string; cert: string; subject: string };
  /** For valid.test, localhost and 127.0.0.1, valid for 30 days and an hour (30 whole days left). */
  valid: TestCertificate;
  /** The same names, expiring in 3 days and an hour (3 whole days left). */
  expiring: TestCertificate;
  /** The same names, expired 2 days less an hour ago (-2 days left). */
  expired: TestCertificate;
  /** For other.example only, from the CA: a wrong host name for every target here. */
  wrongHost: TestCertificate;
  /** For self.test, localhost and 127.0.0.1, signed by itself. */
  selfSigned: TestCertificate;
}

/** The subject as CertificateInfo writes it: the RDNs in the order openssl prints them. */
export const TEST_CA_SUBJECT = 'O=Checks Test, CN=Checks Test CA';
const LOCAL_SANS = ['DNS:localhost', 'IP Address:127.0.0.1'];

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** openssl's date format for `ca -startdate/-enddate`, to the second. */
const asn1Time = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, 'Z')
    .slice(2);
const toSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

function run(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

function sanArgument(sans: string[]): string {
  return `subjectAltName=${sans.map((s) => s.replace('IP Address:', 'IP:')).join(',')}`;
}

export function makeTestCertificates(now = Date.now()): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'certs-'));
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  run(
    [
      'req',
      '-x509',
      ...EC_KEY,
      '-days',
      '365',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-subj',
      '/O=Checks Test/CN=Checks Test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  writeFileSync(
    join(dir, 'ca.cnf'),
    `[ ca ]
default_ca = test_ca
[ test_ca ]
database = ${join(dir, 'index.txt')}
new_certs_dir = ${dir}
serial = ${join(dir, 'serial')}
default_md = sha256
policy = any_name
copy_extensions = copy
unique_subject = no
email_in_dn = no
[ any_name ]
commonName = supplied
`,
  );
  writeFileSync(join(dir, 'index.txt'), '');

  const leaf = (name: string, sans: string[], from: number, to: number): TestCertificate => {
    // 15 bytes, the first nibble 7: positive and printed without a dropped leading zero.
    const serial = `7${randomBytes(15).toString('hex').slice(1)}`.toUpperCase();
    writeFileSync(join(dir, 'serial'), `${serial}\n`);
    const [notBefore, notAfter] = [toSecond(from), toSecond(to)];
    run(
      [
        'req',
        '-new',
        ...EC_KEY,
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.csr`,
        '-subj',
        `/CN=${name}`,
        '-addext',
        sanArgument(sans),
      ],
      dir,
    );
    run(
      [
        'ca',
        '-batch',
        '-config',
        'ca.cnf',
        '-cert',
        'ca.pem',
        '-keyfile',
        'ca.key',
        '-in',
        `${name}.csr`,
        '-out',
        `${name}.pem`,
        '-notext',
        '-startdate',
        asn1Time(notBefore),
        '-enddate',
        asn1Time(notAfter),
      ],
      dir,
    );
    return {
      key: read(`${name}.key`),
      cert: read(`${name}.pem`),
      subject: `CN=${name}`,
      sans,
      serial,
      notBefore,
      notAfter,
    };
  };

  const self = (name: string, sans: string[]): TestCertificate => {
    run(
      [
        'req',
        '-x509',
        ...EC_KEY,
        '-days',
        '30',
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.pem`,
        '-subj',
        `/CN=${name}`,
        '-addext',
        sanArgument(sans),
      ],
      dir,
    );
    const text = execFileSync(
      'openssl',
      ['x509', '-in', join(dir, `${name}.pem`), '-noout', '-serial', '-startdate', '-enddate'],
      {
        encoding: 'utf8',
      },
    );
    const field = (key: string) => new RegExp(`^${key}=(.+)$`, 'm').exec(text)?.[1] ?? '';
    return {
      key: read(`${name}.key`),
      cert: read(`${name}.pem`),
      subject: `CN=${name}`,
      sans,
      serial: field('serial').toUpperCase(),
      notBefore: new Date(field('notBefore')),
      notAfter: new Date(field('notAfter')),
    };
  };

  return {
    ca: { key: read('ca.key'), cert: read('ca.pem'), subject: TEST_CA_SUBJECT },
    valid: leaf('valid.test', ['DNS:valid.test', ...LOCAL_SANS], now - DAY, now + 30 * DAY + 3_600_000),
    expiring: leaf('expiring.test', ['DNS:expiring.test', ...LOCAL_SANS], now - DAY, now + 3 * DAY + 3_600_000),
    expired: leaf('expired.test', ['DNS:expired.test', ...LOCAL_SANS], now - 40 * DAY, now - 2 * DAY + 3_600_000),
    wrongHost: leaf('other.example', ['DNS:other.example'], now - DAY, now + 30 * DAY + 3_600_000),
    selfSigned: self('self.test', ['DNS:self.test', ...LOCAL_SANS]),
  };
}
