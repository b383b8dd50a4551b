// The alert as Markdown, for the kinds whose receivers render it (Mattermost, Gotify): a bold title,
// the headline, the regions as a list and the links. Text from monitors (names, targets, errors) is
// escaped, so a monitor's name cannot add links, emphasis or a heading.
import { headlineOf, linksOf, regionLine, sortedRegions, titleOf, type AlertMessage } from './alert-message';

/** Backslash before the characters that format inline, and before what starts a block at a line's start. */
export function markdownEscape(text: string): string {
  return text
    .replace(/[\\`*_[\]<>~|]/g, '\\$&')
    .replace(/^(\s*)([#>+=-])/gm, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/gm, '$1\\$2');
}

/** A link target with its parentheses encoded, so it cannot close the Markdown link early. */
const target = (url: string): string => url.replace(/\(/g, '%28').replace(/\)/g, '%29');

/** `escape` is applied to every text that comes from a monitor (markdownEscape, or a receiver's own). */
export function markdownOf(message: AlertMessage, escape: (text: string) => string = markdownEscape): string {
  const lines = [`**${escape(titleOf(message))}**`, escape(headlineOf(message))];
  const regions = sortedRegions(message).map((r) => `- ${escape(regionLine(r))}`);
  if (regions.length) lines.push('', ...regions);
  lines.push(
    '',
    linksOf(message)
      .map((l) => `[${l.label}](${target(l.url)})`)
      .join(' · '),
  );
  return lines.join('\n');
}
