/** Signed transfers made with symbol-sdk exactly as a wallet makes them. */
import { createHash } from 'node:crypto';
import { PrivateKey, PublicKey } from 'symbol-sdk';
import { Address, KeyPair, SymbolFacade, generateMosaicId } from 'symbol-sdk/symbol';

/** The id of the `symbol.xym` namespace, as wallets put it in transfers. */
export const XYM_ALIAS = 0xe74b99ba41f4afeen;

export interface TransferSpec {
  signer: KeyPair;
  /** Base32 address. */
  recipient: string;
  amount: bigint;
  deadline: bigint;
  fee?: bigint;
  message?: string;
}

/** The payload (uppercase hex) of a signed transfer. */
export function signTransfer(facade: SymbolFacade, spec: TransferSpec): string {
  const transaction = facade.transactionFactory.create({
    type: 'transfer_transaction_v1',
    signerPublicKey: spec.signer.publicKey,
    fee: spec.fee ?? 1_000_000n,
    deadline: spec.deadline,
    recipientAddress: spec.recipient,
    mosaics: [{ mosaicId: XYM_ALIAS, amount: spec.amount }],
    message: new Uint8Array([0, ...Buffer.from(spec.message ?? 'bench')]),
  });
  const signature = facade.signTransaction(spec.signer, transaction);
  const body = facade.transactionFactory.static.attachSignature(transaction, signature);
  return (JSON.parse(body) as { payload: string }).payload;
}

/** A key pair that follows from a label. */
export function keyPairOf(label: string): KeyPair {
  return new KeyPair(new PrivateKey(createHash('sha3-256').update(`bench key ${label}`).digest()));
}

/** `count` distinct addresses (base32) of accounts nobody holds a key of: recipients and subscribers. */
export function addresses(facade: SymbolFacade, count: number, label = 'address'): string[] {
  return Array.from({ length: count }, (_, i) =>
    facade.network.publicKeyToAddress(new PublicKey(createHash('sha3-256').update(`bench ${label} ${i}`).digest())).toString(),
  );
}

/**
 * The same addresses as `addresses(facade, count, label)`, derived with node:crypto's
 * SHA3-256 and RIPEMD-160 instead of symbol-sdk's JavaScript hashes (≈ 10 µs each instead
 * of ≈ 60): a hundred thousand recipients in about a second.
 */
export function manyAddresses(facade: SymbolFacade, count: number, label = 'address'): string[] {
  const identifier = facade.network.identifier;
  return Array.from({ length: count }, (_, i) => {
    const publicKey = createHash('sha3-256').update(`bench ${label} ${i}`).digest();
    const version = Buffer.concat([Buffer.of(identifier), createHash('ripemd160').update(createHash('sha3-256').update(publicKey).digest()).digest()]);
    const checksum = createHash('sha3-256').update(version).digest().subarray(0, 3);
    return new Address(new Uint8Array(Buffer.concat([version, checksum]))).toString();
  });
}

/** An inner transaction of an aggregate (the factory's `createEmbedded`: no fee, deadline or signature). */
export type EmbeddedTransaction = ReturnType<SymbolFacade['transactionFactory']['createEmbedded']>;

export interface AggregateSpec {
  signer: KeyPair;
  /** Inner transactions, signed by `signer` unless `cosigners` cosign them. */
  embedded: EmbeddedTransaction[];
  deadline: bigint;
  fee: bigint;
  /** Accounts that cosign the aggregate (their cosignatures are attached, as a wallet does for an aggregate complete). */
  cosigners?: KeyPair[];
}

/** The payload (uppercase hex) of a signed aggregate complete. */
export function signAggregate(facade: SymbolFacade, spec: AggregateSpec): string {
  const transaction = facade.transactionFactory.create({
    type: 'aggregate_complete_transaction_v3',
    signerPublicKey: spec.signer.publicKey,
    fee: spec.fee,
    deadline: spec.deadline,
    transactionsHash: SymbolFacade.hashEmbeddedTransactions(spec.embedded as never),
    transactions: spec.embedded,
  });
  const signature = facade.signTransaction(spec.signer, transaction);
  facade.transactionFactory.static.attachSignature(transaction, signature);
  const hash = facade.hashTransaction(transaction);
  const { cosignatures } = transaction as unknown as { cosignatures: unknown[] };
  for (const cosigner of spec.cosigners ?? []) cosignatures.push(SymbolFacade.cosignTransactionHash(cosigner, hash));
  return Buffer.from(transaction.serialize()).toString('hex').toUpperCase();
}

