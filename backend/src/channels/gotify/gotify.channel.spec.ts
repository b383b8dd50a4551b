import { gotifyChannel, gotifyUrl } from './gotify.channel';

const parse = (args: Record<string, unknown>) =>
  gotifyChannel.settings.safeParse({ serverUrl: 'https://push.example', appToken: 'AvKzBUh2yRXpNx4', ...args });
const problems = (args: Record<string, unknown>) => parse(args).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('gotify settings', () => {
  it('default the priority to 5; the token is a credential, the URL has secret parts', () => {
    expect(parse({}).data).toEqual({ serverUrl: 'https://push.example', appToken: 'AvKzBUh2yRXpNx4', priority: 5 });
    expect(parse({ priority: 0 }).data?.priority).toBe(0);
    expect(parse({ priority: '10' }).data?.priority).toBe(10);
    expect(gotifyChannel.secretArguments).toEqual(['appToken']);
    expect(gotifyChannel.urlArguments).toEqual(['serverUrl']);
  });

  it('name the field and the bound', () => {
    expect(problems({ priority: 11 })).toEqual([['priority', 'must be an integer from 0 to 10']]);
    expect(problems({ priority: -1 })).toEqual([['priority', 'must be an integer from 0 to 10']]);
    expect(problems({ serverUrl: '' })).toEqual([['serverUrl', 'is required']]);
    expect(problems({ serverUrl: 'push.example' })).toEqual([['serverUrl', 'must be an http or https URL']]);
    expect(problems({ appToken: '' })).toEqual([['appToken', 'is required']]);
    expect(problems({ appToken: 't'.repeat(1025) })).toEqual([['appToken', 'must be at most 1024 characters']]);
  });
});

describe('gotifyUrl', () => {
  it('keeps a path prefix and the query string', () => {
    const config = { appToken: 't' };
    expect(gotifyUrl({ ...config, serverUrl: 'https://push.example' })).toBe('https://push.example/message');
    expect(gotifyUrl({ ...config, serverUrl: 'https://example.com/gotify/' })).toBe(
      'https://example.com/gotify/message',
    );
    expect(gotifyUrl({ ...config, serverUrl: 'https://example.com/g?via=proxy' })).toBe(
      'https://example.com/g/message?via=proxy',
    );
  });
});
