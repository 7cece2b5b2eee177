/**
 * Turns the suite's per-check results into one verdict per scenario: passed, failed, or not
 * applicable — and "not applicable" only when every failing check failed for a reason that
 * follows from what this server deliberately is, and was answered the way the protocol says:
 * the suite's own fixtures (its tools, resources and prompts, `test_simple_text`,
 * `test://static-text`, `test_simple_prompt`, …) are absent here and refused as unknown (-32602),
 * and logging and resource subscriptions are not offered (-32601). Our own resources, prompts and
 * completions are never excused: a failing check about them fails the scenario.
 */

/** One entry of a scenario's `checks.json`. */
export interface Check {
  readonly id: string;
  readonly status: string;
  readonly errorMessage?: string;
  readonly details?: { readonly message?: unknown } | null;
}

function messageOf(check: Check): string {
  const detail = check.details?.message;
  return check.errorMessage ?? (typeof detail === 'string' ? detail : check.id);
}

type Verdict = 'passed' | 'failed' | 'not applicable';

export interface ScenarioVerdict {
  readonly scenario: string;
  readonly verdict: Verdict;
  readonly passedChecks: number;
  readonly failedChecks: number;
  /** Why it is not applicable, which parts were not, warnings, or what failed. */
  readonly note: string;
}

interface Rule {
  readonly reason: string;
  /** Whether a failing check of this scenario is explained by `reason`. */
  readonly explains: (check: Check, scenario: string) => boolean;
}

const METHOD_NOT_FOUND = /-32601|Method not found/;
const FIXTURE_TOOL =
  /Unknown tool "([a-z0-9_]+)"|Tool '([a-z0-9_]+)' not found|does not list the diagnostic tool|exposes no tool with x-mcp-header|Not testable|Prerequisite failed|fixture .* unavailable/;
/**
 * A suite fixture refused as unknown, in the words this server refuses any resource or prompt it
 * does not have with (-32602; the 2026 suite's client leaves the code out of its message): the
 * fixture's URI (`test://…`) or prompt name (`test_…`).
 */
const FIXTURE_RESOURCE_OR_PROMPT =
  /^(?:Failed|JSON-RPC error): (?:MCP error -32602: )?(?:Resource not found: test:\/\/|Unknown prompt "test_[a-z0-9_]+")/;

const NOT_OFFERED: Rule = {
  reason:
    'logging and resource subscriptions are not offered (subscriptions are gone in 2026-07-28); answered -32601 Method not found',
  explains: (check) => METHOD_NOT_FOUND.test(check.errorMessage ?? ''),
};

const FIXTURE: Rule = {
  reason:
    "needs the suite's own fixture tools; this server has only search_tools and get_tool (an unknown tool is answered -32602)",
  explains: (check) => FIXTURE_TOOL.test(check.errorMessage ?? ''),
};

const FIXTURE_CONTENT: Rule = {
  reason:
    "needs the suite's own fixture resources or prompts (test://…, test_…); this server has its own, and answers an unknown one -32602",
  explains: (check) => FIXTURE_RESOURCE_OR_PROMPT.test(check.errorMessage ?? ''),
};

const NO_INPUT: Rule = {
  reason:
    "needs a tool that asks the client for input (InputRequiredResult); this server's read-only tools never do",
  explains: (check) =>
    FIXTURE.explains(check, '') ||
    FIXTURE_CONTENT.explains(check, '') ||
    /-32601|Method not found|InputRequiredResult/.test(check.errorMessage ?? ''),
};

const EXTENSION: Rule = {
  reason: 'optional tasks extension, not offered (the suite does not score it for 2026-07-28)',
  explains: () => true,
};

function ruleFor(scenario: string): Rule {
  if (/^logging-|^tools-call-with-logging$|^resources-(un)?subscribe$/.test(scenario))
    return NOT_OFFERED;
  if (/^(prompts|resources|completion)-/.test(scenario)) return FIXTURE_CONTENT;
  if (/^tasks-/.test(scenario)) return EXTENSION;
  if (/^input-required-result-/.test(scenario)) return NO_INPUT;
  return FIXTURE;
}

/** Checks that say nothing about this server's own behaviour. */
const GENERIC_CHECKS = new Set(['wire-schema-valid']);

export function classify(scenario: string, checks: readonly Check[]): ScenarioVerdict {
  const rule = ruleFor(scenario);
  const explained = (check: Check) => rule.explains(check, scenario);
  const failing = checks.filter((check) => check.status === 'FAILURE');
  const passing = checks.filter((check) => check.status === 'SUCCESS');
  const warnings = checks.filter((check) => check.status === 'WARNING');
  const counts = { passedChecks: passing.length, failedChecks: failing.length };

  const unexplained = failing.filter((check) => !explained(check));
  if (unexplained.length > 0) {
    const note = unexplained.map((check) => `${check.id}: ${messageOf(check)}`).join('; ');
    return { scenario, verdict: 'failed', ...counts, note };
  }
  // What is not applicable here: failures and warnings the rule explains (checked above).
  const inapplicable = [...failing, ...warnings.filter(explained)];
  const ownWarnings = warnings.filter((check) => !explained(check));
  const ownPasses = passing.filter((check) => !GENERIC_CHECKS.has(check.id));
  const warned =
    ownWarnings.length === 0 ? '' : `warning: ${ownWarnings.map(messageOf).join('; ')}`;
  if (rule === EXTENSION || (ownPasses.length === 0 && ownWarnings.length === 0)) {
    return { scenario, verdict: 'not applicable', ...counts, note: rule.reason };
  }
  const parts =
    inapplicable.length === 0
      ? ''
      : `not applicable: ${inapplicable.map((check) => check.id).join(', ')} (${rule.reason})`;
  return {
    scenario,
    verdict: 'passed',
    ...counts,
    note: [parts, warned].filter((text) => text !== '').join('; '),
  };
}