export interface MultisigSpec {
  /** The account that becomes multisig (it signs the aggregate). */
  account: KeyPair;
  /** Its cosigners: each opts in by cosigning. */
  cosigners: KeyPair[];
  deadline: bigint;
  fee: bigint;
}

/** The payload of an aggregate complete that makes `account` an n-of-n multisig of `cosigners`, cosigned by each of them. */
export function signMultisigConversion(facade: SymbolFacade, spec: MultisigSpec): string {
  const n = spec.cosigners.length;
  const embedded = [
    facade.transactionFactory.createEmbedded({
      type: 'multisig_account_modification_transaction_v1',
      signerPublicKey: spec.account.publicKey,
      minApprovalDelta: n,
      minRemovalDelta: n,
      addressAdditions: spec.cosigners.map((cosigner) => facade.network.publicKeyToAddress(cosigner.publicKey)),
      addressDeletions: [],
    }),
  ];
  return signAggregate(facade, { signer: spec.account, embedded, deadline: spec.deadline, fee: spec.fee, cosigners: spec.cosigners });
}

export interface MultisigTransferSpec {
  /** The multisig account that sends. */
  multisig: PublicKey;
  /** Its cosigners: the first signs the aggregate, the others cosign it. */
  cosigners: KeyPair[];
  /** Base32 address. */
  recipient: string;
  amount: bigint;
  deadline: bigint;
  fee: bigint;
}

/** The payload of an aggregate complete in which a multisig account sends currency, signed by one cosigner and cosigned by the others. */
export function signMultisigTransfer(facade: SymbolFacade, spec: MultisigTransferSpec): string {
  const embedded = [
    facade.transactionFactory.createEmbedded({
      type: 'transfer_transaction_v1',
      signerPublicKey: spec.multisig,
      recipientAddress: spec.recipient,
      mosaics: [{ mosaicId: XYM_ALIAS, amount: spec.amount }],
    }),
  ];
  const [signer, ...others] = spec.cosigners;
  return signAggregate(facade, { signer, embedded, deadline: spec.deadline, fee: spec.fee, cosigners: others });
}

/** The id (16 uppercase hex) of the mosaic an account defines with `nonce`. */
export function mosaicIdOf(address: string, nonce: number): string {
  return generateMosaicId(new Address(address), nonce).toString(16).toUpperCase().padStart(16, '0');
}

export interface MosaicSpec {
  signer: KeyPair;
  nonce: number;
  /** Units created (atomic units; divisibility 0). */
  supply: bigint;
  deadline: bigint;
  fee: bigint;
}

/**
 * The payload of an aggregate complete that defines a mosaic (transferable, divisibility 0,
 * eternal) with the signer's `nonce` and creates its supply: what a wallet announces to
 * issue a token. The chain charges the mosaic rental fee (50 XYM at the default multiplier).
 */
export function signMosaicDefinition(facade: SymbolFacade, spec: MosaicSpec): string {
  const signerPublicKey = spec.signer.publicKey;
  const id = generateMosaicId(facade.network.publicKeyToAddress(signerPublicKey), spec.nonce);
  const embedded = [
    facade.transactionFactory.createEmbedded({ type: 'mosaic_definition_transaction_v1', signerPublicKey, id, duration: 0n, nonce: spec.nonce, flags: 'transferable', divisibility: 0 }),
    facade.transactionFactory.createEmbedded({ type: 'mosaic_supply_change_transaction_v1', signerPublicKey, mosaicId: id, delta: spec.supply, action: 'increase' }),
  ];
  return signAggregate(facade, { signer: spec.signer, embedded, deadline: spec.deadline, fee: spec.fee });
}
