/**
 * A strict reader of the Prometheus text format (0.0.4), for tests: prom-client writes the
 * format but has no parser, and promtool is not on every machine. It throws on any line that is
 * not a comment, a `# HELP`/`# TYPE` line or a sample of a declared family; checks each
 * histogram's buckets are cumulative and end in `+Inf` equal to `_count`.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
  /** The value of the sample `name` with exactly these labels (undefined when absent). */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"\s*(,|$)/y;
const SUFFIXES: Record<string, string[]> = { counter: [''], gauge: [''], untyped: [''], histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

export function parsePrometheus(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  text.split('\n').forEach((line, index) => {
    const where = `line ${index + 1} '${line}'`;
    if (line === '') return;
    if (line.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(line);
      if (!match) return; // a plain comment
      if (!NAME.test(match[2])) throw new Error(`${where}: bad metric name`);
      if (match[1] === 'TYPE') {
        if (!(match[3] in SUFFIXES)) throw new Error(`${where}: unknown type`);
        if (types.has(match[2])) throw new Error(`${where}: TYPE given twice`);
        types.set(match[2], match[3]);
      }
      return;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`${where}: not a sample`);
    const [, name, , labelText, valueText] = match;
    const labels: Record<string, string> = {};
    if (labelText !== undefined && labelText !== '') {
      LABEL.lastIndex = 0;
      while (LABEL.lastIndex < labelText.length) {
        const label = LABEL.exec(labelText);
        if (!label) throw new Error(`${where}: bad labels`);
        if (label[1] in labels) throw new Error(`${where}: label ${label[1]} twice`);
        labels[label[1]] = label[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      }
    }
    const value = valueText === '+Inf' ? Infinity : valueText === '-Inf' ? -Infinity : valueText === 'NaN' ? NaN : Number(valueText);
    if (valueText !== 'NaN' && Number.isNaN(value)) throw new Error(`${where}: bad value`);
    const family = [...types].find(([base, type]) => SUFFIXES[type].some((suffix) => name === base + suffix));
    if (!family) throw new Error(`${where}: sample of no declared family`);
    if (family[1] === 'histogram' && name.endsWith('_bucket') && labels.le === undefined) throw new Error(`${where}: bucket without le`);
    samples.push({ name, labels, value });
  });
  for (const [base, type] of types) if (type === 'histogram') checkHistogram(base, samples);
  return {
    types,
    samples,
    value: (name, labels = {}) => samples.find((sample) => sample.name === name && sameLabels(sample.labels, labels))?.value,
  };
}

function checkHistogram(base: string, samples: Sample[]): void {
  const series = new Map<string, Sample[]>();
  for (const sample of samples.filter((s) => s.name === `${base}_bucket`)) {
    const { le: _le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    series.set(key, [...(series.get(key) ?? []), sample]);
  }
  for (const [key, buckets] of series) {
    const bounds = buckets.map((bucket) => (bucket.labels.le === '+Inf' ? Infinity : Number(bucket.labels.le)));
    if (bounds.at(-1) !== Infinity) throw new Error(`${base}${key}: no +Inf bucket`);
    for (let i = 1; i < buckets.length; i++) {
      if (!(bounds[i] > bounds[i - 1]) || buckets[i].value < buckets[i - 1].value) throw new Error(`${base}${key}: buckets not cumulative`);
    }
    const labels = Object.fromEntries(JSON.parse(key) as [string, string][]);
    const count = samples.find((s) => s.name === `${base}_count` && sameLabels(s.labels, labels));
    if (count?.value !== buckets.at(-1)!.value) throw new Error(`${base}${key}: +Inf bucket is not _count`);
  }
}

function sameLabels(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
