/**
 * A small metrics registry and its Prometheus text exposition (format 0.0.4): counters, gauges and
 * histograms with fixed buckets, each with a fixed set of label names. Written here rather than taken
 * as a dependency: the format is a page long (https://prometheus.io/docs/instrumenting/exposition_formats/)
 * and the service needs no more of it.
 *
 * Label values must come from a bounded set (a route pattern, never a raw URL): every distinct set of
 * values is a series kept for the life of the process.
 */

export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type Labels<L extends string> = Record<L, string>;

export interface Counter<L extends string> {
  inc(labels: Labels<L>, by?: number): void;
}

export interface Gauge<L extends string> {
  set(labels: Labels<L>, value: number): void;
}

export interface Histogram<L extends string> {
  observe(labels: Labels<L>, value: number): void;
}

interface MetricOptions<L extends string> {
  name: string;
  help: string;
  labelNames: readonly L[];
}

export interface MetricsRegistry {
  /** `collect`, when given, is asked for the counter's values at every exposition (a total kept elsewhere, which only grows). */
  counter<L extends string>(
    options: MetricOptions<L> & { collect?: () => Array<{ labels: Labels<L>; value: number }> },
  ): Counter<L>;
  /** `collect`, when given, is asked for the gauge's values at every exposition (a pool's use now). */
  gauge<L extends string>(
    options: MetricOptions<L> & { collect?: () => Array<{ labels: Labels<L>; value: number }> },
  ): Gauge<L>;
  histogram<L extends string>(options: MetricOptions<L> & { buckets: readonly number[] }): Histogram<L>;
  /** Every metric in the text format, in the order they were made. */
  expose(): string;
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** The format's escapes: in HELP a backslash and a line feed, in a label value also the double quote. */
const escapeHelp = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
const escapeLabelValue = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

/** Go's ParseFloat spellings, which the format uses for the special values. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

function labelText(names: readonly string[], values: readonly string[]): string {
  if (names.length === 0) return '';
  return `{${names.map((name, i) => `${name}="${escapeLabelValue(values[i] ?? '')}"`).join(',')}}`;
}

const header = (name: string, help: string, type: string) => [
  `# HELP ${name} ${escapeHelp(help)}`,
  `# TYPE ${name} ${type}`,
];
/** A series' label values, in label-name order. */
const valuesOf = <L extends string>(labelNames: readonly L[], labels: Labels<L>) =>
  labelNames.map((name) => labels[name]);
/** The series key: the values joined by a character no value is expected to hold. */
const keyOf = (values: readonly string[]) => values.join('\u0000');

interface Family {
  render(): string[];
}

export function createMetricsRegistry(): MetricsRegistry {
  const families: Family[] = [];
  const names = new Set<string>();

  function check<L extends string>({ name, labelNames }: MetricOptions<L>, reserved: readonly string[] = []): void {
    if (!METRIC_NAME.test(name)) throw new Error(`not a metric name: ${name}`);
    if (names.has(name)) throw new Error(`metric ${name} is made twice`);
    for (const label of labelNames) {
      if (!LABEL_NAME.test(label) || label.startsWith('__') || reserved.includes(label))
        throw new Error(`not a label name for ${name}: ${label}`);
    }
    names.add(name);
  }

  return {
    counter(options) {
      check(options);
      const series = new Map<string, { values: string[]; value: number }>();
      families.push({
        render() {
          const current = options.collect
            ? options.collect().map(({ labels, value }) => ({ values: valuesOf(options.labelNames, labels), value }))
            : [...series.values()];
          return [
            ...header(options.name, options.help, 'counter'),
            ...current.map(
              ({ values, value }) => `${options.name}${labelText(options.labelNames, values)} ${formatValue(value)}`,
            ),
          ];
        },
      });
      return {
        inc(labels, by = 1) {
          // A counter only goes up (a restart sets it to zero, which Prometheus's rate() expects).
          if (!(by >= 0)) throw new Error(`counter ${options.name} cannot go down by ${by}`);
          const values = valuesOf(options.labelNames, labels);
          const key = keyOf(values);
          const entry = series.get(key) ?? { values, value: 0 };
          entry.value += by;
          series.set(key, entry);
        },
      };
    },

    gauge(options) {
      check(options);
      const series = new Map<string, { values: string[]; value: number }>();
      families.push({
        render() {
          const current = options.collect
            ? options.collect().map(({ labels, value }) => ({ values: valuesOf(options.labelNames, labels), value }))
            : [...series.values()];
          return [
            ...header(options.name, options.help, 'gauge'),
            ...current.map(
              ({ values, value }) => `${options.name}${labelText(options.labelNames, values)} ${formatValue(value)}`,
            ),
          ];
        },
      });
      return {
        set(labels, value) {
          const values = valuesOf(options.labelNames, labels);
          series.set(keyOf(values), { values, value });
        },
      };
    },

    histogram(options) {
      check(options, ['le']);
      const buckets = options.buckets.toSorted((a, b) => a - b);
      const series = new Map<string, { values: string[]; counts: number[]; sum: number; count: number }>();
      const bucketNames = [...options.labelNames, 'le'];
      families.push({
        render: () => [
          ...header(options.name, options.help, 'histogram'),
          ...[...series.values()].flatMap(({ values, counts, sum, count }) => [
            // Buckets are cumulative: each counts every observation at most its bound (`le`).
            ...buckets.map(
              (bound, i) =>
                `${options.name}_bucket${labelText(bucketNames, [...values, formatValue(bound)])} ${counts[i] ?? 0}`,
            ),
            `${options.name}_bucket${labelText(bucketNames, [...values, '+Inf'])} ${count}`,
            `${options.name}_sum${labelText(options.labelNames, values)} ${formatValue(sum)}`,
            `${options.name}_count${labelText(options.labelNames, values)} ${count}`,
          ]),
        ],
      });
      return {
        observe(labels, value) {
          const values = valuesOf(options.labelNames, labels);
          const key = keyOf(values);
          const entry = series.get(key) ?? { values, counts: buckets.map(() => 0), sum: 0, count: 0 };
          buckets.forEach((bound, i) => {
            if (value <= bound) entry.counts[i] = (entry.counts[i] ?? 0) + 1;
          });
          entry.sum += value;
          entry.count += 1;
          series.set(key, entry);
        },
      };
    },

    expose() {
      return `${families.flatMap((family) => family.render()).join('\n')}\n`;
    },
  };
}
