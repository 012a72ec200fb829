import type { AccountKey } from '../backend/core.js';
import type { GatewayBackend, NetworkConfigurationDTO } from '../backend/index.js';
import { InternalServiceError } from '../errors.js';
import { RawAnswer } from '../http/raw-answer.js';
import { PURE, type Router } from '../http/router.js';
import { andThen } from './awaitable.js';

/**
 * `GET /network/currency/supply/{circulating,total,max}`: the network currency's supply in whole
 * units as `text/plain` (`8999999998.000000`), as catapult-rest's supply routes answer. Circulating
 * is the total less what the nemesis signer and the `uncirculating` accounts (public keys, 64 hex)
 * hold; max is the network's `maxMosaicAtomicUnits`. Pure routes, though the answer memo keeps JSON
 * answers only (see `RawAnswer`).
 */
export function currencySupplyRoutes(router: Router, backend: GatewayBackend, uncirculating: readonly string[] = []): void {
  const { mosaics, accounts } = backend;
  if (!mosaics) return;

  // The currency's definition, as /network/properties names it.
  const currency = async () => {
    const properties = await backend.network.properties();
    const id = currencyMosaicIdOf(properties);
    const [mosaic] = await mosaics.find([id]);
    if (mosaic === undefined) throw new InternalServiceError(`the currency mosaic ${id} that /network/properties names is not known`);
    return { properties, id, supply: BigInt(mosaic.mosaic.supply), divisibility: mosaic.mosaic.divisibility };
  };

  router.get('/network/currency/supply/total', async () => {
    const { supply, divisibility } = await currency();
    return RawAnswer.text(wholeUnits(supply, divisibility));
  }, PURE);

  router.get('/network/currency/supply/max', async () => {
    const { properties, divisibility } = await currency();
    return RawAnswer.text(wholeUnits(atomicUnitsOf(properties.chain.maxMosaicAtomicUnits, 'maxMosaicAtomicUnits'), divisibility));
  }, PURE);

  if (!accounts) return;
  router.get('/network/currency/supply/circulating', async () => {
    const { properties, id, supply, divisibility } = await currency();
    // Each account once, though the nemesis signer may be named among the uncirculating ones too.
    const keys = [...new Set([properties.network.nemesisSignerPublicKey.toUpperCase(), ...uncirculating])].map((publicKey): AccountKey => ({ publicKey }));
    const held = await andThen(accounts.find(keys), (found) =>
      found.reduce((sum, { account }) => sum + BigInt(account.mosaics.find((mosaic) => mosaic.id === id)?.amount ?? 0), 0n));
    return RawAnswer.text(wholeUnits(supply - held, divisibility));
  }, PURE);
}

/** An amount of atomic units in whole units with `divisibility` decimals: exact, as bigint (catapult-rest's `toFixed`). */
function wholeUnits(atomic: bigint, divisibility: number): string {
  if (divisibility === 0) return atomic.toString();
  const sign = atomic < 0n ? '-' : '';
  const digits = (atomic < 0n ? -atomic : atomic).toString().padStart(divisibility + 1, '0');
  return `${sign}${digits.slice(0, -divisibility)}.${digits.slice(-divisibility)}`;
}

/** A mosaic id as catapult's configuration writes it (`0x72C0'212E'67A0'8BCE`) in 16 hex. */
function currencyMosaicIdOf(properties: NetworkConfigurationDTO): string {
  const value = String(properties.chain.currencyMosaicId ?? '');
  const hex = value.replace(/'/g, '').replace(/^0x/i, '').toUpperCase();
  if (!/^[0-9A-F]{1,16}$/.test(hex)) throw new InternalServiceError(`/network/properties chain.currencyMosaicId is not a mosaic id: ${JSON.stringify(value)}`);
  return hex.padStart(16, '0');
}

/** A number of atomic units as catapult's configuration writes it (`8'999'999'999'000'000`). */
function atomicUnitsOf(value: unknown, name: string): bigint {
  const digits = String(value ?? '').replace(/'/g, '');
  if (!/^[0-9]{1,20}$/.test(digits)) throw new InternalServiceError(`/network/properties chain.${name} is not a number: ${JSON.stringify(value)}`);
  return BigInt(digits);
}
