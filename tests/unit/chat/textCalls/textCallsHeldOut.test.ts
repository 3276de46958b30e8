import { describe, expect, it } from 'vitest';
import { readTextCalls, type OfferedTool } from '../../../../electron/core/chat/textCalls';

// A held-out set: replies in the formats the upstream parsers define, written the way real models
// vary them (spacing, several calls, thinking and preambles, broken JSON), none of them in the
// replay set, with tools of their own. Then prose that shows calls or JSON and must yield none.

const object = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties,
  required,
});
const text = { type: 'string' };

const TOOLS: OfferedTool[] = [
  {
    modelName: 'weather__get_weather',
    tool: 'get_weather',
    inputSchema: object(
      { location: text, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      ['location'],
    ),
  },
  {
    modelName: 'fs__read_file',
    tool: 'read_file',
    inputSchema: object({ path: text }, ['path']),
  },
  {
    modelName: 'fs__write_file',
    tool: 'write_file',
    inputSchema: object({ path: text, content: text }, ['path', 'content']),
  },
  {
    modelName: 'web__search',
    tool: 'search',
    inputSchema: object({ query: text, max_results: { type: 'integer' } }, ['query']),
  },
  {
    modelName: 'cal__create_event',
    tool: 'create_event',
    inputSchema: object(
      {
        title: text,
        date: text,
        attendees: { type: 'array', items: text },
        all_day: { type: 'boolean' },
      },
      ['title', 'date'],
    ),
  },
  {
    modelName: 'time__get_current_time',
    tool: 'get_current_time',
    inputSchema: object({ timezone: text }, []),
  },
  {
    modelName: 'calc__multiply',
    tool: 'multiply',
    inputSchema: object({ a: { type: 'number' }, b: { type: 'number' } }, ['a', 'b']),
  },
  {
    modelName: 'notes__save_note',
    tool: 'save_note',
    inputSchema: object(
      {
        title: text,
        body: text,
        priority: { type: 'integer' },
        weight: { type: 'number' },
        pinned: { type: 'boolean' },
        tags: { type: 'array', items: text },
        meta: { type: 'object' },
        due: { type: ['string', 'null'] },
        reminder: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      },
      ['title'],
    ),
  },
  {
    modelName: 'code__python',
    tool: 'python',
    inputSchema: object({ code: text }, ['code']),
  },
];

type Call = { name: string; arguments: Record<string, unknown> };
interface HeldOut {
  family: string;
  /** The upstream file the format follows. */
  source: string;
  content: string;
  calls: Call[];
  rest?: string;
}

const weather = (location: string, unit?: string): Call => ({
  name: 'weather__get_weather',
  arguments: unit ? { location, unit } : { location },
});
const search = (query: string, max?: number): Call => ({
  name: 'web__search',
  arguments: max === undefined ? { query } : { query, max_results: max },
});
const read = (path: string): Call => ({ name: 'fs__read_file', arguments: { path } });
const time = (timezone?: string): Call => ({
  name: 'time__get_current_time',
  arguments: timezone ? { timezone } : {},
});
const multiply = (a: number, b: number): Call => ({ name: 'calc__multiply', arguments: { a, b } });
const note = (args: Record<string, unknown>): Call => ({
  name: 'notes__save_note',
  arguments: args,
});
const python = (code: string): Call => ({ name: 'code__python', arguments: { code } });
const write = (path: string, content: string): Call => ({
  name: 'fs__write_file',
  arguments: { path, content },
});

const CALLS: HeldOut[] = [
  // Hermes / Qwen2.5 / Qwen3
  {
    family: 'qwen2.5',
    source: 'vLLM vllm/tool_parsers/hermes_tool_parser.py (pretty-printed JSON in the block)',
    content:
      '<tool_call>\n{\n  "name": "search",\n  "arguments": {\n    "query": "ollama release notes",\n    "max_results": 5\n  }\n}\n</tool_call>',
    calls: [search('ollama release notes', 5)],
  },
  {
    family: 'qwen2.5',
    source: 'vLLM hermes_tool_parser.py (blocks back to back, no newline between)',
    content:
      '<tool_call>{"name": "get_weather", "arguments": {"location": "Oslo"}}</tool_call><tool_call>{"name": "get_weather", "arguments": {"location": "Bergen"}}</tool_call>',
    calls: [weather('Oslo'), weather('Bergen')],
  },
  {
    family: 'qwen2.5',
    source: 'Ollama model/parsers/qwen3.go (the turn ends with <|im_end|>)',
    content:
      '<tool_call>\n{"name": "read_file", "arguments": {"path": "src/main.ts"}}\n</tool_call><|im_end|>',
    calls: [read('src/main.ts')],
  },
  {
    family: 'qwen3',
    source: 'Ollama model/parsers/qwen3.go (thinking, a preamble, then two calls)',
    content:
      '<think>\nThey want both the time and the weather in Tokyo. Two tools.\n</think>\n\nLet me check both for you.\n\n<tool_call>\n{"name": "get_current_time", "arguments": {"timezone": "Asia/Tokyo"}}\n</tool_call>\n<tool_call>\n{"name": "get_weather", "arguments": {"location": "Tokyo", "unit": "celsius"}}\n</tool_call>',
    calls: [time('Asia/Tokyo'), weather('Tokyo', 'celsius')],
    rest: '<think>\nThey want both the time and the weather in Tokyo. Two tools.\n</think>\n\nLet me check both for you.',
  },
  {
    family: 'qwen3',
    source: 'vLLM hermes_tool_parser.py (empty arguments)',
    content: '<tool_call>\n{"name": "get_current_time", "arguments": {}}\n</tool_call>',
    calls: [time()],
  },
  {
    family: 'hermes',
    source: 'vLLM hermes_tool_parser.py (preamble on the same line)',
    content:
      'Sure, let me look that up. <tool_call>{"name": "search", "arguments": {"query": "rust async book"}}</tool_call>',
    calls: [search('rust async book')],
    rest: 'Sure, let me look that up.',
  },
  {
    family: 'hermes',
    source: 'vLLM hermes_tool_parser.py (nested array argument)',
    content:
      '<tool_call>\n{"name": "create_event", "arguments": {"title": "Design review", "date": "2025-03-14", "attendees": ["ana@example.com", "li@example.com"], "all_day": false}}\n</tool_call>',
    calls: [
      {
        name: 'cal__create_event',
        arguments: {
          title: 'Design review',
          date: '2025-03-14',
          attendees: ['ana@example.com', 'li@example.com'],
          all_day: false,
        },
      },
    ],
  },
  {
    family: 'hermes',
    source: 'vLLM hermes_tool_parser.py (Python constants inside the block)',
    content:
      '<tool_call>\n{"name": "create_event", "arguments": {"title": "Holiday", "date": "2025-12-25", "all_day": True}}\n</tool_call>',
    calls: [
      {
        name: 'cal__create_event',
        arguments: { title: 'Holiday', date: '2025-12-25', all_day: true },
      },
    ],
  },
  {
    family: 'hermes',
    source: 'vLLM hermes_tool_parser.py (an array serialised into a string)',
    content:
      '<tool_call>\n{"name": "create_event", "arguments": {"title": "Sync", "date": "2025-04-01", "attendees": "[\\"bo@example.com\\"]"}}\n</tool_call>',
    calls: [
      {
        name: 'cal__create_event',
        arguments: { title: 'Sync', date: '2025-04-01', attendees: ['bo@example.com'] },
      },
    ],
  },
  {
    family: 'hermes',
    source: 'vLLM hermes_tool_parser.py (single quotes, unclosed block)',
    content: "<tool_call>\n{'name': 'read_file', 'arguments': {'path': 'notes/README.md'}}",
    calls: [read('notes/README.md')],
  },
  {
    family: 'qwen2.5',
    source: 'vLLM hermes_tool_parser.py (the first block never closed, a second follows)',
    content:
      '<tool_call>\n{"name": "read_file", "arguments": {"path": "a.txt"}}\n<tool_call>\n{"name": "read_file", "arguments": {"path": "b.txt"}}\n</tool_call>',
    calls: [read('a.txt'), read('b.txt')],
  },
  {
    family: 'qwen3',
    source: 'Ollama model/parsers/qwen3.go (block never closed, <|im_end|> after it)',
    content: '<tool_call>\n{"name": "get_weather", "arguments": {"location": "Porto"}}\n<|im_end|>',
    calls: [weather('Porto')],
  },
  {
    family: 'granite4',
    source: 'vLLM vllm/tool_parsers/granite4_tool_parser.py (Hermes blocks, one per line)',
    content:
      '<tool_call>\n{"name": "multiply", "arguments": {"a": 6, "b": 7}}\n</tool_call>\n<tool_call>\n{"name": "multiply", "arguments": {"a": 2.5, "b": 4}}\n</tool_call>',
    calls: [multiply(6, 7), multiply(2.5, 4)],
  },
  // Qwen3-Coder
  {
    family: 'qwen3-coder',
    source: 'vLLM vllm/tool_parsers/qwen3coder_tool_parser.py (multi-line text value)',
    content:
      '<tool_call>\n<function=write_file>\n<parameter=path>\nsrc/hello.py\n</parameter>\n<parameter=content>\ndef hello():\n    print("hi <there>")\n</parameter>\n</function>\n</tool_call>',
    calls: [
      {
        name: 'fs__write_file',
        arguments: { path: 'src/hello.py', content: 'def hello():\n    print("hi <there>")' },
      },
    ],
  },
  {
    family: 'qwen3-coder',
    source: 'Ollama model/parsers/qwen3coder_test.go (blocks back to back, array value)',
    content:
      '<tool_call><function=create_event><parameter=title>Retro</parameter><parameter=date>2025-05-02</parameter><parameter=attendees>["kim@example.com", "sam@example.com"]</parameter></function></tool_call>\n<tool_call><function=get_current_time></function></tool_call>',
    calls: [
      {
        name: 'cal__create_event',
        arguments: {
          title: 'Retro',
          date: '2025-05-02',
          attendees: ['kim@example.com', 'sam@example.com'],
        },
      },
      time(),
    ],
  },
  {
    family: 'qwen3-coder',
    source: 'vLLM qwen3coder_tool_parser.py (a preamble, then the call)',
    content:
      "I'll read the config first.\n\n<tool_call>\n<function=read_file>\n<parameter=path>\nconfig/app.yaml\n</parameter>\n</function>\n</tool_call>",
    calls: [read('config/app.yaml')],
    rest: "I'll read the config first.",
  },
  // GLM
  {
    family: 'glm-4.5',
    source: 'vLLM vllm/tool_parsers/glm4_moe_tool_parser.py (two calls, thinking before)',
    content:
      '<think>Two cities, two calls.</think>\n<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Lima</arg_value>\n</tool_call>\n<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Quito</arg_value>\n<arg_key>unit</arg_key>\n<arg_value>celsius</arg_value>\n</tool_call>',
    calls: [weather('Lima'), weather('Quito', 'celsius')],
    rest: '<think>Two cities, two calls.</think>',
  },
  {
    family: 'glm-4.7',
    source: 'Ollama model/parsers/glm47_test.go (no newlines, an answer before it)',
    content:
      'Multiplying.<tool_call>multiply<arg_key>a</arg_key><arg_value>12</arg_value><arg_key>b</arg_key><arg_value>3</arg_value></tool_call>',
    calls: [multiply(12, 3)],
    rest: 'Multiplying.',
  },
  // Llama 3.x
  {
    family: 'llama3.1',
    source: 'vLLM vllm/tool_parsers/llama_tool_parser.py ("parameters", <|eot_id|> after)',
    content:
      '{"name": "get_weather", "parameters": {"location": "Chicago", "unit": "fahrenheit"}}<|eot_id|>',
    calls: [weather('Chicago', 'fahrenheit')],
  },
  {
    family: 'llama3.1',
    source: 'llama.cpp common/chat.cpp common_chat_parse_llama_3_1 (<|python_tag|>, <|eom_id|>)',
    content: '<|python_tag|>{"name": "search", "arguments": {"query": "mars rover"}}<|eom_id|>',
    calls: [search('mars rover')],
  },
  {
    family: 'llama3.2',
    source: 'vLLM llama_tool_parser.py ("type": "function", empty parameters)',
    content: '{"type": "function", "name": "get_current_time", "parameters": {}}',
    calls: [time()],
  },
  {
    family: 'llama3.2',
    source: 'vLLM tests/tool_parsers/test_llama3_json_tool_parser.py (";" without a space)',
    content:
      '{"name": "get_weather", "parameters": {"location": "Leeds"}};{"name": "get_weather", "parameters": {"location": "York"}}',
    calls: [weather('Leeds'), weather('York')],
  },
  {
    family: 'llama3.2',
    source: 'vLLM test_llama3_json_tool_parser.py (calls one per line)',
    content:
      '{"name": "multiply", "parameters": {"a": "4", "b": "5"}}\n{"name": "get_current_time", "parameters": {"timezone": "UTC"}}',
    calls: [multiply(4, 5), time('UTC')],
  },
  {
    family: 'llama3.1',
    source: 'Ollama tools/tools.go findArguments (an OpenAI function object)',
    content:
      '{"type": "function", "function": {"name": "read_file", "arguments": {"path": "/tmp/log.txt"}}}',
    calls: [read('/tmp/log.txt')],
  },
  {
    family: 'llama3.1',
    source:
      'meta-llama/llama-models models/llama3_1/prompt_format.md (pretty-printed after the tag)',
    content:
      '<|python_tag|>{\n    "type": "function",\n    "name": "search",\n    "parameters": {\n        "query": "trending songs",\n        "max_results": "10"\n    }\n}<|eom_id|>',
    calls: [search('trending songs', 10)],
  },
  {
    family: 'llama3.2',
    source: 'meta-llama/llama-models models/llama3_2/text_prompt_format.md (pythonic, <|eot_id|>)',
    content:
      "[get_weather(location='San Francisco', unit='celsius'), get_weather(location='Seattle', unit='celsius')]<|eot_id|>",
    calls: [weather('San Francisco', 'celsius'), weather('Seattle', 'celsius')],
  },
  {
    family: 'llama3.2',
    source:
      'meta-llama/llama-models models/llama3_2/text_prompt_format.md (pythonic after <|python_tag|>)',
    content:
      "<|python_tag|>[get_weather(location='San Francisco'), get_weather(location='Seattle')]<|eom_id|>",
    calls: [weather('San Francisco'), weather('Seattle')],
  },
  {
    family: 'llama3.1',
    source: 'Ollama tools/tools.go findArguments (the tool name as the key)',
    content: '{"get_weather": {"location": "Lisbon", "unit": "celsius"}}',
    calls: [weather('Lisbon', 'celsius')],
  },
  // Mistral
  {
    family: 'mistral',
    source: 'vLLM tests/tool_parsers/test_mistral_tool_parser.py (two calls in the array)',
    content:
      '[TOOL_CALLS] [{"name": "multiply", "arguments": {"a": 3.5, "b": 4}}, {"name": "get_weather", "arguments": {"location": "Dallas", "unit": "fahrenheit"}}]',
    calls: [multiply(3.5, 4), weather('Dallas', 'fahrenheit')],
  },
  {
    family: 'mistral',
    source: 'vLLM test_mistral_tool_parser.py (content before the marker)',
    content: 'Hello[TOOL_CALLS] [{"name": "multiply", "arguments": {"a": 1, "b": 2}}]',
    calls: [multiply(1, 2)],
    rest: 'Hello',
  },
  {
    family: 'mistral',
    source: 'vLLM test_mistral_tool_parser.py (arguments before the name)',
    content: '[TOOL_CALLS][{"arguments": {"location": "Nice"}, "name": "get_weather"}]</s>',
    calls: [weather('Nice')],
  },
  {
    family: 'ministral',
    source: 'Ollama model/parsers/ministral_test.go (nested, quoted braces)',
    content: '[TOOL_CALLS]search[ARGS]{"query": "say \\"hello {name}\\"", "max_results": 3}',
    calls: [search('say "hello {name}"', 3)],
  },
  {
    family: 'magistral',
    source: 'vLLM vllm/reasoning/mistral_reasoning_parser.py ([THINK] then the call)',
    content:
      '[THINK]The user wants the file read. I will call read_file.[/THINK][TOOL_CALLS]read_file[ARGS]{"path": "notes.txt"}',
    calls: [read('notes.txt')],
    rest: '[THINK]The user wants the file read. I will call read_file.[/THINK]',
  },
  {
    family: 'mistral',
    source: 'vLLM mistral_tool_parser.py (arguments as a JSON string)',
    content:
      '[TOOL_CALLS][{"name": "get_weather", "arguments": "{\\"location\\": \\"Bern\\"}", "id": "a1b2c3d4e"}]',
    calls: [weather('Bern')],
  },
  {
    family: 'mistral',
    source: 'Ollama tools/tools_test.go (the array closed by [/TOOL_CALLS])',
    content:
      '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"location": "London", "unit": "fahrenheit"}}, {"name": "get_current_time", "arguments": {"timezone": "Asia/Tokyo"}}][/TOOL_CALLS]',
    calls: [weather('London', 'fahrenheit'), time('Asia/Tokyo')],
  },
  {
    family: 'mistral',
    source: 'vLLM test_mistral_tool_parser.py (content before, </s> after)',
    content: 'Sure.[TOOL_CALLS][{"name": "read_file", "arguments": {"path": "x.md"}}]</s>',
    calls: [read('x.md')],
    rest: 'Sure.',
  },
  // Gemma
  {
    family: 'gemma3',
    source: "Google's Gemma function-calling guide (two calls in one tool_code fence)",
    content:
      '```tool_code\nget_weather(location="Paris")\nget_weather(location="Lyon", unit="celsius")\n```',
    calls: [weather('Paris'), weather('Lyon', 'celsius')],
  },
  {
    family: 'gemma3',
    source: "Google's Gemma guide (a python fence after a line of intent)",
    content:
      "I'll search for it.\n```tool_code\nsearch(query='best hiking trails', max_results=3)\n```",
    calls: [search('best hiking trails', 3)],
    rest: "I'll search for it.",
  },
  {
    family: 'gemma3',
    source: 'vLLM pythonic_tool_parser.py (a bare call, Python False)',
    content: 'create_event(title="Offsite", date="2025-06-10", all_day=False)',
    calls: [
      {
        name: 'cal__create_event',
        arguments: { title: 'Offsite', date: '2025-06-10', all_day: false },
      },
    ],
  },
  {
    family: 'gemma3',
    source: "Gemini's code-execution form in a tool_code fence, print(default_api.…)",
    content: '```tool_code\nprint(default_api.search(query="a, b (c)", max_results=2))\n```',
    calls: [search('a, b (c)', 2)],
  },
  {
    family: 'gemma3',
    source: "Google's Gemma guide (a line of intent, print(…), then <end_of_turn>)",
    content: 'Checking.\n```tool_code\nprint(get_weather(location="Paris"))\n```<end_of_turn>',
    calls: [weather('Paris')],
    rest: 'Checking.',
  },
  {
    family: 'gemma4',
    source: 'Ollama model/parsers/gemma4_test.go (two calls, a number)',
    content:
      '<|tool_call>call:search{query:<|"|>weather radar<|"|>,max_results:2}<tool_call|><|tool_call>call:get_current_time{}<tool_call|>',
    calls: [search('weather radar', 2), time()],
  },
  // Phi
  {
    family: 'phi4-mini',
    source: 'vLLM vllm/tool_parsers/phi4mini_tool_parser.py (two calls)',
    content:
      'functools[{"name": "get_weather", "arguments": {"location": "Seattle"}}, {"name": "search", "arguments": {"query": "Seattle events"}}]',
    calls: [weather('Seattle'), search('Seattle events')],
  },
  {
    family: 'phi4-mini',
    source: 'vLLM phi4mini_tool_parser.py ("parameters", a trailing comma)',
    content: 'functools[{"name": "multiply", "parameters": {"a": 9, "b": 9,}}]',
    calls: [multiply(9, 9)],
  },
  {
    family: 'phi4',
    source: 'llama.cpp common/chat.cpp common_chat_parse_phi_4 (an array in the tags)',
    content:
      '<|tool_call|>[{"name": "read_file", "arguments": {"path": "a.txt"}}, {"name": "read_file", "arguments": {"path": "b.txt"}}]<|/tool_call|>',
    calls: [read('a.txt'), read('b.txt')],
  },
  // DeepSeek
  {
    family: 'deepseek-r1',
    source: 'llama.cpp common/chat.cpp common_chat_parse_deepseek_r1 (thinking, then the call)',
    content:
      '<think>\nI need the weather for Beijing.\n</think>\n\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"location": "Beijing", "unit": "celsius"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>',
    calls: [weather('Beijing', 'celsius')],
    rest: '<think>\nI need the weather for Beijing.\n</think>',
  },
  {
    family: 'deepseek-v3',
    source: 'vLLM vllm/tool_parsers/deepseekv3_tool_parser.py (preamble, two calls)',
    content:
      'Let me search both.\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>search\n```json\n{"query": "llama.cpp"}\n```<｜tool▁call▁end｜>\n<｜tool▁call▁begin｜>function<｜tool▁sep｜>search\n```json\n{"query": "vllm"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [search('llama.cpp'), search('vllm')],
    rest: 'Let me search both.',
  },
  {
    family: 'deepseek-v3.1',
    source: 'Ollama model/parsers/deepseek3_test.go (content before, nested arguments)',
    content:
      'Creating it.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>create_event<｜tool▁sep｜>{"title":"Launch","date":"2025-09-01","attendees":["ops@example.com"]}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [
      {
        name: 'cal__create_event',
        arguments: { title: 'Launch', date: '2025-09-01', attendees: ['ops@example.com'] },
      },
    ],
    rest: 'Creating it.',
  },
  // Granite
  {
    family: 'granite3',
    source: 'vLLM vllm/tool_parsers/granite_tool_parser.py (two calls, <|end_of_text|>)',
    content:
      '<|tool_call|>[{"name": "get_weather", "arguments": {"location": "Boston"}}, {"name": "get_current_time", "arguments": {"timezone": "America/New_York"}}]<|end_of_text|>',
    calls: [weather('Boston'), time('America/New_York')],
  },
  // Kimi K2
  {
    family: 'kimi-k2',
    source: 'vLLM tests/tool_parsers/test_kimi_k2_tool_parser.py (preamble, parallel calls)',
    content:
      'Compare weather. <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0 <|tool_call_argument_begin|>{"location": "Beijing"}<|tool_call_end|><|tool_call_begin|>functions.get_weather:1 <|tool_call_argument_begin|>{"location": "Shanghai"}<|tool_call_end|><|tool_calls_section_end|>',
    calls: [weather('Beijing'), weather('Shanghai')],
    rest: 'Compare weather.',
  },
  {
    family: 'kimi-k2',
    source: 'vLLM test_kimi_k2_tool_parser.py (no functions. prefix, multi-line JSON)',
    content:
      '<|tool_calls_section_begin|><|tool_call_begin|>search:0<|tool_call_argument_begin|>{\n  "query": "kimi k2",\n  "max_results": 4\n}<|tool_call_end|><|tool_calls_section_end|>',
    calls: [search('kimi k2', 4)],
  },
  {
    family: 'kimi-k2',
    source: 'vLLM test_kimi_k2_tool_parser.py test_bare_counter (the id a bare counter)',
    content:
      'Let me check. <|tool_calls_section_begin|><|tool_call_begin|>0 <|tool_call_argument_begin|>{"location": "Tokyo", "unit": "celsius"}<|tool_call_end|><|tool_calls_section_end|>',
    calls: [weather('Tokyo', 'celsius')],
    rest: 'Let me check.',
  },
  // gpt-oss harmony
  {
    family: 'gpt-oss',
    source: 'Ollama harmony/harmonyparser_test.go (analysis, then the call)',
    content:
      '<|channel|>analysis<|message|>User asks the time in Paris. Use get_current_time.<|end|><|start|>assistant<|channel|>commentary to=functions.get_current_time <|constrain|>json<|message|>{"timezone":"Europe/Paris"}<|call|>',
    calls: [time('Europe/Paris')],
    rest: '<|channel|>analysis<|message|>User asks the time in Paris. Use get_current_time.<|end|>',
  },
  {
    family: 'gpt-oss',
    source: 'Ollama harmony/harmonyparser.go parseHeader (the recipient before the channel)',
    content:
      '<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"location":"Tokyo"}<|call|>',
    calls: [weather('Tokyo')],
  },
  {
    family: 'gpt-oss',
    source: 'Ollama harmony/harmonyparser_test.go (no <|constrain|>, no <|call|>)',
    content: '<|channel|>commentary to=functions.read_file<|message|>{"path": "todo.md"}',
    calls: [read('todo.md')],
  },
  // Pythonic
  {
    family: 'pythonic',
    source: 'vLLM vllm/tool_parsers/pythonic_tool_parser.py (two calls, a list)',
    content: '[get_weather(location="Paris", unit="celsius"), search(query="Paris events")]',
    calls: [weather('Paris', 'celsius'), search('Paris events')],
  },
  {
    family: 'pythonic',
    source: 'vLLM tests/tool_parsers/test_pythonic_tool_parser.py (Python literals)',
    content:
      "[create_event(title='Standup', date='2025-03-03', attendees=['a@x.io', 'b@x.io'], all_day=False)]",
    calls: [
      {
        name: 'cal__create_event',
        arguments: {
          title: 'Standup',
          date: '2025-03-03',
          attendees: ['a@x.io', 'b@x.io'],
          all_day: false,
        },
      },
    ],
  },
  {
    family: 'pythonic',
    source: 'vLLM test_pythonic_tool_parser.py (a call with no arguments)',
    content: '[get_current_time()]',
    calls: [time()],
  },
  {
    family: 'lfm2',
    source: 'vLLM vllm/tool_parsers/lfm2_tool_parser.py (two calls)',
    content: '<|tool_call_start|>[read_file(path="a.md"), read_file(path="b.md")]<|tool_call_end|>',
    calls: [read('a.md'), read('b.md')],
  },
  {
    family: 'pythonic',
    source: 'vLLM pythonic_tool_parser.py (Python ast: a triple-quoted string)',
    content: '[write_file(path="hi.py", content="""def hi():\n    return \'hi\'\n""")]',
    calls: [
      {
        name: 'fs__write_file',
        arguments: { path: 'hi.py', content: "def hi():\n    return 'hi'\n" },
      },
    ],
  },
  {
    family: 'olmo3',
    source: 'Ollama model/parsers/olmo3_test.go (pythonic calls in <function_calls>)',
    content:
      'Let me check the weather.<function_calls>get_weather(location="NYC")\nget_weather(location="San Francisco")</function_calls>',
    calls: [weather('NYC'), weather('San Francisco')],
    rest: 'Let me check the weather.',
  },
  // Command R / R+
  {
    family: 'command-r',
    source: 'Ollama template/command-r.gotmpl ("Action: ```json", a Plan line before)',
    content:
      'Plan: I will search for the release date.\nAction: ```json\n[\n    {\n        "tool_name": "search",\n        "parameters": {\n            "query": "Command R+ release date"\n        }\n    }\n]```',
    calls: [search('Command R+ release date')],
    rest: 'Plan: I will search for the release date.',
  },
  // Values written between tags, converted by the tool's schema as vLLM's qwen3coder parser does
  {
    family: 'qwen3-coder',
    source:
      'vLLM qwen3coder_tool_parser.py _convert_param_value (a string field keeps JSON text as text)',
    content:
      '<tool_call>\n<function=write_file>\n<parameter=path>\npackage.json\n</parameter>\n<parameter=content>\n{"name": "hearth", "private": true}\n</parameter>\n</function>\n</tool_call>',
    calls: [write('package.json', '{"name": "hearth", "private": true}')],
  },
  {
    family: 'qwen3-coder',
    source:
      'vLLM qwen3coder_tool_parser.py _convert_param_value (each type; quotes kept on a string; None for a nullable field; "null" text for a string that takes none)',
    content:
      '<tool_call>\n<function=save_note>\n<parameter=title>\n"Quarterly plan"\n</parameter>\n<parameter=body>\nnull\n</parameter>\n<parameter=priority>\n2\n</parameter>\n<parameter=weight>\n0.5\n</parameter>\n<parameter=pinned>\nTrue\n</parameter>\n<parameter=tags>\n["q3", "plans"]\n</parameter>\n<parameter=meta>\n{\'owner\': \'ana\'}\n</parameter>\n<parameter=due>\nNone\n</parameter>\n</function>\n</tool_call>',
    calls: [
      note({
        title: '"Quarterly plan"',
        body: 'null',
        priority: 2,
        weight: 0.5,
        pinned: true,
        tags: ['q3', 'plans'],
        meta: { owner: 'ana' },
        due: null,
      }),
    ],
  },
  {
    family: 'qwen3-coder',
    source:
      'vLLM qwen3coder_tool_parser.py _convert_param_value (a value that is no integer stays text, for the gates to name)',
    content:
      '<tool_call>\n<function=search>\n<parameter=query>\nlocal models\n</parameter>\n<parameter=max_results>\nfive\n</parameter>\n</function>\n</tool_call>',
    calls: [{ name: 'web__search', arguments: { query: 'local models', max_results: 'five' } }],
  },
  {
    family: 'hermes-2-pro',
    source:
      'llama.cpp common/chat.cpp common_chat_parse_hermes_2_pro (<function=…> without <tool_call>, tag parameters)',
    content:
      '<function=search>\n<parameter=query>\n{"tricky": "json"}\n</parameter>\n<parameter=max_results>\n10\n</parameter>\n</function>',
    calls: [search('{"tricky": "json"}', 10)],
  },
  {
    family: 'glm-4.5',
    source: 'vLLM glm4_moe_tool_parser.py (_is_string_type: a string field is not deserialised)',
    content:
      '<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>data.json</arg_value>\n<arg_key>content</arg_key>\n<arg_value>[1, 2, 3]</arg_value>\n</tool_call>',
    calls: [write('data.json', '[1, 2, 3]')],
  },
  {
    family: 'glm-4.5',
    source: 'vLLM qwen3coder_tool_parser.py _convert_param_value (anyOf with null: "none" is null)',
    content:
      '<tool_call>save_note\n<arg_key>title</arg_key>\n<arg_value>Dentist</arg_value>\n<arg_key>priority</arg_key>\n<arg_value>3</arg_value>\n<arg_key>reminder</arg_key>\n<arg_value>none</arg_value>\n</tool_call>',
    calls: [note({ title: 'Dentist', priority: 3, reminder: null })],
  },
  {
    family: 'minimax-m2',
    source:
      'vLLM minimax_m2_tool_parser.py _convert_param_value (a parameter the schema does not name stays text)',
    content:
      '<minimax:tool_call>\n<invoke name="save_note">\n<parameter name="title">Groceries</parameter>\n<parameter name="weight">2.50</parameter>\n<parameter name="tags">["food"]</parameter>\n<parameter name="source">42</parameter>\n</invoke>\n</minimax:tool_call>',
    calls: [note({ title: 'Groceries', weight: 2.5, tags: ['food'], source: '42' })],
  },
  // Seed-OSS
  {
    family: 'seed-oss',
    source:
      'vLLM seed_oss_tool_parser.py (a call drafted inside <seed:think> is thinking), <seed:eos> after (llama.cpp common/chat-parsers/seed-oss.cpp)',
    content:
      '<seed:think>Bergen? <function=get_weather><parameter=location>Bergen</parameter></function> No, they said Oslo.</seed:think>\n<seed:tool_call>\n<function=get_weather>\n<parameter=location>\nOslo\n</parameter>\n</function>\n</seed:tool_call><seed:eos>',
    calls: [weather('Oslo')],
    rest: '<seed:think>Bergen? <function=get_weather><parameter=location>Bergen</parameter></function> No, they said Oslo.</seed:think>',
  },
  {
    family: 'seed-oss',
    source:
      'vLLM vllm/reasoning/seedoss_reasoning_parser.py (thinking, then the reply is the call)',
    content:
      '<seed:think>\nA plain JSON call will do.\n</seed:think>\n{"name": "get_current_time", "arguments": {"timezone": "Europe/Oslo"}}',
    calls: [time('Europe/Oslo')],
    rest: '<seed:think>\nA plain JSON call will do.\n</seed:think>',
  },
  // Functionary
  {
    family: 'functionary-v3.2',
    source: 'llama.cpp common/chat.cpp common_chat_parse_functionary_v3_2 (a call at the start)',
    content: 'get_weather\n{"location": "Paris"}',
    calls: [weather('Paris')],
  },
  {
    family: 'functionary-v3.2',
    source: 'llama.cpp common_chat_parse_functionary_v3_2 (">>>" before each further call)',
    content: 'search\n{"query": "ollama"}>>>get_current_time\n{"timezone": "UTC"}<|eot_id|>',
    calls: [search('ollama'), time('UTC')],
  },
  {
    family: 'functionary-v3.2',
    source:
      'llama.cpp common_chat_parse_functionary_v3_2 (its earlier (?:>>>)?(\\w+)\\n: the first >>> written too)',
    content: '>>>get_weather\n{"location": "Lyon", "unit": "celsius"}',
    calls: [weather('Lyon', 'celsius')],
  },
  {
    family: 'functionary-v3.2',
    source: 'llama.cpp common_chat_parse_functionary_v3_2 ("all" is the words, then the call)',
    content: 'all\nLet me look that up.>>>search\n{"query": "functionary v3.2", "max_results": 3}',
    calls: [search('functionary v3.2', 3)],
    rest: 'Let me look that up.',
  },
  {
    family: 'functionary-v3.2',
    source: 'llama.cpp common_chat_parse_functionary_v3_2 (allow_raw_python: >>>python then code)',
    content: 'all\nRunning it.\n>>>python\nimport math\nprint(math.sqrt(2))',
    calls: [python('import math\nprint(math.sqrt(2))')],
    rest: 'Running it.',
  },
  {
    family: 'functionary-v3.1',
    source:
      'llama.cpp common/chat.cpp common_chat_parse_functionary_v3_1_llama_3_1 (two calls, <|eom_id|>)',
    content:
      'Checking both.<function=get_weather>{"location": "Rome", "unit": "celsius"}</function><function=get_weather>{"location": "Milan"}</function><|eom_id|>',
    calls: [weather('Rome', 'celsius'), weather('Milan')],
    rest: 'Checking both.',
  },
  {
    family: 'functionary-v3.1',
    source: 'llama.cpp common_chat_parse_functionary_v3_1_llama_3_1 (<|python_tag|> then raw code)',
    content: '<|python_tag|>import os\nprint(os.getcwd())',
    calls: [python('import os\nprint(os.getcwd())')],
  },
  // InternLM2
  {
    family: 'internlm2',
    source: 'vLLM vllm/tool_parsers/internlm2_tool_parser.py ("parameters", <|im_end|> after)',
    content:
      '<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"location": "Shanghai"}}<|action_end|>\n<|im_end|>',
    calls: [weather('Shanghai')],
  },
  {
    family: 'internlm2.5',
    source: 'vLLM internlm2_tool_parser.py (words before the call, "arguments")',
    content:
      'I need to search for this.<|action_start|><|plugin|>\n{"name": "search", "arguments": {"query": "InternLM2.5 tool calling"}}<|action_end|>',
    calls: [search('InternLM2.5 tool calling')],
    rest: 'I need to search for this.',
  },
  // Broken JSON without markers
  {
    family: 'broken-json',
    source: 'Ollama tools/tools.go (unquoted keys; jsonrepair)',
    content: '{name: "get_weather", arguments: {location: "Madrid"}}',
    calls: [weather('Madrid')],
  },
  {
    family: 'broken-json',
    source: 'vLLM llama_tool_parser.py (single quotes, numbers as strings)',
    content: "{'name': 'search', 'parameters': {'query': 'vitest', 'max_results': '10'}}",
    calls: [search('vitest', 10)],
  },
  {
    family: 'broken-json',
    source: 'vLLM xlam_tool_parser.py (an array with trailing commas)',
    content:
      '[{"name": "multiply", "arguments": {"a": 2, "b": 3,},}, {"name": "multiply", "arguments": {"a": 4, "b": 5},},]',
    calls: [multiply(2, 3), multiply(4, 5)],
  },
  {
    family: 'broken-json',
    source: 'Ollama tools/tools.go findArguments (an object sent as a JSON string)',
    content: '{"name": "read_file", "arguments": "{\\"path\\": \\"index.html\\"}"}',
    calls: [read('index.html')],
  },
];

