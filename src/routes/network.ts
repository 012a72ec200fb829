import type { GatewayBackend } from '../backend/index.js';
import { parseUint64 } from '../http/query.js';
import { PURE, type Router } from '../http/router.js';
import { andThen } from './awaitable.js';

/** `GET /network`, `/network/properties`, `/network/fees/{transaction,rental}`, `/network/inflation` and `/network/inflation/at/{height}`. */
export function networkRoutes(router: Router, backend: GatewayBackend): void {
  router.get('/network', () => backend.network.type(), PURE);
  router.get('/network/properties', () => backend.network.properties(), PURE);

  const { fees } = backend;
  if (fees) {
    router.get('/network/fees/transaction', () => fees.transactionFees(), PURE);
    router.get('/network/fees/rental', () => fees.rentalFees(), PURE);
  }

  const inflation = backend.network.inflation?.bind(backend.network);
  if (inflation) {
    router.get('/network/inflation', () => inflation(), PURE);
    router.get('/network/inflation/at/:height', (ctx) => {
      const height = parseUint64('height', ctx.params.height);
      // The step in force: the last one that starts at or below the height (the reference's 'N/A' before the first).
      return andThen(inflation(), (points) => [...points].reverse().find((point) => BigInt(point.startHeight) <= height) ?? { startHeight: 'N/A', rewardAmount: '0' });
    }, PURE);
  }
}
