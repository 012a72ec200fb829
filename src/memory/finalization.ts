import type { KeyPair } from 'symbol-sdk/symbol';
import type { FinalizationProofDTO, FinalizedBlockDTO } from '../backend/dto.js';
import { signEd25519 } from '../ed25519.js';
import { fromHex, sha3, toHex } from './keys.js';

/** Voting stages of a finalization round, as the proofs name them. */
const PREVOTE = 0;
const PRECOMMIT = 1;

/** A finalization round and, once asked for, its signed proof. */
interface Round {
  readonly finalized: FinalizedBlockDTO;
  readonly hashes: readonly string[];
  proof: FinalizationProofDTO | undefined;
}

/** A voter: its root (account voting) key and the bottom key of its voting key tree. */
export interface Voter {
  root: KeyPair;
  bottom: KeyPair;
}

/**
 * Finalization proofs of the in-memory chain, by epoch and by height. Each round's
 * voters prevote for the blocks since the last finalized one and precommit to the
 * finalized block; their signatures are ed25519 over the round's message.
 */
export class FinalizationProofs {
  readonly #byEpoch = new Map<number, Round>();
  readonly #byHeight = new Map<string, Round>();
  readonly #voters: readonly (Voter & { rootHex: string; bottomHex: string; rootSignature: string })[];

  constructor(voters: readonly Voter[]) {
    // The keys' hex once, flat: symbol-sdk's toString() builds it a character at a time. The root key
    // signs the same bottom key in every round, and ed25519 signatures are deterministic: signed once.
    this.#voters = voters.map((voter) => ({
      ...voter,
      rootHex: toHex(voter.root.publicKey.bytes),
      bottomHex: toHex(voter.bottom.publicKey.bytes),
      rootSignature: toHex(signEd25519(voter.root, voter.bottom.publicKey.bytes)),
    }));
  }

  /**
   * Records the round that finalized `finalized`; `hashes` are the blocks it prevoted for, oldest
   * first. Its proof is signed when first asked for: a proof depends only on the round and the
   * voters' keys, and most are never read (a round every `finalizationInterval` blocks). A
   * `proof` given (a network's own, for its nemesis block) is served as it is.
   */
  record(finalized: FinalizedBlockDTO, hashes: readonly string[], proof?: FinalizationProofDTO): void {
    const round: Round = { finalized: { ...finalized }, hashes: [...hashes], proof };
    this.#byEpoch.set(finalized.finalizationEpoch, round);
    this.#byHeight.set(finalized.height, round);
  }

  /** Drops the proofs of the epochs after `epoch`. */
  truncate(epoch: number): void {
    for (const [finalizationEpoch, round] of this.#byEpoch) {
      if (finalizationEpoch <= epoch) continue;
      this.#byEpoch.delete(finalizationEpoch);
      this.#byHeight.delete(round.finalized.height);
    }
  }

  atEpoch(epoch: number): FinalizationProofDTO | undefined {
    const round = this.#byEpoch.get(epoch);
    return round && this.#proof(round);
  }

  atHeight(height: bigint): FinalizationProofDTO | undefined {
    const round = this.#byHeight.get(height.toString());
    return round && this.#proof(round);
  }

  #proof(round: Round): FinalizationProofDTO {
    if (round.proof) return round.proof;
    const { finalized, hashes } = round;
    round.proof = {
      version: 1,
      finalizationEpoch: finalized.finalizationEpoch,
      finalizationPoint: finalized.finalizationPoint,
      height: finalized.height,
      hash: finalized.hash,
      messageGroups: [
        this.#group(finalized, PREVOTE, hashes[0] === undefined ? finalized.height : String(BigInt(finalized.height) - BigInt(hashes.length - 1)), hashes),
        this.#group(finalized, PRECOMMIT, finalized.height, [finalized.hash]),
      ],
    };
    return round.proof;
  }

  #group(round: FinalizedBlockDTO, stage: number, height: string, hashes: readonly string[]): FinalizationProofDTO['messageGroups'][number] {
    const message = sha3(`${round.finalizationEpoch}/${round.finalizationPoint}/${stage}/${height}`, ...hashes.map(fromHex));
    return {
      stage,
      height,
      hashes: [...hashes],
      signatures: this.#voters.map((voter) => ({
        root: { parentPublicKey: voter.rootHex, signature: voter.rootSignature },
        bottom: { parentPublicKey: voter.bottomHex, signature: toHex(signEd25519(voter.bottom, message)) },
      })),
    };
  }
}
