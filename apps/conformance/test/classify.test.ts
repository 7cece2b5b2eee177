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

  it('calls a prompts scenario not applicable only when it was answered -32601', () => {
    expect(
      classify('prompts-list', [schema, fail('prompts-list', 'Failed: Method not found')]),
    ).toMatchObject({ verdict: 'not applicable', note: expect.stringMatching(/tools-only/) });
    expect(
      classify('prompts-list', [schema, fail('prompts-list', 'Failed: Internal error')]),
    ).toMatchObject({ verdict: 'failed', note: 'prompts-list: Failed: Internal error' });
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

  it('passes a scenario with inapplicable parts and names them', () => {
    const verdict = classify('caching', [
      ok('sep-2549-tools-list-caching-hints'),
      fail('sep-2549-prompts-list-caching-hints', 'prompts/list returned JSON-RPC error -32601'),
    ]);
    expect(verdict.verdict).toBe('passed');
    expect(verdict.note).toMatch(
      /^not applicable: sep-2549-prompts-list-caching-hints \(tools-only/,
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
