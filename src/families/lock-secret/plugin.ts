import { models } from 'symbol-sdk/symbol';
import { ACCOUNT_ADDRESS, ADDRESS_INTERACTION, BALANCE_DEBIT, BALANCE_TRANSFER } from '../../memory/execution/core-notifications.js';
import { observer, validator, type ChainPlugin, type PluginEnvironment, type TransactionSupport } from '../../memory/execution/plugin.js';
import { toHex } from '../../memory/keys.js';
import { idHex } from '../../memory/symbol-ids.js';
import { observeLock, observeProof, observeSecretLockBlock, pruneSecretLocks } from './observers.js';
import { validateHashAlgorithm, validateLockDuration, validateLockUnique, validateProof, validateProofSecret } from './validators.js';
import { PROOF_PUBLICATION, PROOF_SECRET, SECRET_LOCK, SECRET_LOCK_DURATION, SECRET_LOCK_HASH_ALGORITHM, SECRET_LOCKS } from './state.js';
import { SecretLockStore } from './store.js';
import { entryTree } from '../../memory/state/state-tree.js';
import { secretLockTreeKey, serializeSecretLockInfo } from './serialize.js';

type SecretLock = InstanceType<typeof models.SecretLockTransactionV1>;
type SecretProof = InstanceType<typeof models.SecretProofTransactionV1>;

const secretLock: TransactionSupport = {
  type: models.TransactionType.SECRET_LOCK.value,
  publish({ model, signerAddress }, publish) {
    const { recipientAddress, secret, mosaic, duration, hashAlgorithm } = model as SecretLock;
    const recipient = toHex(recipientAddress.bytes);
    const unresolvedMosaicId = idHex(mosaic.mosaicId.value);
    const amount = BigInt(mosaic.amount.value);
    const blocks = BigInt(duration.value);
    publish(ACCOUNT_ADDRESS, { unresolvedAddress: recipient });
    publish(SECRET_LOCK_DURATION, { duration: blocks });
    publish(SECRET_LOCK_HASH_ALGORITHM, { hashAlgorithm: hashAlgorithm.value });
    publish(ADDRESS_INTERACTION, { sourceAddress: signerAddress, transactionType: model.type.value, unresolvedParticipants: [recipient] });
    publish(BALANCE_DEBIT, { address: signerAddress, unresolvedMosaicId, amount });
    publish(SECRET_LOCK, {
      ownerAddress: signerAddress,
      unresolvedMosaicId,
      amount,
      duration: blocks,
      hashAlgorithm: hashAlgorithm.value,
      secret: toHex(secret.bytes),
      unresolvedRecipientAddress: recipient,
    });
    // A transfer of nothing, so that every rule on moving the mosaic to the recipient runs (transferable, restrictions).
    publish(BALANCE_TRANSFER, { unresolvedSenderAddress: signerAddress, unresolvedRecipientAddress: recipient, unresolvedMosaicId, amount: 0n });
  },
};

const secretProof: TransactionSupport = {
  type: models.TransactionType.SECRET_PROOF.value,
  publish({ model, signerAddress }, publish) {
    const { recipientAddress, secret, hashAlgorithm, proof } = model as SecretProof;
    const hex = toHex(secret.bytes);
    publish(SECRET_LOCK_HASH_ALGORITHM, { hashAlgorithm: hashAlgorithm.value });
    publish(PROOF_SECRET, { hashAlgorithm: hashAlgorithm.value, secret: hex, proof });
    publish(PROOF_PUBLICATION, { ownerAddress: signerAddress, hashAlgorithm: hashAlgorithm.value, secret: hex, unresolvedRecipientAddress: toHex(recipientAddress.bytes) });
  },
};

/**
 * Secret locks (catapult's lock_secret plugin): a mosaic taken from the signer and locked
 * for a recipient under a secret, paid to the recipient for a proof that hashes to the
 * secret, back to the owner when the lock ends unclaimed.
 */
export function lockSecretPlugin(environment: PluginEnvironment): ChainPlugin & { readonly secretLocks: SecretLockStore } {
  const secretLocks = new SecretLockStore(environment.state.register(SECRET_LOCKS, { tree: 'secretLockInfo', cacheId: 7, source: entryTree((key) => secretLockTreeKey(key), serializeSecretLockInfo) }), environment.nextId);
  return {
    name: 'lock-secret',
    secretLocks,
    transactions: [secretProof, secretLock],
    statelessValidators: [
      validator(SECRET_LOCK_DURATION, validateLockDuration),
      validator(SECRET_LOCK_HASH_ALGORITHM, validateHashAlgorithm),
      validator(PROOF_SECRET, validateProofSecret),
    ],
    validators: [validator(SECRET_LOCK, validateLockUnique), validator(PROOF_PUBLICATION, validateProof)],
    observers: [observer(SECRET_LOCK, observeLock), observer(PROOF_PUBLICATION, observeProof)],
    blockObservers: [observeSecretLockBlock(secretLocks)],
    prune: pruneSecretLocks(secretLocks),
  };
}
