import { describe, expect, it } from 'vitest';
import { eventChannelNames, invokeChannelNames } from '../../../preload/channels';
import { eventChannels, invokeChannels } from '../../../preload/contract';

// The page builds its API from these lists, without the schemas; the compiler checks that they
// name every channel, and this that they name each once, in the contract's order.
describe('the channel names kept apart from the contract', () => {
  it('are exactly the contract’s invoke channels', () => {
    expect(invokeChannelNames).toEqual(Object.keys(invokeChannels));
  });

  it('are exactly the contract’s event channels', () => {
    expect(eventChannelNames).toEqual(Object.keys(eventChannels));
  });
});
