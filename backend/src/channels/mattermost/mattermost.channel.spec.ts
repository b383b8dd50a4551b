import { mattermostChannel, mattermostEscape } from './mattermost.channel';

/** As the service validates a block: every argument present, empty when not given. */
const BLANK = { webhookUrl: 'https://chat.example/hooks/k', channel: '', username: '', iconUrl: '' };
const problems = (args: Record<string, unknown>) =>
  mattermostChannel.settings.safeParse({ ...BLANK, ...args }).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('mattermost settings', () => {
  it('need only the webhook URL, which is a credential', () => {
    expect(mattermostChannel.settings.parse(BLANK)).toEqual(BLANK);
    expect(mattermostChannel.secretArguments).toEqual(['webhookUrl']);
    expect(problems({ webhookUrl: '' })).toEqual([['webhookUrl', 'is required']]);
  });

  it('name the field and the bound of each override', () => {
    expect(problems({ channel: 'Town Square' })).toEqual([
      ['channel', 'must be a channel name such as town-square, or @username'],
    ]);
    expect(problems({ channel: 'c'.repeat(65) })).toEqual([['channel', 'must be at most 64 characters']]);
    expect(problems({ username: 'u'.repeat(65) })).toEqual([['username', 'must be at most 64 characters']]);
    expect(problems({ iconUrl: 'data:image/png;base64,AAAA' })).toEqual([['iconUrl', 'must be an http or https URL']]);
    expect(problems({ channel: '@alice', username: 'Uptime', iconUrl: 'https://cdn.example/i.png' })).toBeUndefined();
  });
});

describe('mattermostEscape', () => {
  it('escapes Markdown and breaks mentions', () => {
    expect(mattermostEscape('@all _x_ # y')).toBe('@\u200ball \\_x\\_ # y');
    expect(mattermostEscape('# Heading')).toBe('\\# Heading');
  });
});
