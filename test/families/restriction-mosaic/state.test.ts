/**
 * The mosaic restriction rules no signed transaction can reach, checked on the plugin's
 * functions: a rule type past GE (symbol-sdk does not decode such a payload, so the gateway
 * answers 409 before any rule runs), and a global rule that names its own mosaic as its
 * reference (the previous-value check keeps a transaction from making one). Also catapult's
 * comparison of an account's value with a rule, case by case.
 */
import { describe, expect, it } from 'vitest';
import { AliasResolution, RuleContext } from '../../../src/memory/execution/contexts.js';
import type { PublishContext } from '../../../src/memory/execution/plugin.js';
import { validateBalanceDebit, validateBalanceTransfer, validateRestrictionType } from '../../../src/families/restriction-mosaic/validators.js';
import { ENTRY_TYPE, MOSAIC_RESTRICTIONS, RESTRICTION_TYPE, UNSET_VALUE, compositeHash, passes } from '../../../src/families/restriction-mosaic/state.js';
import { resolveRules } from '../../../src/memory/rules.js';
import { ChainState } from '../../../src/memory/state/chain-state.js';

const MOSAIC = '1122334455667788';
const SENDER = `98${'11'.repeat(23)}`;
const RECIPIENT = `98${'22'.repeat(23)}`;

function contextWith(referenceMosaicId: string): RuleContext {
  const state = new ChainState();
  state.register(MOSAIC_RESTRICTIONS);
  const delta = state.delta();
  const hash = compositeHash(MOSAIC);
  delta.cache(MOSAIC_RESTRICTIONS).set(hash, { entryType: ENTRY_TYPE.global, compositeHash: hash, mosaicId: MOSAIC, rules: new Map([[1n, { referenceMosaicId, value: 0n, type: RESTRICTION_TYPE.ne }]]) });
  const environment = { height: 2n, timestamp: 0n, dynamicFeeMultiplier: 100n, rules: resolveRules(30_000), network: {} } as unknown as PublishContext;
  return new RuleContext(environment, delta, new AliasResolution([]));
}

describe('mosaic restriction rules out of a transaction’s reach', () => {
  it('refuses a rule type past GE with Failure_RestrictionMosaic_Invalid_Restriction_Type', () => {
    expect([0, 1, 6, 7, 255].map((type) => validateRestrictionType({ type }) ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'Failure_RestrictionMosaic_Invalid_Restriction_Type', 'Failure_RestrictionMosaic_Invalid_Restriction_Type']);
  });

  it('refuses every transfer and debit of a mosaic whose rule names the mosaic itself with Failure_RestrictionMosaic_Invalid_Global_Restriction', () => {
    const transfer = { unresolvedSenderAddress: SENDER, unresolvedRecipientAddress: RECIPIENT, unresolvedMosaicId: MOSAIC, amount: 1n };
    // A rule of type NE passes accounts without values: only the invalid reference refuses.
    expect(validateBalanceTransfer(transfer, contextWith('0000000000000000'))).toBeUndefined();
    expect(validateBalanceTransfer(transfer, contextWith(MOSAIC))).toBe('Failure_RestrictionMosaic_Invalid_Global_Restriction');
    expect(validateBalanceDebit({ address: SENDER, unresolvedMosaicId: MOSAIC, amount: 1n }, contextWith(MOSAIC))).toBe('Failure_RestrictionMosaic_Invalid_Global_Restriction');
  });
});

describe('a rule against an account’s value (catapult’s EvaluateMosaicRestriction)', () => {
  it('compares the account’s value with the rule’s: EQ, NE, LT, LE, GT, GE', () => {
    const table = Object.entries(RESTRICTION_TYPE)
      .filter(([, type]) => type !== RESTRICTION_TYPE.none)
      .map(([name, type]) => [name, [4n, 5n, 6n].map((value) => passes({ value: 5n, type }, value))]);
    expect(Object.fromEntries(table)).toEqual({
      eq: [false, true, false],
      ne: [true, false, true],
      lt: [true, false, false],
      le: [true, true, false],
      gt: [false, false, true],
      ge: [false, true, true],
    });
  });

  it('passes an account without a value only for NE, whatever the rule’s value; type none passes nothing', () => {
    const types = [RESTRICTION_TYPE.none, RESTRICTION_TYPE.eq, RESTRICTION_TYPE.ne, RESTRICTION_TYPE.lt, RESTRICTION_TYPE.le, RESTRICTION_TYPE.gt, RESTRICTION_TYPE.ge];
    expect(types.map((type) => passes({ value: UNSET_VALUE, type }, UNSET_VALUE))).toEqual([false, false, true, false, false, false, false]);
    expect(passes({ value: 0n, type: RESTRICTION_TYPE.none }, 0n)).toBe(false);
  });
});
