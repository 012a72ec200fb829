import { defineFamily } from '../family.js';
import { aggregatePlugin } from './plugin.js';
import { AGGREGATE_TRANSACTIONS } from './transactions.js';

/** Aggregates, complete and bonded: inner transactions that run all or nothing, and their cosignatures. */
export const aggregate = defineFamily({ name: 'aggregate', plugin: aggregatePlugin, transactions: AGGREGATE_TRANSACTIONS });
