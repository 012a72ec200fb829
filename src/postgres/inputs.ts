import { SymbolFacade, type Network } from 'symbol-sdk/symbol';
import type { CosignatureDTO } from '../backend/dto.js';
import type { ChainInput } from '../memory/chain-dump.js';
import { symbolNetwork } from '../network.js';
import type { ResolvedChainOptions } from '../memory/options.js';
import { checkAnnounced } from '../memory/transactions/lifecycle.js';
import type { GatewayBackend } from '../backend/index.js';
import type { PartWrite, StoreModule, StorePart } from './part.js';
import type { Reader } from './reader.js';
import { ServiceUnavailableError } from '../errors.js';
import { ROWS_PER_STATEMENT } from './pool.js';

/** The channel NOTIFY wakes the writer on once an announce is queued in `inbound`. */
export const INBOUND_CHANNEL = 'symbol_gateway_inbound';

/** What an instance queues for the writer: a payload to announce (`transaction`, `partial`) or a cosignature (JSON). */
export type InboundKind = 'transaction' | 'partial' | 'cosignature';

/**
 * The chain's inputs and the announces on their way to it.
 *
 * `inputs` keeps every input of the chain (blocks and the time they were asked for, announces as
 * they were checked, controls), each in the batch that holds its effects: a writer restarts by
 * playing them again, as `InMemoryChain.load` plays a dump, to the very state, pools and ids the
 * database has. `inbound` is where any gateway instance puts an announce; the writer reads it
 * after the last one it took (kept with the chain's meta in the same transaction as the effects),
 * so an announce is taken once, even across a restart.
 */
const MIGRATION = {
  version: 5,
  name: 'chain inputs, inbound announces',
  sql: `
    create table inputs (
      seq bigint primary key,
      json text not null
    );
    create table inbound (
      seq bigserial primary key,
      kind text not null,
      payload text not null
    );
  `,
};

/** The writer's side: the inputs the chain took since the previous batch (at the catch-up all of them; those the database has are left as they are). */
function inputsPart(): StorePart {
  let collected = 0;
  return {
    name: 'inputs',
    follow(chain, touch) {
      chain.following().onInput(touch);
    },
    collect(chain): PartWrite | undefined {
      const { inputs } = chain.following();
      const from = collected;
      if (inputs.length === from) return undefined;
      collected = inputs.length;
      // Copies: an input is complete once the chain is idle, and stays as it is.
      const rows = inputs.slice(from).map((input: ChainInput) => JSON.stringify(input));
      return async (client) => {
        // A slice a statement: at a catch-up, every input of the chain.
        for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
          const slice = rows.slice(at, at + ROWS_PER_STATEMENT);
          await client.query('insert into inputs (seq, json) select * from unnest($1::bigint[], $2::text[]) on conflict (seq) do nothing', [
            slice.map((_, i) => String(from + at + i + 1)),
            slice,
          ]);
        }
      };
    },
  };
}

/** The network an instance checks announces against: what the writer stored of the chain's options. */
export interface StoredNetwork {
  network: ResolvedChainOptions['network'];
  epochAdjustment: number;
  generationHashSeed: string;
}

/** The chain's symbol-sdk network, as the writer stored it (it never changes for a database). */
export async function storedNetwork(db: Reader): Promise<Network> {
  return symbolNetwork(await db.meta<StoredNetwork>('symbolNetwork'));
}

/**
 * The announcer of a gateway instance: checked as the chain checks an announce when it arrives
 * (409 for what is no transaction; the rest once the writer takes it), then queued in `inbound`
 * on `queueOn` (the primary, when `db` is a hot standby) with a NOTIFY that wakes the writer.
 */
export function inboundAnnouncer(db: Reader, queueOn: Reader = db): GatewayBackend['announcer'] {
  let facade: SymbolFacade | undefined;
  const network = async () => (facade ??= new SymbolFacade(await storedNetwork(db)));
  const queue = async (kind: InboundKind, payload: string) => {
    try {
      await queueOn.rows(`with queued as (insert into inbound (kind, payload) values ($1, $2)) select pg_notify($3, '')`, [kind, payload, INBOUND_CHANNEL]);
    } catch (error) {
      throw readOnly(error) ? new ServiceUnavailableError(READ_ONLY_MESSAGE, error) : error;
    }
  };
  return {
    async announce(payload) {
      checkAnnounced(payload, await network(), 'unconfirmed');
      await queue('transaction', payload);
    },
    async announcePartial(payload) {
      checkAnnounced(payload, await network(), 'partial');
      await queue('partial', payload);
    },
    announceCosignature: (cosignature: CosignatureDTO) => queue('cosignature', JSON.stringify(cosignature)),
  };
}

const READ_ONLY_MESSAGE = "this instance's database is read-only (a hot standby): announces go to its primary, and none is configured (primaryUrl, --primary)";

/** Whether a query failed because its database takes no writes (SQLSTATE 25006, read_only_sql_transaction: a hot standby). */
function readOnly(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return (cause as { code?: string } | undefined)?.code === '25006';
}

export const inputsStore: StoreModule = {
  createPart: inputsPart,
  migrations: [MIGRATION],
  repositories: (db) => ({ announcer: inboundAnnouncer(db) }),
};
