import type { StoreModule } from './part.js';
import { RECEIPTS_MODULE } from './receipts.js';

/** Every part of the store beyond blocks, chain head and finalization (writer.ts, backend.ts), in the order the writer writes them. */
export const STORE_MODULES: readonly StoreModule[] = [RECEIPTS_MODULE];
