/**
 * Signatures are checked by a node's rules, on node's own Ed25519: the same verdict as
 * symbol-sdk's verifier on what wallets sign, and a node's refusals where OpenSSL alone would
 * accept (a public key outside the prime-order subgroup), through `PUT /transactions`.
 */
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { PrivateKey, PublicKey, Signature } from 'symbol-sdk';
import { KeyPair, Verifier } from 'symbol-sdk/symbol';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyEd25519 } from '../src/ed25519.js';
import type { ChainAccount } from '../src/memory/chain/identity.js';
import { outcomeOf } from './support/announce.js';
import { startGateway } from './support/server.js';
import { inAnHour } from './support/signing.js';
import { openSockets } from './support/ws-client.js';

const P = 2n ** 255n - 19n;
const L = 2n ** 252n + 27742317777372353535851937790883648493n;

const littleEndian = (bytes: Uint8Array): bigint => BigInt(`0x${Buffer.from(bytes).reverse().toString('hex') || '0'}`);
const toLittleEndian = (value: bigint): Buffer => Buffer.from(value.toString(16).padStart(64, '0'), 'hex').reverse();

/** The secret scalar of an Ed25519 private key (SHA-512, clamped). */
function secretScalar(privateKey: Uint8Array): bigint {
  const hash = createHash('sha512').update(privateKey).digest();
  hash[0] &= 248;
  hash[31] &= 127;
  hash[31] |= 64;
  return littleEndian(hash.subarray(0, 32));
}

/** A + (0, −1): the key plus the point of order 2, i.e. (−x, −y). */
function plusOrderTwoPoint(publicKey: Uint8Array): Uint8Array {
  const y = littleEndian(Uint8Array.from(publicKey, (byte, i) => (i === 31 ? byte & 0x7f : byte)));
  const encoded = toLittleEndian((P - y) % P);
  encoded[31] |= ((publicKey[31] >> 7) ^ 1) << 7;
  return encoded;
}

/**
 * Signs `message` with the secret `a` under the public key `signedAs` (R = rB, h = H(R‖A‖M),
 * S = r + h·a); with `evenH`, retries r until h is even, so that for A + (0, −1) the
 * cofactorless equation S·B − h·A' = R holds.
 */
function signAs(a: bigint, signedAs: Uint8Array, message: Uint8Array, evenH: boolean): Uint8Array {
  for (;;) {
    const nonceKey = randomBytes(32);
    const r = secretScalar(nonceKey);
    const R = new KeyPair(new PrivateKey(nonceKey)).publicKey.bytes;
    const h = littleEndian(createHash('sha512').update(R).update(signedAs).update(message).digest()) % L;
    if (evenH && h % 2n !== 0n) continue;
    return Buffer.concat([R, toLittleEndian((r + h * a) % L)]);
  }
}

const sdkVerdict = (publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) =>
  new Verifier(new PublicKey(publicKey)).verify(message, new Signature(signature));

describe('Ed25519 checks', () => {
  it("agree with symbol-sdk's verifier on valid and tampered signatures", () => {
    for (let i = 0; i < 40; i++) {
      const keyPair = new KeyPair(PrivateKey.random());
      const message = randomBytes(1 + i * 7);
      const signature = keyPair.sign(message).bytes;
      const publicKey = keyPair.publicKey.bytes;
      const cases: [Uint8Array, Uint8Array][] = [
        [message, signature],
        [Buffer.concat([message, Buffer.from([0])]), signature],
        [message, Uint8Array.from(signature, (byte, j) => (j === i % 32 ? byte ^ 1 : byte))], // R
        [message, Uint8Array.from(signature, (byte, j) => (j === 32 + (i % 31) ? byte ^ 1 : byte))], // S
      ];
      for (const [signed, candidate] of cases) {
        expect(verifyEd25519(publicKey, signed, candidate)).toBe(sdkVerdict(publicKey, signed, candidate));
      }
      expect(verifyEd25519(publicKey, message, signature)).toBe(true);
    }
  });

  it('refuse an S that is zero or not reduced, a zero key, and malformed lengths', () => {
    const keyPair = new KeyPair(PrivateKey.random());
    const message = randomBytes(40);
    const signature = Buffer.from(keyPair.sign(message).bytes);
    const s = littleEndian(signature.subarray(32));
    const unreduced = Buffer.concat([signature.subarray(0, 32), toLittleEndian(s + L)]);
    expect(s + L < 2n ** 256n).toBe(true);
    expect(verifyEd25519(keyPair.publicKey.bytes, message, unreduced)).toBe(false);
    expect(verifyEd25519(keyPair.publicKey.bytes, message, Buffer.concat([signature.subarray(0, 32), Buffer.alloc(32)]))).toBe(false);
    expect(verifyEd25519(new Uint8Array(32), message, signature)).toBe(false);
    expect(verifyEd25519(keyPair.publicKey.bytes.subarray(1), message, signature)).toBe(false);
    expect(verifyEd25519(keyPair.publicKey.bytes, message, signature.subarray(1))).toBe(false);
  });
});

describe('PUT /transactions with a key outside the prime-order subgroup', () => {
  afterEach(() => {
    for (const socket of openSockets.splice(0)) socket.terminate();
  });

  it('fails with Failure_Signature_Not_Verifiable, though the equation OpenSSL checks holds', async () => {
    const server = await startGateway();
    try {
      const { chain } = server;
      const { facade } = chain;
      const privateKey = PrivateKey.random();
      const a = secretScalar(privateKey.bytes);
      const honestKey = new KeyPair(privateKey).publicKey.bytes;
      const tornKey = plusOrderTwoPoint(honestKey);
      const recipient = chain.fundedAccounts[0].address;

      const transferSignedAs = (key: Uint8Array, evenH: boolean) => {
        const transaction = facade.transactionFactory.create({
          type: 'transfer_transaction_v1',
          signerPublicKey: new PublicKey(key),
          recipientAddress: recipient,
          fee: 0n,
          deadline: inAnHour(chain),
          message: new TextEncoder().encode('\0hello'),
        } as never);
        const signingPayload = facade.extractSigningPayload(transaction);
        const signature = signAs(a, key, signingPayload, evenH);
        const body = facade.transactionFactory.static.attachSignature(transaction, new Signature(signature));
        const signed = { transaction, body, payload: JSON.parse(body).payload as string, hash: facade.hashTransaction(transaction).toString() };
        const signer = { address: facade.network.publicKeyToAddress(new PublicKey(key)).toString() } as ChainAccount;
        return { signed, signer, signingPayload, signature };
      };

      // The honest key, signed the same way: the crafting is sound and the chain takes it.
      const honest = transferSignedAs(honestKey, false);
      expect(await outcomeOf(server, honest.signed, honest.signer)).toBe('Success');

      const torn = transferSignedAs(tornKey, true);
      const spki = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), tornKey]), format: 'der', type: 'spki' });
      expect(verify(null, torn.signingPayload, spki, torn.signature)).toBe(true);
      expect(await outcomeOf(server, torn.signed, torn.signer)).toBe('Failure_Signature_Not_Verifiable');
    } finally {
      await server.close();
    }
  });
});
