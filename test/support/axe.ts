/** axe-core run in a page as the accessibility tests run it: WCAG 2.1 A/AA violations only, as "rule: help (selectors)". */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

export async function axeViolations(scope: Page | Frame): Promise<string[]> {
  // axe measures what is drawn now: a toast still fading in has text of a colour it will not keep. So the
  // animations and transitions that end (not a spinner's endless one) are let finish first.
  await scope.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await scope.evaluate(AXE_SOURCE);
  const found = await scope.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations;
  }, TAGS);
  return found.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
