import type { StoreModule } from './part.js';
import { inputsStore } from './inputs.js';
import { RECEIPTS_MODULE } from './receipts.js';
import { stateModule } from './state.js';
import { transactionsStore } from './transactions.js';

/** Every part of the store beyond blocks, chain head and finalization (writer.ts, backend.ts), in the order the writer writes them. */
export const STORE_MODULES: readonly StoreModule[] = [transactionsStore, stateModule, RECEIPTS_MODULE, inputsStore];
