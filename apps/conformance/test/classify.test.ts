import { describe, expect, it } from '@jest/globals';
import { classify, type Check } from '../src/classify.js';

const ok = (id: string): Check => ({ id, status: 'SUCCESS' });
const fail = (id: string, errorMessage: string): Check => ({ id, status: 'FAILURE', errorMessage });
const schema = ok('wire-schema-valid');

describe('conformance verdicts', () => {
  it('passes a scenario whose checks all succeed', () => {
    expect(classify('tools-list', [ok('tools-list'), schema])).toMatchObject({
      verdict: 'passed',
      passedChecks: 2,
      failedChecks: 0,
      note: '',
    });
  });

  it('calls a prompt or resource scenario not applicable only when it asked for a suite fixture', () => {
    for (const message of [
      'Failed: Unknown prompt "test_simple_prompt". This server has: evaluate_tool, compare_tools.',
      'Failed: MCP error -32602: Unknown prompt "test_simple_prompt". This server has: …',
    ]) {
      expect(
        classify('prompts-get-simple', [schema, fail('prompts-get-simple', message)]),
      ).toMatchObject({ verdict: 'not applicable', note: expect.stringMatching(/fixture/) });
    }
    expect(
      classify('resources-read-text', [
        schema,
        fail('resources-read-text', 'Failed: Resource not found: test://static-text. This server…'),
      ]),
    ).toMatchObject({ verdict: 'not applicable' });
  });

  it('excuses an input-required check only for the suite fixture prompt it asks for', () => {
    const check = (message: string) =>
      classify('input-required-result-non-tool-request', [
        schema,
        fail('sep-2322-non-tool-incomplete', message),
      ]).verdict;
    expect(check('JSON-RPC error: Unknown prompt "test_input_required_result_prompt". …')).toBe(
      'not applicable',
    );
    expect(check('JSON-RPC error: Unknown prompt "evaluate_tool".')).toBe('failed');
  });

  it('never excuses our own resources, prompts or completions', () => {
    for (const [scenario, message] of [
      ['prompts-list', 'Failed: Method not found'],
      ['resources-list', 'Failed: MCP error -32601: Method not found'],
      ['prompts-get-simple', 'Failed: Unknown prompt "evaluate_tool".'],
      ['resources-read-text', 'Failed: Resource not found: reviews://tools/pgbeam.'],
      ['completion-complete', 'Failed: Internal error'],
    ] as const) {
      expect(classify(scenario, [schema, fail(scenario, message)])).toMatchObject({
        verdict: 'failed',
      });
    }
  });

  it('calls logging and subscriptions not applicable only when answered -32601', () => {
    expect(
      classify('logging-set-level', [fail('logging-set-level', 'Failed: Method not found')]),
    ).toMatchObject({ verdict: 'not applicable', note: expect.stringMatching(/not offered/) });
    expect(
      classify('resources-subscribe', [fail('resources-subscribe', 'Failed: Internal error')]),
    ).toMatchObject({ verdict: 'failed' });
  });

  it('calls a fixture-tool scenario not applicable only when the tool was refused as unknown', () => {
    expect(
      classify('tools-call-image', [
        schema,
        fail('tools-call-image', 'Failed: Unknown tool "test_image_content". This server has: …'),
      ]),
    ).toMatchObject({ verdict: 'not applicable', note: expect.stringMatching(/fixture tools/) });
    expect(
      classify('tools-call-image', [schema, fail('tools-call-image', 'Failed: Method not found')]),
    ).toMatchObject({ verdict: 'failed' });
  });

  it('fails a scenario of the server’s own behaviour whatever the message', () => {
    expect(
      classify('dns-rebinding-protection', [
        ok('localhost-host-rebinding-rejected'),
        fail('localhost-host-valid-accepted', 'Expected HTTP 2xx, got 403'),
      ]),
    ).toMatchObject({ verdict: 'failed' });
  });

  it('fails the caching scenario when a list of ours lacks its hints', () => {
    const verdict = classify('caching', [
      ok('sep-2549-tools-list-caching-hints'),
      fail('sep-2549-prompts-list-caching-hints', 'prompts/list returned JSON-RPC error -32601'),
    ]);
    expect(verdict.verdict).toBe('failed');
  });

  it('passes a scenario with inapplicable parts and names them', () => {
    const verdict = classify('server-stateless', [
      ok('sep-2575-no-session-id'),
      fail('sep-2575-server-rejects-undeclared-capability', 'Unknown tool "test_sampling"'),
    ]);
    expect(verdict.verdict).toBe('passed');
    expect(verdict.note).toMatch(
      /^not applicable: sep-2575-server-rejects-undeclared-capability \(needs the suite's own fixture tools/,
    );
  });

  it('does not count a generic schema check as the scenario passing', () => {
    expect(
      classify('input-required-result-ignore-extra-params', [
        schema,
        {
          id: 'sep-2322-ignore-unexpected-params',
          status: 'WARNING',
          errorMessage:
            'Server returned JSON-RPC error: Unknown tool "test_input_required_result_elicitation"',
        },
      ]),
    ).toMatchObject({ verdict: 'not applicable' });
  });

  it('keeps a warning the rules do not explain visible on a passed scenario', () => {
    expect(
      classify('server-sse-multiple-streams', [
        ok('server-accepts-multiple-post-streams'),
        { id: 'session', status: 'WARNING', details: { message: 'no session ID' } },
      ]),
    ).toMatchObject({ verdict: 'passed', note: 'warning: no session ID' });
  });
});
