import { PublicKey } from 'symbol-sdk';
import { models, type SymbolFacade } from 'symbol-sdk/symbol';
import { verifyEd25519 } from '../ed25519.js';
import { decodeTransaction, embeddedCosignatures, verifyCosignature, verifySignature, type DecodedTransaction } from '../memory/transactions/codec.js';
import type { RosettaContext, RosettaRoutes } from './context.js';
import { operationsOf, senderOf, transfersOf } from './construction/intent.js';
import { buildTransaction, cosignerKeys, transactionSize, transfersOfTransaction, type BuildParameters } from './construction/transaction.js';
import { rosettaError } from './errors.js';

/** The one curve and signature type of Symbol keys. */
const CURVE = 'edwards25519';
const SIGNATURE_TYPE = 'ed25519';
const KEY_HEX = /^[0-9A-Fa-f]{64}$/;
const SIGNATURE_HEX = /^[0-9A-Fa-f]{128}$/;
const INTEGER = /^[0-9]+$/;

type Json = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex').toUpperCase();
}

/** A Mesh `PublicKey` (`{ hex_bytes, curve_type }`) as a Symbol public key. */
function publicKeyOf(given: unknown): PublicKey {
  if (!isObject(given)) throw rosettaError('invalidRequestData', { reason: 'a public key is { hex_bytes, curve_type }' });
  if (given.curve_type !== CURVE) throw rosettaError('unsupportedCurve', { reason: `Symbol keys are ${CURVE}` });
  if (typeof given.hex_bytes !== 'string' || !KEY_HEX.test(given.hex_bytes)) throw rosettaError('invalidPublicKey', { reason: 'a public key is 32 bytes (64 hex)' });
  return new PublicKey(given.hex_bytes);
}

function addressOf(facade: SymbolFacade, publicKey: PublicKey): string {
  return facade.network.publicKeyToAddress(publicKey).toString();
}

/** A signed or unsigned transaction of a request (hex), decoded; a payload that is no transaction is invalid request data. */
async function transactionOf(hex: unknown, context: RosettaContext): Promise<DecodedTransaction> {
  return decodeTransaction(hex, await context.facade());
}

/**
 * The fee multiplier a built transaction pays: the network's average of the latest blocks, as
 * catapult-rest takes it (`/network/fees/transaction`'s `averageFeeMultiplier`), at least the
 * node's minimum.
 */
async function feeMultiplierOf(context: RosettaContext): Promise<number> {
  const fees = context.backend.fees;
  if (!fees) throw rosettaError('notSupported', { reason: 'this backend does not know the network fees' });
  const { averageFeeMultiplier, minFeeMultiplier } = await fees.transactionFees();
  return Math.max(averageFeeMultiplier, minFeeMultiplier);
}

/** The network time and fee multiplier `/construction/metadata` answered, from a `/construction/payloads` request. */
function buildParametersOf(metadata: unknown): BuildParameters {
  const { networkTime, feeMultiplier } = isObject(metadata) ? metadata : {};
  if (typeof networkTime !== 'string' || !INTEGER.test(networkTime) || typeof feeMultiplier !== 'number' || !Number.isSafeInteger(feeMultiplier) || feeMultiplier < 0) {
    throw rosettaError('invalidRequestData', { reason: 'metadata must be what /construction/metadata answered: { networkTime, feeMultiplier }' });
  }
  return { networkTime: BigInt(networkTime), feeMultiplier: BigInt(feeMultiplier) };
}

/** `/construction/derive`: the address of an edwards25519 public key on this network. */
async function derive(request: Json, context: RosettaContext): Promise<unknown> {
  const publicKey = publicKeyOf(request.public_key);
  return { account_identifier: { address: addressOf(await context.facade(), publicKey) } };
}

/** `/construction/preprocess`: the number of transfers (for the fee) and the sender, whose public key `/payloads` needs. */
async function preprocess(request: Json, context: RosettaContext): Promise<unknown> {
  const transfers = await transfersOf(request.operations, context);
  return { options: { transfers: transfers.length }, required_public_keys: [{ address: senderOf(transfers) }] };
}

/** `/construction/metadata`: the network time (the deadline follows from it), the fee multiplier, and the fee of the transaction `options` describe. */
async function metadata(request: Json, context: RosettaContext): Promise<unknown> {
  const [networkTime, feeMultiplier] = await Promise.all([context.backend.node.networkTime(), feeMultiplierOf(context)]);
  const answer = { metadata: { networkTime: networkTime.toString(), feeMultiplier } };
  const count = isObject(request.options) ? request.options.transfers : undefined;
  if (count === undefined) return answer;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1 || count > 100) throw rosettaError('invalidRequestData', { reason: 'options.transfers is the number of transfers (1 to 100)' });
  const currency = await context.currency();
  const fee = BigInt(transactionSize(await context.facade(), count, currency)) * BigInt(feeMultiplier);
  return { ...answer, suggested_fee: [{ value: fee.toString(), currency }] };
}

