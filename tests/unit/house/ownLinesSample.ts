// Read by houseRules.test.ts, never run: `outer` spans 9 lines, 4 of them `inner`'s.
export function outer(): number {
  const first = 1;
  const inner = () => {
    const a = 1;
    return a + first;
  };
  const second = inner();
  return first + second;
}
export const arrow = (value: number) => {
  return value + 1;
};
