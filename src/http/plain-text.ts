/**
 * A route's answer as `text/plain` instead of JSON (catapult-rest's `sendPlainText`, e.g. the
 * currency supply routes). The gateway writes it as it is; errors stay JSON `{code, message}`,
 * and the answer memo keeps only JSON answers, so a plain-text answer is computed each time.
 *
 * @example
 * router.get('/network/currency/supply/total', () => new PlainText('8998999998.000000'));
 */
export class PlainText {
  constructor(readonly text: string) {}
}
