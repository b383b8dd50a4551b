import { listeningOrigin } from './first-run.service';

describe(listeningOrigin.name, () => {
  it('names the port picked for PORT=0 in a local origin on the API port', () => {
    expect(listeningOrigin('http://localhost:0', 0, 43117)).toBe('http://localhost:43117');
    expect(listeningOrigin('http://127.0.0.1:0', 0, 43117)).toBe('http://127.0.0.1:43117');
  });

  it('leaves origins on other ports, on other hosts, or already right as they are', () => {
    expect(listeningOrigin('http://localhost:3001', 0, 43117)).toBe('http://localhost:3001');
    expect(listeningOrigin('https://status.example.com', 0, 43117)).toBe('https://status.example.com');
    expect(listeningOrigin('http://localhost:3000', 3000, 3000)).toBe('http://localhost:3000');
  });
});