/** `/construction/payloads`: the unsigned transaction and what its sender signs (what symbol-sdk's `facade.signTransaction` signs). */
async function payloads(request: Json, context: RosettaContext): Promise<unknown> {
  const transfers = await transfersOf(request.operations, context);
  const sender = senderOf(transfers);
  const parameters = buildParametersOf(request.metadata);
  const facade = await context.facade();
  const keys = Array.isArray(request.public_keys) ? request.public_keys.map(publicKeyOf) : [];
  const signerPublicKey = keys.find((key) => addressOf(facade, key) === sender);
  if (!signerPublicKey) throw rosettaError('invalidRequestData', { reason: `public_keys must hold the public key of ${sender}` });
  const transaction = buildTransaction(facade, transfers, signerPublicKey, parameters);
  return {
    unsigned_transaction: toHex(transaction.serialize()),
    payloads: [{ account_identifier: { address: sender }, hex_bytes: toHex(facade.extractSigningPayload(transaction)), signature_type: SIGNATURE_TYPE }],
  };
}

/** The signature a `/construction/combine` request holds for `signer` (64 bytes), checked to be of its type and curve. */
function signatureOf(signatures: unknown, signer: string): Uint8Array<ArrayBuffer> {
  if (!Array.isArray(signatures)) throw rosettaError('invalidRequestData', { reason: 'signatures must be an array' });
  const found = signatures.find((signature): signature is Json => isObject(signature) && isObject(signature.public_key) && String(signature.public_key.hex_bytes).toUpperCase() === signer);
  if (!found) throw rosettaError('invalidRequestData', { reason: `no signature of the signer ${signer}` });
  publicKeyOf(found.public_key);
  if (found.signature_type !== SIGNATURE_TYPE) throw rosettaError('unsupportedCurve', { reason: `Symbol signatures are ${SIGNATURE_TYPE}` });
  if (typeof found.hex_bytes !== 'string' || !SIGNATURE_HEX.test(found.hex_bytes)) throw rosettaError('invalidSignature', { reason: 'a signature is 64 bytes (128 hex)' });
  return new Uint8Array(Buffer.from(found.hex_bytes, 'hex'));
}

/** `/construction/combine`: the transaction with its signer's signature attached, once it verifies for the transaction and key. */
async function combine(request: Json, context: RosettaContext): Promise<unknown> {
  const decoded = await transactionOf(request.unsigned_transaction, context);
  const facade = await context.facade();
  const signature = signatureOf(request.signatures, decoded.signerPublicKey);
  if (!verifyEd25519(decoded.model.signerPublicKey.bytes, facade.extractSigningPayload(decoded.model), signature)) {
    throw rosettaError('invalidSignature', { reason: `the signature does not verify for the transaction and ${decoded.signerPublicKey}` });
  }
  decoded.model.signature = new models.Signature(signature);
  return { signed_transaction: toHex(decoded.model.serialize()) };
}

/** `/construction/parse`: the transfers of a transaction as operations, and, when signed, the accounts that signed it. */
async function parse(request: Json, context: RosettaContext): Promise<unknown> {
  if (typeof request.signed !== 'boolean') throw rosettaError('invalidRequestData', { reason: 'signed must be a boolean' });
  const { model } = await transactionOf(request.transaction, context);
  const facade = await context.facade();
  const operations = operationsOf(await transfersOfTransaction(model, facade, context));
  const signers = request.signed ? [new PublicKey(model.signerPublicKey.bytes), ...cosignerKeys(model)] : [];
  return { operations, account_identifier_signers: signers.map((key) => ({ address: addressOf(facade, key) })) };
}

/** `/construction/hash`: the hash of a signed transaction, as the chain computes it. */
async function hash(request: Json, context: RosettaContext): Promise<unknown> {
  const decoded = await transactionOf(request.signed_transaction, context);
  return { transaction_identifier: { hash: decoded.hash } };
}

/**
 * `/construction/submit`: announces a signed transaction, as `PUT /transactions` does, and
 * answers its hash. A signature (or an aggregate's cosignature) that does not verify is
 * refused here (`invalidSignature`) rather than announced to fail on the chain.
 */
async function submit(request: Json, context: RosettaContext): Promise<unknown> {
  const { announcer } = context.backend;
  if (!announcer) throw rosettaError('notSupported', { reason: 'this backend takes no announces' });
  const decoded = await transactionOf(request.signed_transaction, context);
  const facade = await context.facade();
  if (!verifySignature(decoded, facade) || !embeddedCosignatures(decoded).every((cosignature) => verifyCosignature(decoded.hash, cosignature))) {
    throw rosettaError('invalidSignature', { reason: `a signature of transaction ${decoded.hash} does not verify` });
  }
  await announcer.announce(String(request.signed_transaction));
  return { transaction_identifier: { hash: decoded.hash } };
}

/** The Construction API: `/construction/{derive,preprocess,metadata,payloads,combine,parse,hash,submit}`. */
export const constructionRoutes: RosettaRoutes = {
  '/construction/derive': derive,
  '/construction/preprocess': preprocess,
  '/construction/metadata': metadata,
  '/construction/payloads': payloads,
  '/construction/combine': combine,
  '/construction/parse': parse,
  '/construction/hash': hash,
  '/construction/submit': submit,
};
