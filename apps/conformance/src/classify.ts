/**
 * Turns the suite's per-check results into one verdict per scenario: passed, failed, or not
 * applicable — and "not applicable" only when every failing check failed for a reason that
 * follows from what this server deliberately is (two read-only catalog tools, nothing else),
 * and was answered the way the protocol says (-32601 for a method it does not offer, -32602
 * for a tool it does not have). Anything else stays a failure.
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

const TOOLS_ONLY: Rule = {
  reason:
    'tools-only server: no prompts, resources, completions or logging; answered -32601 Method not found',
  explains: (check, scenario) =>
    METHOD_NOT_FOUND.test(check.errorMessage ?? '') ||
    // With no resources at all, there is no resource URI to echo in the error data either.
    (/resource/.test(scenario) && /data\.uri/.test(check.errorMessage ?? '')),
};

const FIXTURE: Rule = {
  reason:
    "needs the suite's own fixture tools; this server has only search_tools and get_tool (an unknown tool is answered -32602)",
  explains: (check) => FIXTURE_TOOL.test(check.errorMessage ?? ''),
};

const NO_INPUT: Rule = {
  reason:
    "needs a tool that asks the client for input (InputRequiredResult); this server's read-only tools never do",
  explains: (check) =>
    FIXTURE.explains(check, '') ||
    /-32601|Method not found|InputRequiredResult/.test(check.errorMessage ?? ''),
};

const EXTENSION: Rule = {
  reason: 'optional tasks extension, not offered (the suite does not score it for 2026-07-28)',
  explains: () => true,
};

function ruleFor(scenario: string): Rule {
  if (
    /^(prompts|resources|completion|logging)-|resource-not-found|^tools-call-with-logging$/.test(
      scenario,
    )
  )
    return TOOLS_ONLY;
  if (/^tasks-/.test(scenario)) return EXTENSION;
  if (/^input-required-result-/.test(scenario)) return NO_INPUT;
  return FIXTURE;
}

/** Checks that say nothing about this server's own behaviour. */
const GENERIC_CHECKS = new Set(['wire-schema-valid']);

export function classify(scenario: string, checks: readonly Check[]): ScenarioVerdict {
  const rule = ruleFor(scenario);
  const explained = (check: Check) => rule.explains(check, scenario) || caching(scenario, check);
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
  const why = inapplicable.every((check) => caching(scenario, check))
    ? TOOLS_ONLY.reason
    : rule.reason;
  const parts =
    inapplicable.length === 0
      ? ''
      : `not applicable: ${inapplicable.map((check) => check.id).join(', ')} (${why})`;
  return {
    scenario,
    verdict: 'passed',
    ...counts,
    note: [parts, warned].filter((text) => text !== '').join('; '),
  };
}

/** The caching scenario also asks for prompt and resource lists, which a tools-only server lacks. */
function caching(scenario: string, check: Check): boolean {
  return (
    scenario === 'caching' &&
    /(prompts|resources)/.test(check.id) &&
    METHOD_NOT_FOUND.test(check.errorMessage ?? '')
  );
}
