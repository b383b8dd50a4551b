import { passwordFromPipe } from './password-input';

describe(passwordFromPipe.name, () => {
  it('drops exactly one trailing line break and keeps everything else', () => {
    expect(passwordFromPipe('correct horse battery\n')).toBe('correct horse battery');
    expect(passwordFromPipe('pw\r\n')).toBe('pw');
    expect(passwordFromPipe('pw\n\n')).toBe('pw\n');
    expect(passwordFromPipe('  spaced  ')).toBe('  spaced  ');
  });
});
