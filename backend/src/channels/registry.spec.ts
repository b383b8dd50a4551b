import { z } from 'zod';
import { argumentName, argumentsOfKind, blockField, defineChannelKind, finalFailure } from './channel-kind';
import { CHANNEL_KINDS, CHANNEL_TYPES, channelKind, isChannelType } from './registry';

const send = () => Promise.resolve(finalFailure('not sent'));

describe('defineChannelKind', () => {
  it('leaves the lists a kind does not have empty', () => {
    const kind = defineChannelKind({
      type: 'pigeon',
      label: 'Pigeon',
      settings: z.object({ loft: z.string() }),
      required: ['loft'],
      argumentLabels: { loft: { label: 'Loft' } },
      send,
    });
    expect([kind.secretArguments, kind.urlArguments, kind.headerArguments]).toEqual([[], [], []]);
  });

  it.each(['secretArguments', 'urlArguments', 'headerArguments', 'required'] as const)(
    'refuses %s naming an argument the settings lack',
    (list) => {
      expect(() =>
        defineChannelKind({
          type: 'pigeon',
          label: 'Pigeon',
          settings: z.object({ loft: z.string() }),
          required: [],
          argumentLabels: {},
          [list]: ['lofts'],
          send,
        }),
      ).toThrow('channel kind pigeon: lofts is not one of its settings');
    },
  );

  it('refuses a label of an argument the settings lack', () => {
    expect(() =>
      defineChannelKind({
        type: 'pigeon',
        label: 'Pigeon',
        settings: z.object({ loft: z.string() }),
        required: [],
        argumentLabels: { loft: { label: 'Loft' }, ring: { label: 'Ring' } },
        send,
      }),
    ).toThrow('channel kind pigeon: ring is not one of its settings');
  });
});

describe('the channel kinds', () => {
  it('are each registered once, by a snake_case type', () => {
    expect(new Set(CHANNEL_TYPES).size).toBe(CHANNEL_KINDS.length);
    for (const type of CHANNEL_TYPES) {
      expect(type).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(isChannelType(type)).toBe(true);
      expect(channelKind(type).type).toBe(type);
    }
    expect(isChannelType('pigeon')).toBe(false);
  });

  it('keep the order of the first thirteen, which the database check lists', () => {
    expect(CHANNEL_TYPES.slice(0, 13)).toEqual([
      'discord',
      'email',
      'slack',
      'pagerduty',
      'opsgenie',
      'webhook',
      'telegram',
      'sms',
      'whatsapp',
      'google_chat',
      'grafana_oncall',
      'ntfy',
      'ms_teams',
    ]);
  });

  it.each(CHANNEL_TYPES)('%s names and labels every argument in camelCase', (type) => {
    const kind = channelKind(type);
    expect(kind.label).not.toBe('');
    for (const arg of argumentsOfKind(kind)) {
      expect(arg).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(blockField(argumentName(arg))).toBe(arg);
      expect(kind.argumentLabels[arg]?.label).toBeTruthy();
    }
  });
});
