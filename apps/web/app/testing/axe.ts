import axe from 'axe-core';

/**
 * The axe-core violations (WCAG 2.2 A and AA) in the rendered page, as "rule: help (targets)" lines, for
 * `expect(await axeViolations()).toEqual([])`. jsdom draws nothing, so colour contrast is left to the browser
 * suite (e2e's checkA11y).
 */
export async function axeViolations(context: axe.ElementContext = document.body): Promise<string[]> {
  const results = await axe.run(context, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}
