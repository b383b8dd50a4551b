// A password for the command line, never from its arguments (they show in `ps` and shell history):
// from stdin when it is a pipe (`printf 'pw\n' | npm run cli -- users set-password EMAIL`), else typed
// at the terminal without echo.

/** The piped text less one trailing line break (what `printf 'pw\n'` or `echo pw` adds). */
export function passwordFromPipe(text: string): string {
  return text.replace(/\r?\n$/, '');
}

export async function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(chunk as Buffer);
    return passwordFromPipe(Buffer.concat(chunks).toString('utf8'));
  }
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  try {
    return await new Promise<string>((resolve, reject) => {
      let typed = '';
      const onData = (data: Buffer) => {
        for (const ch of data.toString('utf8')) {
          if (ch === '\r' || ch === '\n') {
            stdin.off('data', onData);
            process.stderr.write('\n');
            resolve(typed);
            return;
          }
          if (ch === '\u0003') {
            stdin.off('data', onData);
            reject(new Error('cancelled'));
            return;
          }
          if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
          else typed += ch;
        }
      };
      stdin.on('data', onData);
    });
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
  }
}
