import {
  hasPlainCredential,
  joinArguments,
  keepStoredCredentials,
  publicUrl,
  splitArguments,
} from './notification-secrets';

describe(publicUrl.name, () => {
  it.each([
    ['https://hooks.example.com/in?token=abc', 'https://hooks.example.com/in'],
    ['https://user:pass@hooks.example.com/in', 'https://hooks.example.com/in'],
    ['https://hooks.example.com/in#frag', 'https://hooks.example.com/in'],
    ['https://hooks.example.com/in', 'https://hooks.example.com/in'],
    ['https://Hooks.example.com', 'https://Hooks.example.com'],
    ['not a url', 'not a url'],
  ])('%s -> %s', (url, expected) => {
    expect(publicUrl(url)).toBe(expected);
  });
});

describe(splitArguments.name, () => {
  it('keeps the webhook endpoint without its query and the header keys; seals the rest', () => {
    const args = {
      endpoint: 'https://hooks.example.com/in?token=abc',
      headers: [
        { key: 'Authorization', value: 'Bearer x' },
        { key: 'X-Team', value: 'ops' },
      ],
    };
    const sut = splitArguments('webhook', args);
    expect(sut).toEqual({
      config: { endpoint: 'https://hooks.example.com/in', headers: [{ key: 'Authorization' }, { key: 'X-Team' }] },
      secrets: { endpoint: 'https://hooks.example.com/in?token=abc', headers: ['Bearer x', 'ops'] },
    });
    expect(joinArguments('webhook', sut.config, sut.secrets)).toEqual(args);
  });

  it('seals the webhook signing secret whole and leaves it out of the settings', () => {
    const args = { endpoint: 'https://hooks.example.com/in', headers: [], signingSecret: 'whsec-1' };
    const sut = splitArguments('webhook', args);
    expect(sut).toEqual({
      config: { endpoint: 'https://hooks.example.com/in', headers: [] },
      secrets: { signingSecret: 'whsec-1' },
    });
    expect(joinArguments('webhook', sut.config, sut.secrets)).toEqual(args);
    // An empty secret is no secret: nothing is sealed, and the channel sends unsigned.
    expect(splitArguments('webhook', { ...args, signingSecret: '' }).secrets).toEqual({});
  });

  it('stores a URL without secret parts and an empty header list in the clear only', () => {
    expect(splitArguments('webhook', { endpoint: 'https://hooks.example.com/in', headers: [] })).toEqual({
      config: { endpoint: 'https://hooks.example.com/in', headers: [] },
      secrets: {},
    });
    expect(splitArguments('ntfy', { topic: 't', serverUrl: 'https://u:p@ntfy.example.com', token: '' })).toEqual({
      config: { topic: 't', serverUrl: 'https://ntfy.example.com/' },
      secrets: { serverUrl: 'https://u:p@ntfy.example.com' },
    });
  });
});

describe(keepStoredCredentials.name, () => {
  const stored = {
    endpoint: 'https://hooks.example.com/in?token=abc',
    headers: [
      { key: 'Authorization', value: 'Bearer x' },
      { key: 'X-Team', value: 'ops' },
      { key: 'X-Team', value: 'dev' },
    ],
    signingSecret: 'whsec-stored',
  };

  it('keeps what is sent back as a view shows it: the URL without its query, header values empty by key', () => {
    const sent = {
      endpoint: 'https://hooks.example.com/in',
      headers: [
        { key: 'x-team', value: '' },
        { key: 'X-TEAM', value: '' },
        { key: 'Authorization', value: 'Bearer new' },
        { key: 'X-Other', value: '' },
      ],
    };
    expect(keepStoredCredentials('webhook', { ...sent, signingSecret: '' }, stored)).toEqual({
      endpoint: stored.endpoint,
      signingSecret: 'whsec-stored',
      headers: [
        { key: 'x-team', value: 'ops' },
        { key: 'X-TEAM', value: 'dev' },
        { key: 'Authorization', value: 'Bearer new' },
        { key: 'X-Other', value: '' },
      ],
    });
  });

  it('takes a different URL, a new query, or with exactUrls the URL as sent', () => {
    const keep = (endpoint: string, exact = false) =>
      keepStoredCredentials('webhook', { endpoint, headers: [] }, stored, exact).endpoint;
    expect(keep('https://other.example.com/in')).toBe('https://other.example.com/in');
    expect(keep('https://hooks.example.com/in?token=new')).toBe('https://hooks.example.com/in?token=new');
    expect(keep('https://hooks.example.com/in', true)).toBe('https://hooks.example.com/in');
  });

  it('takes a new webhook signing secret as sent', () => {
    const sent = { endpoint: 'https://hooks.example.com/in', headers: [], signingSecret: 'whsec-new' };
    expect(keepStoredCredentials('webhook', sent, stored).signingSecret).toBe('whsec-new');
  });

  it('keeps a whole credential sent empty', () => {
    expect(keepStoredCredentials('slack', { webhookUrl: '' }, { webhookUrl: 'https://hooks.slack.com/x' })).toEqual({
      webhookUrl: 'https://hooks.slack.com/x',
    });
  });
});

describe(hasPlainCredential.name, () => {
  it('spots header values and URL secrets kept in the settings by an earlier version', () => {
    expect(hasPlainCredential('webhook', { endpoint: 'https://x.example.com/?t=1', headers: [] })).toBe(true);
    expect(
      hasPlainCredential('webhook', { endpoint: 'https://x.example.com/', headers: [{ key: 'a', value: 'b' }] }),
    ).toBe(true);
    expect(hasPlainCredential('webhook', { endpoint: 'https://x.example.com/', headers: [{ key: 'a' }] })).toBe(false);
    expect(hasPlainCredential('slack', {})).toBe(false);
  });
});
