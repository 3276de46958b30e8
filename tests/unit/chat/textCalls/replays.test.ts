import { describe, expect, it } from 'vitest';
import { mightHoldCall, readTextCalls } from '../../../../electron/core/chat/textCalls';
import { PROSE_REPLIES } from '../../../fixtures/textCalls/prose';
import { NOT_OFFERED, REPLAYS, REPLAY_TOOLS } from '../../../fixtures/textCalls/replays';

// The replay set (upstream fixtures and outputs quoted in public issues) and the prose set,
// through the reader as a turn uses it.
describe('calls written as text', () => {
  it.each(REPLAYS.map((replay) => [replay.family, replay.source, replay] as const))(
    '%s: %s',
    (_family, _source, replay) => {
      const read = readTextCalls(replay.content, REPLAY_TOOLS);
      expect(read?.calls).toEqual(replay.calls);
      expect(read?.content).toBe(replay.rest ?? '');
      // The text the calls were read from is kept whole, for the card and history.
      expect(replay.content).toContain(read?.written);
    },
  );

  it('covers every family the readers know', () => {
    const families = new Set(REPLAYS.map((replay) => replay.family));
    for (const family of ['hermes', 'llama', 'mistral', 'gemma', 'phi', 'deepseek', 'pythonic'])
      expect(families).toContain(family);
    expect(families.size).toBeGreaterThanOrEqual(15);
  });

  it.each(NOT_OFFERED.map((replay) => [replay.source, replay.content] as const))(
    'takes no call of a tool the request did not offer: %s',
    (_source, content) => {
      expect(readTextCalls(content, REPLAY_TOOLS)).toBeUndefined();
    },
  );

  it('reads no call from any of the prose replies', () => {
    expect(PROSE_REPLIES.length).toBeGreaterThanOrEqual(200);
    expect(new Set(PROSE_REPLIES).size).toBe(PROSE_REPLIES.length);
    const taken = PROSE_REPLIES.filter((reply) => readTextCalls(reply, REPLAY_TOOLS));
    expect(taken).toEqual([]);
  });

  it('never throws on a reply cut anywhere (a stream that stopped mid-call)', () => {
    for (const { content } of REPLAYS)
      for (let at = 0; at < content.length; at += 3)
        expect(() => readTextCalls(content.slice(0, at), REPLAY_TOOLS)).not.toThrow();
  });

  it('reads nothing when the request offered no tools', () => {
    expect(readTextCalls(REPLAYS[0]?.content ?? '', [])).toBeUndefined();
  });

  it('does not look further into a reply without markers that starts like prose', () => {
    expect(mightHoldCall('The weather in Paris is sunny, {"a": 1} as JSON.')).toBe(false);
    expect(mightHoldCall('{"name": "x"}')).toBe(true);
    expect(mightHoldCall('Checking.\n<tool_call>{}')).toBe(true);
    expect(mightHoldCall('get_weather(location="Paris")')).toBe(true);
  });
});

describe('which written calls Hearth takes', () => {
  const call = '{"name": "echo", "arguments": {"message": "hi"}}';
  const echo = (modelName: string) => ({
    modelName,
    tool: 'echo',
    inputSchema: {
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    },
  });

  it('takes a bare tool name only when one offered tool has it', () => {
    expect(readTextCalls(call, [echo('a_echo')])?.calls).toEqual([
      { name: 'a_echo', arguments: { message: 'hi' } },
    ]);
    expect(readTextCalls(call, [echo('a_echo'), echo('b_echo')])).toBeUndefined();
    // The model-facing name is always exact.
    expect(
      readTextCalls('{"name": "b_echo", "arguments": {"message": "hi"}}', [
        echo('a_echo'),
        echo('b_echo'),
      ])?.calls[0]?.name,
    ).toBe('b_echo');
  });

  it('takes bare JSON only with arguments that fit the schema', () => {
    expect(readTextCalls('{"name": "echo", "arguments": {"text": "hi"}}', [echo('a_echo')])).toBe(
      undefined,
    );
  });

  it('takes a marked call whose arguments do not fit, for the gates to refuse in words', () => {
    const read = readTextCalls(
      '<tool_call>\n{"name": "echo", "arguments": {"text": "hi"}}\n</tool_call>',
      [echo('a_echo')],
    );
    expect(read?.calls).toEqual([{ name: 'a_echo', arguments: { text: 'hi' } }]);
  });

  it('takes no marked call that words follow: that is an example', () => {
    expect(
      readTextCalls(
        'For instance <tool_call>{"name": "echo", "arguments": {"message": "hi"}}</tool_call> echoes hi.',
        [echo('a_echo')],
      ),
    ).toBeUndefined();
  });

  it('takes a call after its end-of-turn token', () => {
    expect(readTextCalls(`<|python_tag|>${call}<|eom_id|>`, [echo('a_echo')])?.calls).toHaveLength(
      1,
    );
  });

  it('keeps the words before a marked call as the reply', () => {
    const read = readTextCalls(`Let me echo that.\n<tool_call>\n${call}\n</tool_call>`, [
      echo('a_echo'),
    ]);
    expect(read?.content).toBe('Let me echo that.');
    expect(read?.written).toBe(`<tool_call>\n${call}\n</tool_call>`);
  });

  it('takes no call from a fence of another language', () => {
    expect(readTextCalls(`\`\`\`bash\n${call}\n\`\`\``, [echo('a_echo')])).toBeUndefined();
  });

  it('takes no Gemma tool_code fence that words follow', () => {
    const fenced = '```tool_code\necho(message="hi")\n```';
    expect(readTextCalls(`Run:\n${fenced}`, [echo('a_echo')])?.calls).toHaveLength(1);
    expect(readTextCalls(`Run:\n${fenced}\nand it prints hi.`, [echo('a_echo')])).toBeUndefined();
  });
});
