import { describe, expect, it } from 'vitest';
import {
  defaultToolBudget,
  parseParameterSize,
  toolBudget,
  UNKNOWN_SIZE_BUDGET,
} from '../../../../../electron/core/chat/offer/ranking/toolBudget';

describe('the tool budget', () => {
  it('grows with the model size', () => {
    expect(defaultToolBudget(1.5e9, 32_768)).toBe(8);
    expect(defaultToolBudget(3.2e9, 131_072)).toBe(12);
    expect(defaultToolBudget(8.2e9, 40_960)).toBe(20);
    expect(defaultToolBudget(14e9, 32_768)).toBe(32);
    expect(defaultToolBudget(32e9, 32_768)).toBe(48);
    expect(defaultToolBudget(70e9, 131_072)).toBe(64);
  });

  it('stays small for a small context window, and takes a middle value for an unknown size', () => {
    expect(defaultToolBudget(32e9, 4_096)).toBe(8);
    expect(defaultToolBudget(undefined, 32_768)).toBe(UNKNOWN_SIZE_BUDGET);
  });

  it("uses the user's budget for the model, 0 meaning every tool", () => {
    expect(toolBudget({ 'llama3.2': 5 }, 'llama3.2', 12)).toBe(5);
    expect(toolBudget({ 'llama3.2': 0 }, 'llama3.2', 12)).toBe(Number.POSITIVE_INFINITY);
    expect(toolBudget({ 'llama3.2': 5 }, 'qwen3:8b', 20)).toBe(20);
  });

  it("reads Ollama's parameter sizes", () => {
    expect(parseParameterSize('3.2B')).toBe(3.2e9);
    expect(parseParameterSize('270M')).toBe(270e6);
    expect(parseParameterSize('8x7B')).toBe(56e9);
    expect(parseParameterSize('unknown')).toBeUndefined();
  });
});
