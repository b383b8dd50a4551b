/** Text made safe inside HTML elements and quoted attributes (the five characters HTML gives meaning). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
