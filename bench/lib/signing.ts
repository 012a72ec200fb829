/** Signed transfers made with symbol-sdk exactly as a wallet makes them. */
import { createHash } from 'node:crypto';
import { PrivateKey, PublicKey } from 'symbol-sdk';
import { KeyPair, type SymbolFacade } from 'symbol-sdk/symbol';

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
