import { NotificationScanner, type WireNotification } from './pglite-wire-server';

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const notification = (channel: string, payload: string) =>
  message('A', Buffer.concat([Buffer.from([0, 0, 0, 7]), Buffer.from(`${channel}\0${payload}\0`)]));

describe('NotificationScanner', () => {
  // What a commit's answer looks like: rows, a notification, the command tag, ready for query.
  const output = Buffer.concat([
    message('T', Buffer.alloc(40, 1)),
    message('D', Buffer.alloc(3000, 0x41)), // a big row full of 'A' bytes, which must not be taken for notifications
    notification('credential_changes', 'api_keys'),
    message('C', Buffer.from('SELECT 1\0')),
    notification('monitor_changes', '42'),
    message('Z', Buffer.from('I')),
  ]);
  const expected: WireNotification[] = [
    { channel: 'credential_changes', payload: 'api_keys' },
    { channel: 'monitor_changes', payload: '42' },
  ];

  it('finds every notification in one chunk', () => {
    const found: WireNotification[] = [];
    new NotificationScanner((n) => found.push(n)).feed(output);
    expect(found).toEqual(expected);
  });

  it('finds them however the output is split into chunks', () => {
    for (const size of [1, 2, 3, 5, 7, 64, 1000]) {
      const found: WireNotification[] = [];
      const scanner = new NotificationScanner((n) => found.push(n));
      for (let at = 0; at < output.length; at += size) scanner.feed(output.subarray(at, at + size));
      expect(found).toEqual(expected);
    }
    for (let cut = 1; cut < output.length; cut += 1) {
      const found: WireNotification[] = [];
      const scanner = new NotificationScanner((n) => found.push(n));
      scanner.feed(output.subarray(0, cut));
      scanner.feed(output.subarray(cut));
      expect(found).toEqual(expected);
    }
  });
});
