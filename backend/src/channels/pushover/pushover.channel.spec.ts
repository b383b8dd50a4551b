import { pushoverChannel, pushoverPriority } from './pushover.channel';

const USER = 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG';
const TOKEN = 'azGDORePK8gMaC0QOYAMyEEuzJnyUi';

const parse = (args: Record<string, unknown>) =>
  pushoverChannel.settings.safeParse({ userKey: USER, appToken: TOKEN, device: '', sound: '', ...args });
const problems = (args: Record<string, unknown>) => parse(args).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('pushover settings', () => {
  it('default the priority to 0 and keep both keys as credentials', () => {
    expect(parse({}).data).toEqual({ userKey: USER, appToken: TOKEN, priority: 0, device: '', sound: '' });
    expect(parse({ priority: '' }).data?.priority).toBe(0);
    expect(parse({ priority: '-2' }).data?.priority).toBe(-2);
    expect(parse({ priority: 2 }).data?.priority).toBe(2);
    expect(pushoverChannel.secretArguments).toEqual(['userKey', 'appToken']);
  });

  it.each([3, -3, 1.5, '2x', 'high'])('refuse priority %p naming the bounds', (priority) => {
    expect(problems({ priority })).toEqual([['priority', 'must be an integer from -2 to 2']]);
  });

  it('name the field and the format of each key, device and sound', () => {
    expect(problems({ userKey: 'short' })).toEqual([['userKey', 'must be 30 letters and digits']]);
    expect(problems({ appToken: `${TOKEN}x` })).toEqual([['appToken', 'must be at most 30 characters']]);
    expect(problems({ userKey: '' })).toEqual([['userKey', 'is required']]);
    expect(problems({ device: 'my phone' })).toEqual([['device', 'must contain only letters, digits, - and _']]);
    expect(problems({ device: 'd'.repeat(26) })).toEqual([['device', 'must be at most 25 characters']]);
    expect(problems({ sound: 'cash register' })).toEqual([['sound', 'must contain only letters, digits, - and _']]);
  });
});

describe('pushoverPriority', () => {
  it.each([
    [2, 'down', 2],
    [2, 'degraded', 2],
    [2, 'recovered', 0],
    [2, 'test', 0],
    [-1, 'recovered', -1],
    [undefined, 'down', 0],
  ] as const)('%p for %s is %p', (configured, kind, expected) => {
    expect(pushoverPriority(configured, kind)).toBe(expected);
  });
});