const PROSE: string[] = [
  'To get the weather, a Llama model would emit {"name": "get_weather", "parameters": {"location": "Paris"}} and then stop.',
  'Here is the JSON you asked for:\n\n```json\n{"name": "search", "arguments": {"query": "cats"}}\n```\n\nPaste it into the request body.',
  'The Qwen format wraps each call:\n\n```\n<tool_call>\n{"name": "read_file", "arguments": {"path": "a.txt"}}\n</tool_call>\n```\n\nIt is one block per call.',
  'Use `[get_weather(location="Paris")]` if your model speaks the pythonic format.',
  'Mistral writes `[TOOL_CALLS]search[ARGS]{"query": "x"}` in its newer tokenizers, and a JSON array in the older ones.',
  "I can't run tools here, but the call would be:\n\n```python\nget_weather(location='Berlin', unit='celsius')\n```\n\nTry it yourself.",
  '{"location": "Oslo", "unit": "celsius", "temperature": -3}',
  '{"name": "Oslo", "country": "Norway", "population": 709037}',
  '[{"title": "Standup", "date": "2025-03-03"}, {"title": "Retro", "date": "2025-03-07"}]',
  'The result was 42.',
  'Sure. The `multiply(a=6, b=7)` call returned 42, which is your answer.',
  'In Gemma you would write:\n\n```tool_code\nsearch(query="hello")\n```\n\nand the host answers in a tool_output block.',
  'Phi-4-mini writes `functools[{"name": "search", "arguments": {"query": "x"}}]` when it wants a tool.',
  'A GLM call looks like:\n\n```xml\n<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>\n```',
  'The harmony format puts the recipient in the header, e.g. `<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"Tokyo"}<|call|>`.',
  'Kimi K2 wraps calls like `<|tool_calls_section_begin|><|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": "x"}<|tool_call_end|><|tool_calls_section_end|>`.',
  '<think>\nThe user wants an explanation, not a call.\n</think>\n\nA call in JSON has a name and arguments, e.g. `{"name": "read_file", "arguments": {"path": "x"}}`.',
  'Here is your event as JSON:\n\n```json\n{\n  "title": "Design review",\n  "date": "2025-03-14",\n  "attendees": ["ana@example.com"]\n}\n```',
  'DeepSeek writes its calls with special tokens:\n\n```\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>search\n```json\n{"query": "x"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>\n```',
  'read_file(path) reads a file; write_file(path, content) writes one. Which do you need?',
  'get_weather("Paris") would be the positional form, but the tool wants named arguments.',
  'Both calls finished: get_weather(location="Paris") said 18°C and search(query="Paris events") found 12 results.',
  '```json\n[1, 2, 3]\n```',
  'Granite writes `<|tool_call|>[{"name": "search", "arguments": {"query": "x"}}]`; the host parses the array.',
  '<|channel|>analysis<|message|>The user greets; no tool needed, not even to=functions.search.<|end|><|start|>assistant<|channel|>final<|message|>Hello! How can I help?',
  'Command R writes:\n\nAction: ```json\n[{"tool_name": "search", "parameters": {"query": "x"}}]\n```\n\nand then waits for the result.',
  '{"search": {"engine": "google", "safe": true}}',
  '{"get_weather": "sunny", "get_current_time": "noon"}',
  "Run this:\n```python\nprint(get_weather(location='Paris'))\n```",
  "```python\nprint(get_weather(location='Paris'))\n```",
  'OLMo 3 wraps calls as `<function_calls>get_weather(location="NYC")</function_calls>`.',
  '{"Paris": {"temperature": 18, "unit": "celsius"}}',
  'Functionary v3.2 starts each message with its recipient:\n\n```\n>>>get_weather\n{"location": "Paris"}\n```\n\nand `>>>all` for words to the user.',
  'InternLM2 marks a plugin call like this:\n\n```\n<|action_start|><|plugin|>\n{"name": "search", "parameters": {"query": "x"}}<|action_end|>\n```\n\nThe host strips the tokens and runs the plugin.',
  'InternLM2 opens a call with <|action_start|><|plugin|> and closes it with <|action_end|>; between them sits a JSON object with "name" and "parameters".',
  '>>> get_weather(location="Paris")\n{"location": "Paris", "temp": 18}\n\nThat is what the REPL printed.',
  '>>>search\n{"query": "cats"}\n\nThat is the call the model wrote before it failed; the JSON looks right to me.',
  'all\nThe weather in Paris is sunny and 18°C.',
  'search\n{"engine": "google", "safe": true}',
  'get_weather\n{"location": "Paris"}\nis how a Functionary call looks.',
  'Llama 3.1 runs code like:\n\n```\n<|python_tag|>print("hi")\n```',
  '<seed:think>The user wants the weather. I will write <seed:tool_call>\n<function=get_weather>\n<parameter=location>\nParis\n</parameter>\n</function>\n</seed:tool_call>',
  '<think>\nThe user wants a file. I could answer with <tool_call>{"name": "read_file", "arguments": {"path": "a.txt"}}</tool_call>',
  'all\nThe tool to run code is python:\n>>>python\n',
  'Seed-OSS writes:\n\n```xml\n<seed:tool_call>\n<function=get_weather>\n<parameter=location>Paris</parameter>\n</function>\n</seed:tool_call>\n```\n\nafter its thinking.',
];

describe('held-out calls written as text', () => {
  it.each(CALLS.map((c) => [c.family, c.source, c] as const))('%s: %s', (_f, _s, heldOut) => {
    const got = readTextCalls(heldOut.content, TOOLS);
    expect(got?.calls).toEqual(heldOut.calls);
    expect(got?.content).toBe(heldOut.rest ?? '');
    expect(heldOut.content).toContain(got?.written);
  });

  it.each(PROSE.map((reply) => [reply.slice(0, 60), reply] as const))(
    'prose yields no call: %s',
    (_head, reply) => {
      expect(readTextCalls(reply, TOOLS)).toBeUndefined();
    },
  );

  it('holds enough cases', () => {
    expect(CALLS.length).toBeGreaterThanOrEqual(40);
    expect(PROSE.length).toBeGreaterThanOrEqual(20);
  });
});
