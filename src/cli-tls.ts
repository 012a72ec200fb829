import { readFileSync } from 'node:fs';
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import { UsageError } from './command-line.js';

/** The `symbol-gateway` command's TLS files: `--tls-cert` (PEM, the chain after the server's own) and `--tls-key` (PEM). */
export interface TlsFiles {
  cert: string;
  key: string;
}

/** What `https.createServer` and `server.setSecureContext` take. */
export interface TlsCredentials {
  cert: Buffer;
  key: Buffer;
}

/**
 * Reads and checks the certificate and its key, at start and on each reload: a missing or
 * unreadable file, one that is not PEM, or a key that is not the certificate's is a UsageError
 * naming the flag and the file (a server started with them would fail only at the first handshake).
 */
export function readTls(files: TlsFiles): TlsCredentials {
  const cert = readTlsFile('--tls-cert', files.cert);
  const key = readTlsFile('--tls-key', files.key);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch (error) {
    throw new UsageError(`--tls-cert ${files.cert}: not a PEM certificate (${(error as Error).message})`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key);
  } catch (error) {
    throw new UsageError(`--tls-key ${files.key}: not an unencrypted PEM private key (${(error as Error).message})`);
  }
  if (privateKey.asymmetricKeyType !== certificate.publicKey.asymmetricKeyType || !certificate.checkPrivateKey(privateKey)) {
    throw new UsageError(`--tls-key ${files.key} is not the key of the certificate in --tls-cert ${files.cert}`);
  }
  try {
    // What node itself checks of the pair (the certificates after the first, the key's use).
    createSecureContext({ cert, key });
  } catch (error) {
    throw new UsageError(`--tls-cert ${files.cert} with --tls-key ${files.key}: ${(error as Error).message}`);
  }
  return { cert, key };
}

function readTlsFile(flag: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'cannot be read (permission denied)' : code === 'EISDIR' ? 'is a directory' : (error as Error).message;
    throw new UsageError(`${flag} ${path}: ${why}`);
  }
}
