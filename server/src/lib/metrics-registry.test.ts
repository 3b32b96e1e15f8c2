import { describe, expect, it } from 'vitest';
import { createMetricsRegistry, formatValue } from './metrics-registry.js';

describe('the metrics registry, in the text exposition format 0.0.4', () => {
  it('writes a counter with its HELP and TYPE lines and one line per label set', () => {
    const registry = createMetricsRegistry();
    const signIns = registry.counter({
      name: 'kirish_sign_ins_total',
      help: 'Sign-ins.',
      labelNames: ['method', 'outcome'],
    });
    signIns.inc({ method: 'password', outcome: 'success' });
    signIns.inc({ method: 'password', outcome: 'success' });
    signIns.inc({ method: 'code', outcome: 'failure' }, 3);
    expect(registry.expose()).toBe(
      [
        '# HELP kirish_sign_ins_total Sign-ins.',
        '# TYPE kirish_sign_ins_total counter',
        'kirish_sign_ins_total{method="password",outcome="success"} 2',
        'kirish_sign_ins_total{method="code",outcome="failure"} 3',
        '',
      ].join('\n'),
    );
  });

  it('writes a histogram as cumulative buckets, +Inf, _sum and _count', () => {
    const registry = createMetricsRegistry();
    const latency = registry.histogram({
      name: 'took_seconds',
      help: 'Time.',
      labelNames: ['route'],
      buckets: [0.5, 0.1, 1],
    });
    for (const value of [0.05, 0.1, 0.3, 2]) latency.observe({ route: '/a' }, value);
    expect(registry.expose().split('\n')).toEqual([
      '# HELP took_seconds Time.',
      '# TYPE took_seconds histogram',
      'took_seconds_bucket{route="/a",le="0.1"} 2',
      'took_seconds_bucket{route="/a",le="0.5"} 3',
      'took_seconds_bucket{route="/a",le="1"} 3',
      'took_seconds_bucket{route="/a",le="+Inf"} 4',
      'took_seconds_sum{route="/a"} 2.45',
      'took_seconds_count{route="/a"} 4',
      '',
    ]);
  });

  it('writes a gauge set by hand, or asked for its values at each exposition', () => {
    const registry = createMetricsRegistry();
    registry.gauge({ name: 'queue_depth', help: 'Depth.', labelNames: [] }).set({}, 7);
    let idle = 1;
    registry.gauge({
      name: 'pool',
      help: 'Pool.',
      labelNames: ['state'],
      collect: () => [{ labels: { state: 'idle' }, value: idle }],
    });
    expect(registry.expose()).toContain('queue_depth 7\n');
    expect(registry.expose()).toContain('pool{state="idle"} 1\n');
    idle = 4;
    expect(registry.expose()).toContain('pool{state="idle"} 4\n');
  });

  it('escapes label values and help text as the format says', () => {
    const registry = createMetricsRegistry();
    registry.counter({ name: 'odd_total', help: 'A \\ and\na line.', labelNames: ['v'] }).inc({ v: 'say "hi"\\\n' });
    const text = registry.expose();
    expect(text).toContain('# HELP odd_total A \\\\ and\\na line.\n');
    expect(text).toContain('odd_total{v="say \\"hi\\"\\\\\\n"} 1\n');
  });

  it('spells the special values as Prometheus reads them', () => {
    expect([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0.25].map(formatValue)).toEqual([
      'NaN',
      '+Inf',
      '-Inf',
      '0.25',
    ]);
  });

  it('refuses a counter going down, a name made twice, bad names and a histogram label named le', () => {
    const registry = createMetricsRegistry();
    const counter = registry.counter({ name: 'a_total', help: 'A.', labelNames: [] });
    expect(() => counter.inc({}, -1)).toThrow(/cannot go down/);
    expect(() => registry.counter({ name: 'a_total', help: 'A.', labelNames: [] })).toThrow(/twice/);
    expect(() => registry.counter({ name: '1bad', help: 'A.', labelNames: [] })).toThrow(/not a metric name/);
    expect(() => registry.counter({ name: 'b_total', help: 'B.', labelNames: ['__x'] })).toThrow(/not a label name/);
    expect(() => registry.histogram({ name: 'h', help: 'H.', labelNames: ['le'], buckets: [1] })).toThrow(
      /not a label name/,
    );
  });
});
