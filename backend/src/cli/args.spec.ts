import { parseArgs, required, UsageError } from './args';

describe(parseArgs.name, () => {
  const switches = new Set(['json', 'all']);

  it('splits the command, flags and switches', () => {
    const sut = parseArgs(['api-keys', 'create', '--workspace', 'acme', '--scope=read', '--json'], switches);
    expect(sut.command).toEqual(['api-keys', 'create']);
    expect(sut.flags).toEqual({ workspace: 'acme', scope: 'read' });
    expect([...sut.switches]).toEqual(['json']);
  });

  it('refuses a flag without a value', () => {
    expect(() => parseArgs(['x', '--name'], switches)).toThrow(UsageError);
    expect(() => parseArgs(['x', '--name', '--json'], switches)).toThrow('--name needs a value');
  });

  it('reports missing required flags by name', () => {
    expect(() => required(parseArgs(['x'], switches), 'workspace')).toThrow('--workspace is required');
  });
});
