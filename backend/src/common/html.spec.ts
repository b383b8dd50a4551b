import { html, trusted } from './html';

describe('html', () => {
  it('escapes interpolated text, in elements and attributes', () => {
    const name = `<script>alert("x")</script>' onmouseover='x`;
    const out = html`<p title="${name}">${name}</p>`.value;
    expect(out).not.toContain('<script>');
    expect(out).not.toContain(`' onmouseover='`);
    expect(out).toBe(
      '<p title="&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#39; onmouseover=&#39;x">&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#39; onmouseover=&#39;x</p>',
    );
  });

  it('inserts components as they are, joins lists and drops empty values', () => {
    const items = ['a&b', 'c'].map((x) => html`<li>${x}</li>`);
    // Prettier lays out `html` templates as HTML; whitespace between tags does not matter.
    const out = html`<ul>
        ${items}
      </ul>
      ${null}${undefined}${false}${0}`.value;
    expect(out.replace(/\s+/g, '')).toBe('<ul><li>a&#38;b</li><li>c</li></ul>0');
    expect(html`${trusted('<b>ok</b>')}`.value).toBe('<b>ok</b>');
  });
});
