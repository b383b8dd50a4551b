// The plugin's server certificate for go-plugin's AutoMTLS: a fresh self-signed key pair per launch,
// whose DER terraform reads from the handshake line and pins for the gRPC connection.
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export interface ServerCertificate {
  certPem: string;
  keyPem: string;
  /** Base64 of the DER certificate without padding, as go-plugin's handshake line carries it. */
  handshakeCert: string;
}

export function createServerCertificate(): ServerCertificate {
  // node-forge signs only with RSA, and generates RSA keys slowly in JS: the key comes from Node's crypto.
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 30_000);
  cert.validity.notAfter = new Date(now + 24 * 3600_000);
  const subject = [
    { name: 'organizationName', value: 'terraform-provider-service' },
    { name: 'commonName', value: 'localhost' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
    { name: 'extKeyUsage', serverAuth: true, clientAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    certPem: forge.pki.certificateToPem(cert),
    keyPem: forge.pki.privateKeyToPem(privateKey),
    handshakeCert: Buffer.from(der, 'binary').toString('base64').replace(/=+$/, ''),
  };
}
